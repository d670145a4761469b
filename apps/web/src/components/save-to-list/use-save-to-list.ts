import { useState } from 'react';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { useAddListItem } from './api/add-list-item';
import { useCreateKeywordList } from './api/create-keyword-list';
import {
  addItemInput,
  isAlreadyInList,
  type AddToListTarget,
  type SaveDestination,
  type SaveOutcome,
  type Toast,
} from './save-to-list';

/**
 * Saves a keyword to a list, making the list first when it is new. Answers
 * what happened; the caller picks the toast. The api hooks refresh the lists.
 */
export function useSaveToList() {
  const createList = useCreateKeywordList();
  const addItem = useAddListItem();
  // One flag over both calls, so the form stays busy between them.
  const [isSaving, setSaving] = useState(false);

  const save = async (target: AddToListTarget, destination: SaveDestination): Promise<SaveOutcome> => {
    setSaving(true);
    try {
      let listId: number;
      let createdListName: string | null = null;
      if ('listId' in destination) {
        listId = destination.listId;
      } else {
        try {
          const list = await createList.mutateAsync({
            name: destination.newListName.trim(),
            project_id: target.projectId ?? null,
          });
          listId = list.id;
          createdListName = list.name;
        } catch (error) {
          return { status: 'failed', step: 'create', error };
        }
      }
      try {
        await addItem.mutateAsync(addItemInput(target, listId));
        return { status: 'added', createdListName };
      } catch (error) {
        return isAlreadyInList(error) ? { status: 'already-in-list' } : { status: 'failed', step: 'add', error };
      }
    } finally {
      setSaving(false);
    }
  };

  return { save, isSaving };
}

export function showToast(toast: Toast | null): void {
  if (!toast) return;
  if (toast.kind === 'success') notifySuccess(toast.message);
  else if (toast.kind === 'info') notifyInfo(toast.message);
  else notifyError(toast.message);
}
