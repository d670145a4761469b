import { messages, type KeywordList } from '@keywright/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useDeleteKeywordList } from '../api/delete-keyword-list';

/** Open while a list is pending deletion (only its owner is offered Delete). */
export function DeleteListDialog({ list, onClose }: { list: KeywordList | null; onClose: () => void }) {
  const deleteList = useDeleteKeywordList();
  // The dialog keeps its text while it animates closed.
  const [shownList, setShownList] = useState(list);
  if (list !== null && list !== shownList) setShownList(list);

  const handleConfirm = () => {
    if (!list) return;
    deleteList.mutate(list.id, {
      onSuccess: () => {
        notifySuccess(messages.listDeleted);
        onClose();
      },
      onError: (error) => {
        notifyApiError(error, messages.failedToDeleteList);
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      opened={list !== null}
      title={messages.deleteListTitle}
      body={messages.deleteListBody(shownList?.name ?? '')}
      confirmLabel="Delete"
      isLoading={deleteList.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    />
  );
}
