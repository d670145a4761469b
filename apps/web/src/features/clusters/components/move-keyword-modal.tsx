import { constants, messages, moveClusterKeywordInputSchema, type KeywordCluster } from '@keywright/contract';
import { Divider, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { moveTargets } from '../clusters-view';
import type { ClusterKeyword } from './cluster-group';

export interface MoveTarget {
  keyword: ClusterKeyword;
  from: KeywordCluster;
}

/**
 * Move to group: another group (a Select of the groups known: the largest, and those on screen) or
 * a new group by name, not both. Mount it with a `key` per opening so the fields start afresh.
 */
export function MoveKeywordModal({
  target,
  groups,
  hasMoreGroups,
  isSaving,
  onMove,
  onClose,
}: {
  target: MoveTarget | null;
  groups: ReadonlyArray<Pick<KeywordCluster, 'id' | 'name' | 'keywordCount'>>;
  /** Some groups are not listed (a project with very many): a search of the groups finds them. */
  hasMoreGroups: boolean;
  isSaving: boolean;
  onMove: (target: MoveTarget, to: { toClusterId?: number; newClusterName?: string }) => void;
  onClose: () => void;
}) {
  const [toClusterId, setToClusterId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const options = target ? moveTargets(groups, target.from.id) : [];

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target) return;
    const typedName = newName.trim() === '' ? undefined : newName;
    const parsed = moveClusterKeywordInputSchema.safeParse({
      keywordId: target.keyword.id,
      toClusterId: toClusterId === null ? undefined : Number(toClusterId),
      newClusterName: typedName,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'newClusterName') setNameError(issue.message);
      else setError(issue?.message ?? messages.moveNeedsOneTarget);
      return;
    }
    onMove(target, { toClusterId: parsed.data.toClusterId, newClusterName: parsed.data.newClusterName });
  };

  return (
    <Modal opened={target !== null} onClose={isSaving ? () => undefined : onClose} title="Move to group">
      {target && (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Move <strong>{target.keyword.keyword}</strong> out of <strong>{target.from.name}</strong> to:
            </Text>
            <Select
              label="Group"
              placeholder={options.length > 0 ? 'Choose a group' : 'No other groups'}
              data={options}
              value={toClusterId}
              onChange={(value) => {
                setToClusterId(value);
                setError(null);
              }}
              searchable
              clearable
              nothingFoundMessage="No group of that name"
              description={
                hasMoreGroups ? 'The largest groups are listed; search the groups to list others.' : undefined
              }
              comboboxProps={{ withinPortal: true }}
            />
            <Divider label="or" labelPosition="center" />
            <TextInput
              label="New group"
              placeholder="Name a new group"
              value={newName}
              onChange={(event) => {
                setNewName(event.currentTarget.value);
                setError(null);
                setNameError(null);
              }}
              error={nameError}
              maxLength={constants.limits.listName}
            />
            <FormDialogActions submitLabel="Move keyword" isSaving={isSaving} error={error} onCancel={onClose} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
