import { constants, messages, type KeywordList } from '@keywright/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
  getDefaultZIndex,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { notifyApiError } from '@/lib/notify';
import { useKeywordListRefs } from './api/get-keyword-list-refs';
import { useKeywordLists } from './api/get-keyword-lists';
import classes from './save-to-list.module.css';
import {
  addToListToast,
  filterLists,
  keywordCountLabel,
  listFilterThreshold,
  type AddToListTarget,
  type SaveDestination,
} from './save-to-list';
import { showToast, useSaveToList } from './use-save-to-list';

interface PickerProps {
  target: AddToListTarget;
  onAdded: (target: AddToListTarget) => void;
}

function ListButton({
  list,
  keyword,
  isSaved,
  isBusy,
  isDisabled,
  onPick,
}: {
  list: KeywordList;
  keyword: string;
  isSaved: boolean;
  isBusy: boolean;
  isDisabled: boolean;
  onPick: (list: KeywordList) => void;
}) {
  // Named by its content (axe: the visible text is part of the name): what a click does is read first.
  return (
    <UnstyledButton
      className={classes.listButton}
      aria-busy={isBusy || undefined}
      disabled={isDisabled}
      data-saved={isSaved || undefined}
      onClick={() => onPick(list)}
    >
      <Text size="sm" fw={500} className={classes.listName}>
        <VisuallyHidden>Add {keyword} to </VisuallyHidden>
        {list.name}
      </Text>
      <Group gap={8} wrap="nowrap">
        {isBusy ? (
          <Loader size={14} />
        ) : (
          isSaved && <IconCheck size={16} stroke={2.5} aria-hidden className={classes.savedIcon} />
        )}
        <Badge variant="light" color="gray" radius="sm" tt="none">
          {keywordCountLabel(list.count)}
        </Badge>
        {isSaved && <VisuallyHidden>already saved</VisuallyHidden>}
      </Group>
    </UnstyledButton>
  );
}

/** The caller's lists, each a button that adds the keyword; a filter once there are many. */
function ListChoices({
  lists,
  keyword,
  savedListIds,
  pendingListId,
  isSaving,
  onPick,
}: {
  lists: readonly KeywordList[];
  keyword: string;
  savedListIds: ReadonlySet<number>;
  pendingListId: number | null;
  isSaving: boolean;
  onPick: (list: KeywordList) => void;
}) {
  const [filter, setFilter] = useState('');
  const shown = filterLists(lists, filter);
  return (
    <Stack gap="xs">
      {lists.length > listFilterThreshold && (
        <TextInput
          aria-label="Filter lists"
          placeholder="Filter lists"
          size="xs"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
      )}
      <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars="y">
        <ul className={classes.lists} aria-label="Your keyword lists">
          {shown.map((list) => (
            <li key={list.id}>
              <ListButton
                list={list}
                keyword={keyword}
                isSaved={savedListIds.has(list.id)}
                isBusy={pendingListId === list.id}
                isDisabled={isSaving}
                onPick={onPick}
              />
            </li>
          ))}
        </ul>
        {shown.length === 0 && (
          <Text size="sm" c="dimmed" py="xs">
            {messages.selectOrCreateList}
          </Text>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

/**
 * The caller's lists to pick from, each a button that adds `keyword` (the hidden part of each
 * button's name: 'Add {keyword} to {list}'): loading, a failure with Try again, none yet, or the lists.
 */
export function KeywordListChoices({
  keyword,
  savedListIds,
  pendingListId,
  isSaving,
  onPick,
}: {
  keyword: string;
  savedListIds: ReadonlySet<number>;
  pendingListId: number | null;
  isSaving: boolean;
  onPick: (list: KeywordList) => void;
}) {
  const lists = useKeywordLists();
  const { error, errorUpdatedAt } = lists;
  useEffect(() => {
    if (error) notifyApiError(error, messages.couldNotFetchLists);
  }, [error, errorUpdatedAt]);

  if (lists.isPending) {
    return (
      <Stack gap={8} role="status" aria-label="Loading lists">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={36} />
        ))}
      </Stack>
    );
  }
  if (lists.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        {messages.couldNotFetchLists}{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => void lists.refetch()}>
          Try again
        </Anchor>
      </Alert>
    );
  }
  if (lists.data.length === 0) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        {messages.noListsAvailable}
      </Alert>
    );
  }
  return (
    <ListChoices
      lists={lists.data}
      keyword={keyword}
      savedListIds={savedListIds}
      pendingListId={pendingListId}
      isSaving={isSaving}
      onPick={onPick}
    />
  );
}

/** A name for a new list and its Create button (disabled for a blank name). */
export function NewListForm({
  isCreating,
  isDisabled,
  onCreate,
}: {
  isCreating: boolean;
  isDisabled: boolean;
  onCreate: (name: string) => void;
}) {
  const [newListName, setNewListName] = useState('');
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newListName.trim() || isCreating || isDisabled) return;
    onCreate(newListName);
  };
  return (
    <form onSubmit={handleCreate} noValidate>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={messages.createNewList}
          placeholder="New list name"
          value={newListName}
          onChange={(event) => setNewListName(event.currentTarget.value)}
          maxLength={constants.limits.listName}
          style={{ flex: 1 }}
          data-autofocus
        />
        <Button
          type="submit"
          leftSection={<IconPlus size={16} />}
          disabled={!newListName.trim() || isDisabled}
          loading={isCreating}
        >
          Create
        </Button>
      </Group>
    </form>
  );
}

/** The dialog's body for one keyword: the keyword, a new list, then the lists. */
function AddToListPicker({ target, onAdded }: PickerProps) {
  const { keyword, keywordId } = target;
  const [pendingListId, setPendingListId] = useState<number | null>(null);
  const refs = useKeywordListRefs(keywordId ?? null, { enabled: keywordId !== undefined });
  const savedListIds = new Set(refs.data?.map((ref) => ref.id));
  const { save, isSaving } = useSaveToList();

  const runSave = async (destination: SaveDestination) => {
    const outcome = await save(target, destination);
    showToast(addToListToast(outcome, target));
    if (outcome.status !== 'failed') onAdded(target);
  };

  const handlePick = async (list: KeywordList) => {
    if (isSaving) return;
    setPendingListId(list.id);
    await runSave({ listId: list.id });
    setPendingListId(null);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {messages.addToKeywordListSubtitle}
      </Text>
      <div className={classes.keywordBox}>
        <Text size="xs" c="dimmed">
          Keyword
        </Text>
        <Text fw={600} className={classes.listName}>
          {keyword}
        </Text>
      </div>
      <NewListForm
        isCreating={isSaving && pendingListId === null}
        isDisabled={isSaving && pendingListId !== null}
        onCreate={(newListName) => void runSave({ newListName })}
      />
      <KeywordListChoices
        keyword={keyword}
        savedListIds={savedListIds}
        pendingListId={pendingListId}
        isSaving={isSaving}
        onPick={(list) => void handlePick(list)}
      />
    </Stack>
  );
}

/**
 * Add to Keyword List: a new list for the keyword, or one of the caller's
 * lists. Open while `target` is set; closes itself after an add.
 */
export function AddToListDialog({
  target,
  onClose,
  onAdded,
}: {
  target: AddToListTarget | null;
  onClose: () => void;
  onAdded?: (target: AddToListTarget) => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={messages.addToKeywordListTitle}
      size="md"
      // Above the similar-keywords popover it may be opened from (it has no popovers of its own).
      zIndex={getDefaultZIndex('popover') + 1}
    >
      {target && (
        <AddToListPicker
          target={target}
          onAdded={(added) => {
            onAdded?.(added);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
