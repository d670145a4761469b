import { messages } from '@keywright/contract';
import { IconPlaylistAdd, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useDialog } from '@/lib/use-dialog';
import type { RowSelection } from './use-row-selection';
import { SelectionBar } from './selection-bar';
import classes from './row-selection.module.css';

// Saving many keywords to a list: its code comes when it is first asked for (see lazyDialog).
const BulkAddToListDialog = lazyDialog(
  () => import('@/components/save-to-list/bulk-add-to-list-dialog').then((module) => module.BulkAddToListDialog),
  (props) => props.keywordIds !== null,
);

/** The table's destructive bulk action: deleting from the project, or taking out of a list. */
export interface BulkRemoval {
  label: string;
  title: string;
  body: (count: number) => string;
  confirmLabel: string;
  /** Answers how many went. */
  run: (keywordIds: number[]) => Promise<number>;
  done: (count: number) => string;
  failure: string;
}

/**
 * The selection bar of a table of keywords with its two bulk actions: Save selected to list (the
 * Add to Keyword List picker, for all chosen at once) and a removal asked for once, naming how
 * many. `listProjectId` is the project a list made in the picker belongs to (null: none).
 */
export function BulkKeywordActions({
  selection,
  listProjectId,
  removal,
  selectAll,
  aside,
}: {
  selection: Pick<RowSelection<{ id: number }>, 'count' | 'ids' | 'clear'>;
  listProjectId: number | null;
  removal: BulkRemoval;
  selectAll?: ReactNode;
  aside?: ReactNode;
}) {
  const [listIds, setListIds] = useState<number[] | null>(null);
  // The confirmation keeps its ids while it animates closed.
  const confirm = useDialog<number[]>();
  const confirmIds = confirm.subject ?? [];
  const [isRemoving, setIsRemoving] = useState(false);

  const handleRemove = async () => {
    setIsRemoving(true);
    try {
      const count = await removal.run(confirmIds);
      selection.clear();
      notifySuccess(removal.done(count));
    } catch (error) {
      notifyApiError(error, removal.failure, { preferServerText: true });
    } finally {
      setIsRemoving(false);
      confirm.close();
    }
  };

  return (
    <>
      <SelectionBar
        count={selection.count}
        onClear={selection.clear}
        selectAll={selectAll}
        aside={aside}
        actions={[
          {
            label: messages.saveSelectedToList,
            icon: <IconPlaylistAdd size={14} aria-hidden />,
            onClick: () => setListIds(selection.ids),
          },
          {
            label: removal.label,
            icon: <IconTrash size={14} aria-hidden className={classes.removeIcon} />,
            onClick: () => confirm.open(selection.ids),
          },
        ]}
      />
      <ConfirmDialog
        opened={confirm.opened}
        title={removal.title}
        body={removal.body(confirmIds.length)}
        confirmLabel={removal.confirmLabel}
        isLoading={isRemoving}
        onConfirm={() => void handleRemove()}
        onClose={confirm.close}
      />
      <BulkAddToListDialog
        keywordIds={listIds}
        projectId={listProjectId}
        onClose={() => setListIds(null)}
        onAdded={selection.clear}
      />
    </>
  );
}
