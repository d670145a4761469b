import { messages } from '@keywright/contract';
import { Button, Group, Modal, Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { groupCountLabel } from '../clusters-view';
import type { ClusterEdits } from '../hooks/use-cluster-edits';
import { MergeClustersModal } from './merge-clusters-modal';
import { MoveKeywordModal } from './move-keyword-modal';
import { RenameClusterModal } from './rename-cluster-modal';

/** Save all as lists: it makes a list per group, so it asks first (saving is not destructive: no red). */
function SaveAllDialog({
  opened,
  count,
  isSaving,
  onSave,
  onClose,
}: {
  opened: boolean;
  count: number;
  isSaving: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={isSaving ? () => undefined : onClose} title="Save groups as lists">
      <Text size="sm">{messages.saveAllClustersConfirm(count)}</Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button onClick={onSave} loading={isSaving}>
          Save {groupCountLabel(count)}
        </Button>
      </Group>
    </Modal>
  );
}

/** The ad groups' dialogs: rename, move a keyword, merge, save all as lists and reset. */
export function ClustersDialogs({ edits, allGroupsCount }: { edits: ClusterEdits; allGroupsCount: number | null }) {
  const { renaming, moving, merging, savingAll, recomputing } = edits.dialogs;
  const { move, merge, rename, saveLists, recompute } = edits.mutations;
  return (
    <>
      <RenameClusterModal
        key={`rename-${renaming.key}`}
        cluster={renaming.opened ? renaming.subject : null}
        isSaving={rename.isPending}
        onRename={edits.handleRename}
        onClose={renaming.close}
      />
      <MoveKeywordModal
        key={`move-${moving.key}`}
        target={moving.opened ? moving.subject : null}
        groups={edits.knownGroups}
        hasMoreGroups={edits.hasMoreGroups}
        isSaving={move.isPending}
        onMove={edits.handleMove}
        onClose={moving.close}
      />
      <MergeClustersModal
        key={`merge-${merging.key}`}
        groups={edits.selectedGroups}
        opened={merging.opened}
        isSaving={merge.isPending}
        onMerge={edits.handleMerge}
        onClose={merging.close}
      />
      <SaveAllDialog
        opened={savingAll.opened}
        count={allGroupsCount ?? 0}
        isSaving={saveLists.isPending}
        onSave={() => edits.handleSaveAsLists()}
        onClose={savingAll.close}
      />
      <ConfirmDialog
        opened={recomputing.opened}
        title="Reset groups?"
        body={messages.recomputeClustersConfirm}
        confirmLabel="Reset groups"
        isLoading={recompute.isPending}
        onConfirm={edits.handleRecompute}
        onClose={recomputing.close}
      />
    </>
  );
}
