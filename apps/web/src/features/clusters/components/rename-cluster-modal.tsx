import { constants, messages, renameClusterInputSchema, type KeywordCluster } from '@keywright/contract';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '@/components/form-dialog-actions';

/** Rename group: the name (required, trimmed). Mount it with a `key` per opening so the field starts afresh. */
export function RenameClusterModal({
  cluster,
  isSaving,
  onRename,
  onClose,
}: {
  cluster: KeywordCluster | null;
  isSaving: boolean;
  onRename: (cluster: KeywordCluster, name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(cluster?.name ?? '');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!cluster) return;
    const parsed = renameClusterInputSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.clusterNameRequired);
      return;
    }
    onRename(cluster, parsed.data.name);
  };

  return (
    <Modal opened={cluster !== null} onClose={isSaving ? () => undefined : onClose} title="Rename group">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Group name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={constants.limits.listName}
            required
            data-autofocus
          />
          <FormDialogActions submitLabel="Rename" isSaving={isSaving} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
