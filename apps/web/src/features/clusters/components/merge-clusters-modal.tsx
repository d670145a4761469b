import { constants, messages, mergeClustersInputSchema } from '@keywright/contract';
import { List, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { keywordCountLabel } from '../clusters-view';

export interface SelectedGroup {
  id: number;
  name: string;
  keywordCount: number;
}

/**
 * Merge groups: which group the others join (its name is kept unless a new one is given) and an
 * optional new name; the keywords all stay. Mount it with a `key` per opening.
 */
export function MergeClustersModal({
  groups,
  opened,
  isSaving,
  onMerge,
  onClose,
}: {
  /** The selected groups, largest first. */
  groups: readonly SelectedGroup[];
  opened: boolean;
  isSaving: boolean;
  onMerge: (clusterIds: number[], name: string | undefined) => void;
  onClose: () => void;
}) {
  const [intoId, setIntoId] = useState<string | null>(groups[0] ? String(groups[0].id) : null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const total = groups.reduce((sum, group) => sum + group.keywordCount, 0);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const into = groups.find((group) => String(group.id) === intoId) ?? groups[0];
    const ids = into ? [into.id, ...groups.filter((group) => group.id !== into.id).map((group) => group.id)] : [];
    const parsed = mergeClustersInputSchema.safeParse({
      clusterIds: ids,
      name: name.trim() === '' ? undefined : name,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.mergeNeedsTwo);
      return;
    }
    onMerge(parsed.data.clusterIds, parsed.data.name);
  };

  return (
    <Modal opened={opened} onClose={isSaving ? () => undefined : onClose} title="Merge groups">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            These {groups.length} groups become one group of {keywordCountLabel(total)}:
          </Text>
          <List size="sm" spacing={2}>
            {groups.map((group) => (
              <List.Item key={group.id}>
                <Text span size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {group.name}
                </Text>{' '}
                <Text span size="sm" c="dimmed">
                  ({keywordCountLabel(group.keywordCount)})
                </Text>
              </List.Item>
            ))}
          </List>
          <Select
            label="Keep the name of"
            data={groups.map((group) => ({ value: String(group.id), label: group.name }))}
            value={intoId}
            onChange={setIntoId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="New name"
            description="Optional: leave it empty to keep the name above."
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            maxLength={constants.limits.listName}
          />
          <FormDialogActions
            submitLabel={`Merge ${groups.length} groups`}
            isSaving={isSaving}
            error={error}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
