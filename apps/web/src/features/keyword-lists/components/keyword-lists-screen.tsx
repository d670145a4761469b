import { constants, messages, type KeywordList } from '@keywright/contract';
import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { PageHeader } from '@/components/page-header';
import { PagePagination } from '@/components/page-pagination';
import { keywordListsQueryOptions } from '@/components/save-to-list/api/get-keyword-lists';
import { SkeletonCard } from '@/components/skeleton-card';
import { isUnauthorized } from '@/lib/api-error';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { useDialog } from '@/lib/use-dialog';
import { downloadKeywordListCsv } from '../api/export-keyword-list';
import { useRefreshKeywordLists } from '../api/refresh-keyword-lists';
import { useListCpc } from '../hooks/use-list-cpc';
import { useListSuggestions } from '../hooks/use-list-suggestions';
import { useShowTeamLists } from '../hooks/use-show-team-lists';
import { listsPage } from '../lists-page';
import { DeleteListDialog } from './delete-list-dialog';
import { KeywordListCards } from './keyword-list-cards';
import { NoListsYet, OnlyTeamLists } from './keyword-lists-empty';
import { KeywordListsTable, type KeywordListsViewProps } from './keyword-lists-table';
import { ListDetails } from './list-details';

/** The create and edit form: its code comes when it is first opened (see lazyDialog). */
const ListFormModal = lazyDialog(
  () => import('./list-form-modal').then((module) => module.ListFormModal),
  (props) => props.opened,
);

export function KeywordListsScreen() {
  const user = useCurrentUser();
  // SPEC 4: window focus refreshes the lists (cheap: an unchanged answer is a 304).
  const listsQuery = useQuery({ ...keywordListsQueryOptions, refetchOnWindowFocus: 'always' });
  const refreshLists = useRefreshKeywordLists();
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [showTeamLists, setShowTeamLists] = useShowTeamLists();
  const [requestedPage, setPage] = useState(1);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  // The create (null) or edit form; it keeps its list while it animates closed, so its title does not flip.
  const form = useDialog<KeywordList | null>();
  const [pendingDelete, setPendingDelete] = useState<KeywordList | null>(null);
  const cpc = useListCpc();
  const suggestions = useListSuggestions();

  const { error, errorUpdatedAt } = listsQuery;
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError(messages.failedToFetchKeywordLists);
  }, [error, errorUpdatedAt]);

  const allLists = listsQuery.data;
  const { lists, page, totalPages, visibleCount } = useMemo(
    () =>
      listsPage(allLists ?? [], {
        currentUserId: user.id,
        showTeamLists,
        page: requestedPage,
        pageSize: constants.keywordListsPageSize,
      }),
    [allLists, user.id, showTeamLists, requestedPage],
  );
  // A list that went away (deleted, hidden, another page) is no longer expanded.
  const shownExpandedId = lists.some((list) => list.id === expandedId) ? expandedId : null;

  const handleRefresh = () =>
    refreshLists.mutate(undefined, {
      onSuccess: () => notifySuccess(messages.cacheRefreshed),
      onError: (refreshError) => notifyApiError(refreshError, messages.failedToFetchKeywordLists),
    });

  const handleToggle = (list: KeywordList) => setExpandedId((current) => (current === list.id ? null : list.id));

  const handleGetSuggestions = (list: KeywordList) => {
    if (list.project_id !== null) setExpandedId(list.id);
    suggestions.request(list);
  };

  const viewProps: KeywordListsViewProps = {
    lists,
    currentUserId: user.id,
    expandedId: shownExpandedId,
    onToggle: handleToggle,
    renderDetails: (list) => (
      <ListDetails
        list={list}
        isWide={isWide}
        cpc={cpc}
        suggestions={suggestions.open?.listId === list.id ? suggestions.open : null}
        onHideSuggestions={suggestions.hide}
      />
    ),
    isFetchingSuggestions: suggestions.isLoading,
    onDownload: (list) => downloadKeywordListCsv(list.id),
    onGetSuggestions: handleGetSuggestions,
    onEdit: (list) => form.open(list),
    onDelete: setPendingDelete,
  };

  return (
    <>
      <PageHeader
        title="Keyword Lists"
        description="Group keywords into lists to bid on or write for"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => form.open(null)}>
            New list
          </Button>
        }
      />

      <Group justify="space-between" gap="sm" mb="md">
        <Checkbox
          label={messages.showTeamLists}
          checked={showTeamLists}
          onChange={(event) => {
            setShowTeamLists(event.currentTarget.checked);
            setPage(1);
          }}
        />
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} />}
          loading={refreshLists.isPending}
          onClick={handleRefresh}
        >
          Refresh lists
        </Button>
      </Group>

      {allLists === undefined ? (
        listsQuery.isError ? (
          <LoadFailedAlert
            title={messages.failedToFetchKeywordLists}
            isRetrying={listsQuery.isFetching}
            onRetry={() => void listsQuery.refetch()}
          />
        ) : (
          <SkeletonCard label="Loading keyword lists" widths={['25%', '20%', '10%', '15%']} />
        )
      ) : allLists.length === 0 ? (
        <NoListsYet onCreate={() => form.open(null)} />
      ) : visibleCount === 0 ? (
        <OnlyTeamLists teamListCount={allLists.length} onShowTeamLists={() => setShowTeamLists(true)} />
      ) : (
        <Stack gap="md">
          {isWide ? <KeywordListsTable {...viewProps} /> : <KeywordListCards {...viewProps} />}
          {totalPages > 1 && (
            <Group justify="center">
              <PagePagination label="Pages of keyword lists" total={totalPages} value={page} onChange={setPage} />
            </Group>
          )}
        </Stack>
      )}

      <ListFormModal key={form.key} opened={form.opened} list={form.subject} onClose={form.close} />
      <DeleteListDialog list={pendingDelete} onClose={() => setPendingDelete(null)} />
    </>
  );
}
