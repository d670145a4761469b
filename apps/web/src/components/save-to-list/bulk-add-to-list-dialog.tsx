import { messages, type KeywordList } from '@keywright/contract';
import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { KeywordListChoices, NewListForm } from './add-to-list-dialog';
import { useCreateKeywordList } from './api/create-keyword-list';
import { keywordCountLabel } from './save-to-list';
import { errorMessage, isUnauthorized } from '@/lib/api-error';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { useAddListKeywords } from './api/add-list-keywords';

/** The chosen keywords to one of the caller's lists, or to a new list made for them (in the project, if any). */
function BulkAddToListPicker({
  keywordIds,
  projectId,
  onAdded,
}: {
  keywordIds: readonly number[];
  /** The project a list made here belongs to (null: none). */
  projectId: number | null;
  onAdded: () => void;
}) {
  const createList = useCreateKeywordList();
  const addKeywords = useAddListKeywords();
  const [pendingListId, setPendingListId] = useState<number | null>(null);
  const isSaving = createList.isPending || addKeywords.isPending;
  const countLabel = keywordCountLabel(keywordIds.length);

  const addTo = async (list: Pick<KeywordList, 'id' | 'name'>) => {
    try {
      const { added } = await addKeywords.mutateAsync({ listId: list.id, keywordIds: [...keywordIds] });
      if (added === 0) notifyInfo(messages.keywordAlreadyInList);
      else notifySuccess(messages.keywordsAddedToList(added, list.name));
      onAdded();
    } catch (error) {
      if (!isUnauthorized(error)) notifyError(errorMessage(error, messages.couldNotAddKeywordToList));
    }
  };

  const handlePick = async (list: KeywordList) => {
    if (isSaving) return;
    setPendingListId(list.id);
    await addTo(list);
    setPendingListId(null);
  };

  const handleCreate = async (name: string) => {
    let list: KeywordList;
    try {
      list = await createList.mutateAsync({ name: name.trim(), project_id: projectId });
    } catch (error) {
      if (!isUnauthorized(error)) notifyError(errorMessage(error, messages.couldNotCreateList));
      return;
    }
    await addTo(list);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {messages.addToKeywordListSubtitle} The {countLabel} you chose are added to it.
      </Text>
      <NewListForm
        isCreating={isSaving && pendingListId === null}
        isDisabled={isSaving && pendingListId !== null}
        onCreate={(name) => void handleCreate(name)}
      />
      <KeywordListChoices
        keyword={countLabel}
        savedListIds={new Set()}
        pendingListId={pendingListId}
        isSaving={isSaving}
        onPick={(list) => void handlePick(list)}
      />
    </Stack>
  );
}

/** Add to Keyword List for the chosen keywords. Open while `keywordIds` is set; closes after an add. */
export function BulkAddToListDialog({
  keywordIds,
  projectId,
  onClose,
  onAdded,
}: {
  keywordIds: readonly number[] | null;
  /** The project a list made here belongs to (null: none). */
  projectId: number | null;
  onClose: () => void;
  onAdded: () => void;
}) {
  return (
    <Modal opened={keywordIds !== null} onClose={onClose} title={messages.addToKeywordListTitle} size="md">
      {keywordIds && (
        <BulkAddToListPicker
          keywordIds={keywordIds}
          projectId={projectId}
          onAdded={() => {
            onAdded();
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
