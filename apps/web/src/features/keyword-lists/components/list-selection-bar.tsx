import { messages, type KeywordList, type KeywordListItem } from '@keywright/contract';
import { BulkKeywordActions } from '@/components/row-selection/bulk-keyword-actions';
import { SelectAllCheckbox } from '@/components/row-selection/row-checkboxes';
import type { RowSelection } from '@/components/row-selection/use-row-selection';
import { useRemoveKeywordListKeywords } from '../api/remove-keyword-list-keywords';

/**
 * A list's selection bar: save the chosen keywords to another list, or take them out of this one
 * in one call after one confirmation (they stay in their projects).
 */
export function ListSelectionBar({
  list,
  items,
  selection,
  isWide,
  onRemoved,
}: {
  list: KeywordList;
  items: readonly KeywordListItem[];
  selection: RowSelection<KeywordListItem>;
  isWide: boolean;
  onRemoved: () => void;
}) {
  const removeKeywords = useRemoveKeywordListKeywords();
  return (
    <BulkKeywordActions
      selection={selection}
      listProjectId={list.project_id}
      selectAll={!isWide && <SelectAllCheckbox rows={items} selection={selection} />}
      removal={{
        label: messages.removeSelectedFromList,
        title: messages.removeListKeywordsTitle,
        body: (count) => messages.removeListKeywordsBody(count, list.name),
        confirmLabel: 'Remove',
        run: async (keywordIds) => {
          const { removed } = await removeKeywords.mutateAsync({ listId: list.id, keywordIds });
          onRemoved();
          return removed;
        },
        done: messages.keywordsRemovedFromList,
        failure: messages.failedToRemoveKeywordsFromList,
      }}
    />
  );
}
