import { messages, type KeywordIdea, type KeywordList, type KeywordListItem } from '@keywright/contract';
import { Alert, Button, Card, Group, Skeleton, Stack } from '@mantine/core';
import { IconCurrencyDollar, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { PagePagination } from '@/components/page-pagination';
import { useRowSelection } from '@/components/row-selection/use-row-selection';
import { isUnauthorized } from '@/lib/api-error';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import card from '@/components/data-card/data-card.module.css';
import { useKeywordList } from '../api/get-keyword-list';
import { useRemoveKeywordListItem } from '../api/remove-keyword-list-item';
import { ListSelectionBar } from './list-selection-bar';
import type { ListCpc } from '../hooks/use-list-cpc';
import { AdCopyActions } from './ad-copy-actions';
import { AddListKeywordForm } from './add-list-keyword-form';
import { ListKeywords } from './list-keywords';
import { ListSuggestionsPanel } from './list-suggestions-panel';
import { ListSummaryBar } from './list-summary-bar';
import classes from './keyword-lists.module.css';

const noItems: readonly KeywordListItem[] = [];

/** Keywords being removed: their buttons show progress (removals may overlap). */
function useRemoveItem(listId: number, onRemoved: () => void) {
  const [removing, setRemoving] = useState<ReadonlySet<number>>(() => new Set());
  const { mutate } = useRemoveKeywordListItem({
    onMutate: ({ keywordId }) => setRemoving((current) => new Set(current).add(keywordId)),
    onSuccess: () => {
      notifySuccess(messages.keywordRemovedFromList);
      onRemoved();
    },
    onError: (error) => notifyApiError(error, messages.failedToRemoveKeywordFromList),
    onSettled: (_answer, _error, { keywordId }) =>
      setRemoving((current) => new Set([...current].filter((id) => id !== keywordId))),
  });
  return {
    isRemoving: (keywordId: number) => removing.has(keywordId),
    remove: (item: KeywordListItem) => mutate({ listId, keywordId: item.id }),
  };
}

/**
 * An expanded list: add a keyword, Load CPC and the summary, its ad copy,
 * suggestions when asked for, and the keywords 20 a page.
 */
export function ListDetails({
  list,
  isWide,
  cpc,
  suggestions,
  onHideSuggestions,
}: {
  list: KeywordList;
  isWide: boolean;
  cpc: ListCpc;
  /** This list's open suggestions panel: its ideas, undefined while they load; null when closed. */
  suggestions: { ideas: readonly KeywordIdea[] | undefined } | null;
  onHideSuggestions: () => void;
}) {
  const [page, setPage] = useState(1);
  // The page comes with the figures the server has: loaded once, they show again on reopening.
  const listQuery = useKeywordList(list.id, { page, withMetrics: true });
  const detail = listQuery.data;
  const loadedSummary = cpc.summaryOf(list.id) ?? detail?.summary ?? undefined;
  const withMetrics = loadedSummary !== undefined;
  // The summary covers every keyword of the list: asked for again when they change.
  const handleChanged = () => cpc.refreshSummary(list.id, withMetrics);
  const removeItem = useRemoveItem(list.id, handleChanged);
  // Another page shows other keywords: a selection made there is let go.
  const selection = useRowSelection(detail?.keywords ?? noItems, String(page));

  const { error, errorUpdatedAt } = listQuery;
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError(messages.failedToFetchListDetails);
  }, [error, errorUpdatedAt]);

  // A page past the end (its last keyword removed): back to the last one.
  const isPastEnd = detail !== undefined && !listQuery.isPlaceholderData && detail.keywords.length === 0 && page > 1;
  if (isPastEnd) setPage(Math.max(1, Math.min(page - 1, detail.pagination.totalPages)));

  const totalCount = detail?.pagination.totalCount ?? list.count;

  return (
    <Stack gap="md">
      <div className={classes.toolbar}>
        <AddListKeywordForm list={list} onAdded={handleChanged} />
        <Button
          variant={withMetrics ? 'default' : 'light'}
          leftSection={withMetrics ? <IconRefresh size={16} /> : <IconCurrencyDollar size={16} />}
          loading={cpc.isLoading(list.id)}
          disabled={totalCount === 0}
          onClick={() => cpc.load(list.id, withMetrics)}
          className={classes.cpcButton}
        >
          {withMetrics ? 'Refresh CPC' : 'Load CPC'}
        </Button>
      </div>

      <AdCopyActions list={list} keywordCount={totalCount} isWide={isWide} />

      {loadedSummary && <ListSummaryBar summary={loadedSummary} keywordCount={totalCount} />}

      {suggestions && (
        <ListSuggestionsPanel
          list={list}
          ideas={suggestions.ideas}
          isWide={isWide}
          onHide={onHideSuggestions}
          onAdded={handleChanged}
        />
      )}

      {detail === undefined ? (
        listQuery.isError ? (
          <LoadFailedAlert
            title={messages.failedToFetchListDetails}
            isRetrying={listQuery.isFetching}
            onRetry={() => void listQuery.refetch()}
          />
        ) : (
          <Stack gap="sm" role="status" aria-label={`Loading keywords of ${list.name}`}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={14} width={`${60 - row * 12}%`} />
            ))}
          </Stack>
        )
      ) : detail.pagination.totalCount === 0 ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={messages.noKeywordsInList}>
          {list.project_id === null
            ? "Save keywords to it from a project's keywords page."
            : "Add one above, or save keywords to it from a project's keywords page."}
        </Alert>
      ) : (
        <Card padding={0} withBorder>
          <ListSelectionBar
            list={list}
            items={detail.keywords}
            selection={selection}
            isWide={isWide}
            onRemoved={handleChanged}
          />
          <ListKeywords
            listName={list.name}
            items={detail.keywords}
            showMetrics={withMetrics}
            isWide={isWide}
            isRemoving={removeItem.isRemoving}
            onRemove={removeItem.remove}
            selection={selection}
          />
          {detail.pagination.totalPages > 1 && (
            <Group justify="center" py="sm" className={card.itemFoot}>
              <PagePagination
                label={`Pages of ${list.name}`}
                total={detail.pagination.totalPages}
                value={page}
                onChange={setPage}
              />
            </Group>
          )}
        </Card>
      )}
    </Stack>
  );
}
