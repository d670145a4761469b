import { messages } from '@keywright/contract';
import type { ReactNode } from 'react';
import { useDeleteProjectKeywords } from '@/components/project-keywords/api/delete-project-keywords';
import { BulkKeywordActions } from './bulk-keyword-actions';
import { SelectAllCheckbox } from './row-checkboxes';
import type { RowSelection } from './use-row-selection';

/**
 * The selection bar of a project's keywords (keywords page, analysis page): save the chosen ones
 * to a list, or delete them from the project in one call after one confirmation naming how many.
 * Narrow screens have no table header: select all leads the bar there.
 */
export function ProjectKeywordActions<Row extends { id: number; keyword: string }>({
  projectId,
  rows,
  selection,
  isWide,
  failure,
  aside,
}: {
  projectId: number;
  rows: readonly Row[];
  selection: RowSelection<Row>;
  isWide: boolean;
  /** The failure toast's text when the server sends none. */
  failure: string;
  aside?: ReactNode;
}) {
  const deleteKeywords = useDeleteProjectKeywords();
  return (
    <BulkKeywordActions
      selection={selection}
      listProjectId={projectId}
      selectAll={!isWide && <SelectAllCheckbox rows={rows} selection={selection} />}
      aside={aside}
      removal={{
        label: messages.deleteSelected,
        title: messages.deleteKeywordsTitle,
        body: messages.deleteKeywordsBody,
        confirmLabel: 'Delete',
        run: async (keywordIds) => (await deleteKeywords.mutateAsync({ projectId, keywordIds })).deleted,
        done: messages.keywordsDeleted,
        failure,
      }}
    />
  );
}
