import {
  constants,
  createKeywordListInputSchema,
  messages,
  updateKeywordListInputSchema,
  type KeywordList,
} from '@keywright/contract';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { ProjectSelect } from '@/components/project-select/project-select';
import { useCreateKeywordList } from '@/components/save-to-list/api/create-keyword-list';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useUpdateKeywordList } from '../api/update-keyword-list';

/**
 * New list (no list) or Edit list (a list): a name (required, trimmed) and a
 * project or 'No Project'. Mount it with a `key` per opening so the fields start afresh.
 */
export function ListFormModal({
  opened,
  list,
  onClose,
}: {
  opened: boolean;
  list: KeywordList | null;
  onClose: () => void;
}) {
  const isEdit = list !== null;
  const [name, setName] = useState(list?.name ?? '');
  const [projectId, setProjectId] = useState<number | null>(list?.project_id ?? null);
  const [nameError, setNameError] = useState<string | null>(null);
  const createList = useCreateKeywordList();
  const updateList = useUpdateKeywordList();
  const isSaving = createList.isPending || updateList.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const schema = isEdit ? updateKeywordListInputSchema : createKeywordListInputSchema;
    const parsed = schema.safeParse({ name, project_id: projectId });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? messages.listNameRequired);
      return;
    }
    const input = { name: parsed.data.name, project_id: parsed.data.project_id ?? null };
    if (list) {
      updateList.mutate(
        { listId: list.id, input },
        {
          onSuccess: () => {
            notifySuccess(messages.listUpdated);
            onClose();
          },
          onError: (error) => notifyApiError(error, messages.failedToUpdateList, { preferServerText: true }),
        },
      );
      return;
    }
    createList.mutate(input, {
      onSuccess: (created) => {
        notifySuccess(messages.listCreated(created.name));
        onClose();
      },
      onError: (error) => notifyApiError(error, messages.couldNotCreateList, { preferServerText: true }),
    });
  };

  return (
    <Modal opened={opened} onClose={isSaving ? () => undefined : onClose} title={isEdit ? 'Edit list' : 'New list'}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="Spring campaign ad group"
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
          <ProjectSelect
            value={projectId}
            fallbackName={list?.project_name}
            onChange={setProjectId}
            description="Keywords typed into the list are added to this project."
          />
          <FormDialogActions
            submitLabel={isEdit ? 'Save' : 'Create list'}
            isSaving={isSaving}
            mt="sm"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
