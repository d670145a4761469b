import { constants, messages } from '@keywright/contract';
import {
  Anchor,
  Button,
  CloseButton,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { notifyApiError } from '@/lib/notify';
import { useKeywordLists } from './api/get-keyword-lists';
import { canSave, listOptionLabel, saveToListToast, type SaveMode } from './save-to-list';
import type { SaveToListPopoverProps } from './save-to-list-popover';
import { showToast, useSaveToList } from './use-save-to-list';

const modeData = [
  { value: 'existing', label: messages.addToExistingList },
  { value: 'new', label: messages.createNewList },
];

/**
 * The save-to-list popover's form (save-to-list-popover.tsx), its code loaded
 * when a row's popover is first opened; mounted while it is open, so the lists
 * are asked for then.
 */
export function SaveToListForm({
  keywordId,
  keyword,
  projectId,
  savedListIds,
  titleId,
  onClose,
}: SaveToListPopoverProps & { savedListIds: ReadonlySet<number>; titleId: string; onClose: () => void }) {
  const [mode, setMode] = useState<SaveMode>('existing');
  const [listId, setListId] = useState<string | null>(null);
  const [newListName, setNewListName] = useState('');
  const lists = useKeywordLists();
  const { save, isSaving } = useSaveToList();

  const { error, errorUpdatedAt } = lists;
  useEffect(() => {
    if (error) notifyApiError(error, messages.couldNotFetchLists);
  }, [error, errorUpdatedAt]);

  const isChosenListSaved = listId !== null && savedListIds.has(Number(listId));
  const isSaveEnabled = canSave({ mode, listId, newListName }, savedListIds);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isSaveEnabled || isSaving) return;
    const destination = mode === 'existing' ? { listId: Number(listId) } : { newListName };
    const outcome = await save({ keywordId, keyword, projectId }, destination);
    showToast(saveToListToast(outcome, keyword));
    if (outcome.status !== 'failed') onClose();
  };

  let listField;
  if (lists.isError) {
    listField = (
      <Text size="sm" c="red.8">
        {messages.couldNotFetchLists}{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => void lists.refetch()}>
          Try again
        </Anchor>
      </Text>
    );
  } else if (lists.data && lists.data.length === 0) {
    listField = (
      <Text size="sm" c="dimmed">
        {messages.selectOrCreateList}
      </Text>
    );
  } else {
    listField = (
      <Select
        label="List"
        placeholder={lists.isPending ? 'Loading lists…' : 'Choose a list'}
        disabled={lists.isPending}
        searchable
        data={(lists.data ?? []).map((list) => ({ value: String(list.id), label: listOptionLabel(list) }))}
        value={listId}
        onChange={setListId}
        nothingFoundMessage={messages.selectOrCreateList}
        renderOption={({ option }) => (
          <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
            <span>{option.label}</span>
            {savedListIds.has(Number(option.value)) && (
              <>
                <IconCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />
                <VisuallyHidden>already saved</VisuallyHidden>
              </>
            )}
          </Group>
        )}
        description={isChosenListSaved ? `${keyword} is already saved to this list` : undefined}
        // Inside the popover: a dropdown in a portal would count as a click outside and close it.
        comboboxProps={{ withinPortal: false }}
        // A field disabled while the lists load cannot take the focus: the popover's first control takes it.
        data-autofocus={!lists.isPending || undefined}
      />
    );
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text id={titleId} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {messages.saveToListTitle(keyword)}
          </Text>
          <CloseButton size="sm" aria-label="Close save to list" onClick={onClose} />
        </Group>
        <SegmentedControl
          aria-label="Save to"
          data={modeData}
          value={mode}
          onChange={(value) => setMode(value as SaveMode)}
          size="xs"
          fullWidth
        />
        {mode === 'existing' ? (
          listField
        ) : (
          <TextInput
            label="List name"
            value={newListName}
            onChange={(event) => setNewListName(event.currentTarget.value)}
            maxLength={constants.limits.listName}
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" size="xs" disabled={!isSaveEnabled} loading={isSaving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
