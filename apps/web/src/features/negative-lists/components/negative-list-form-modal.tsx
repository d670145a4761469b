import { constants, messages, negativeListInputSchema, type NegativeList } from '@keywright/contract';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { isApiError, errorMessage } from '@/lib/api-error';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useCreateNegativeList } from '../api/create-negative-list';
import { useRenameNegativeList } from '../api/rename-negative-list';

/**
 * New negative list (no list) or Rename (a list): its name, required and unique in the project.
 * Mount it with a `key` per opening so the field starts afresh.
 */
export function NegativeListFormModal({
  projectId,
  opened,
  list,
  onClose,
  onSaved,
}: {
  projectId: number;
  opened: boolean;
  list: NegativeList | null;
  onClose: () => void;
  onSaved: (list: NegativeList) => void;
}) {
  const [name, setName] = useState(list?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const createList = useCreateNegativeList(projectId);
  const renameList = useRenameNegativeList(projectId);
  const isSaving = createList.isPending || renameList.isPending;

  const handleError = (error: unknown) => {
    // A name the project has, or one the server refuses: said under the field.
    if (isApiError(error) && (error.status === 409 || error.status === 400)) {
      setNameError(errorMessage(error, messages.failedToSaveNegativeList));
    } else notifyApiError(error, messages.failedToSaveNegativeList);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = negativeListInputSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? messages.listNameRequired);
      return;
    }
    const saved = (result: NegativeList, text: string) => {
      notifySuccess(text);
      onSaved(result);
      onClose();
    };
    if (list) {
      renameList.mutate(
        { listId: list.id, name: parsed.data.name },
        { onSuccess: (result) => saved(result, messages.negativeListRenamed(result.name)), onError: handleError },
      );
    } else {
      createList.mutate(parsed.data.name, {
        onSuccess: (result) => saved(result, messages.negativeListCreated(result.name)),
        onError: handleError,
      });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={isSaving ? () => undefined : onClose}
      title={list ? messages.renameNegativeListTitle : messages.newNegativeList}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={messages.negativeListNameLabel}
            placeholder={messages.negativeListNamePlaceholder}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            maxLength={constants.limits.listName}
            required
            data-autofocus
          />
          <FormDialogActions
            submitLabel={list ? 'Save' : messages.createNegativeList}
            isSaving={isSaving}
            mt="sm"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
