import {
  constants,
  messages,
  type GenerateFilteredKeywordsAnswer,
  type KeywordExportQuery,
  type KeywordPageRow,
  type MetricsSource,
  type Project,
  type SearchIntent,
} from '@keywright/contract';
import {
  Anchor,
  Badge,
  Box,
  Card,
  CloseButton,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconSparkles } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PagePagination } from '@/components/page-pagination';
import { ProjectKeywordActions } from '@/components/row-selection/project-keyword-actions';
import { useRowSelection } from '@/components/row-selection/use-row-selection';
import { AddToListProvider } from '@/components/save-to-list/add-to-list-provider';
import { isUnauthorized } from '@/lib/api-error';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteKeyword } from '@/components/project-keywords/api/delete-keyword';
import { useExportKeywords } from '../api/export-keywords';
import { useSuggestionsPanel } from '@/components/project-keywords/api/get-keyword-suggestions';
import { KeywordListHoldings } from '@/components/save-to-list/api/get-keyword-list-holdings';
import { keywordPageQueryOptions, useKeywordPage } from '../api/get-keyword-page';
import { useLoadKeywordMetrics } from '@/components/project-keywords/api/load-keyword-metrics';
import { describeCpcBounds, hasCpcBounds, keywordExportQuery, noCpcBounds, type CpcBounds } from '@/lib/cpc-filter';
import { hasEstimates } from '@/lib/figures';
import { intentNames, intentQuery } from '@/lib/intent-filter';
import { usePageParam } from '../hooks/use-page-param';
import { useKeywordsAddress } from '../hooks/use-keywords-address';
import { useRestoreCpc } from '../hooks/use-restore-cpc';
import { KeywordSortSelect } from './keyword-sort-select';
import { useShowTrend } from '../hooks/use-show-trend';
import { useSessionKeywords } from '@/components/project-keywords/use-session-keywords';
import { AddKeywordForm } from './add-keyword-form';
import { CpcFilterBar } from './cpc-filter-bar';
import { IntentFilter } from './intent-filter';
import { GenerateKeywordsDialog, KeywordPlannerImportDialog } from '@/components/lazy-dialogs';
import { moreKeywordsCountRange } from '@/components/project-keywords/generate-keywords-form';
import { notifyGenerated } from '@/components/project-keywords/notify-generated';
import { EstimatedBadge, KeywordPlannerBadge } from '@/components/keyword-figures';
import { KeywordsList, KeywordsTable } from './keyword-rows';
import { CpcButton, ExportCsvButton, MoreActionsMenu } from './keywords-actions';
import classes from './keywords.module.css';
import { SuggestionsPanel } from '@/components/project-keywords/suggestions-panel';

const pageSize = constants.projectKeywordsPageSize;
const noRows: readonly KeywordPageRow[] = [];
const searchDelayMs = 300;

/**
 * The project's keywords: count, export, CPC figures and their filter, more
 * keywords and suggestions, add, search, the intent filter, and the rows 20 a
 * page. Mount it with `key={project.id}`. Show CPC, the filters, the search, the
 * order and the page are in the address (keywords-address.ts).
 */
export function KeywordsCard({ project }: { project: Project }) {
  const projectId = project.id;
  const queryClient = useQueryClient();
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [page, setPage] = usePageParam();
  const [address, changeAddress] = useKeywordsAddress();
  const { search, bounds, intents, sort } = address;
  const [searchText, setSearchText] = useState(search);
  // SPEC 4: 'metrics loaded' turns on the figure columns, the CPC filter and Refresh CPC.
  const isMetricsLoaded = address.showCpc;
  // Where the loaded figures come from; null until CPC data has loaded in this visit.
  const [metricsSource, setMetricsSource] = useState<MetricsSource | null>(null);
  const [generateDialog, setGenerateDialog] = useState({ opened: false, key: 0 });
  const [importDialog, setImportDialog] = useState({ opened: false, key: 0 });
  const [showTrend, setShowTrend] = useShowTrend();
  const cardRef = useRef<HTMLDivElement>(null);
  const isCpcFiltered = isMetricsLoaded && hasCpcBounds(bounds);
  const isIntentFiltered = intents.length > 0;
  const isFiltered = isCpcFiltered || isIntentFiltered;

  const pageQuery = useKeywordPage(projectId, { page, search, sort, withMetrics: isMetricsLoaded, bounds, intents });
  const answer = pageQuery.data;
  // The filtered count (for the badge and a filtered export) leaves the search out, as the export does.
  const filteredQuery = useQuery({
    ...keywordPageQueryOptions(projectId, { page: 1, search: '', withMetrics: isMetricsLoaded, bounds, intents }),
    enabled: isFiltered,
  });
  // Held here, not in the row: a row unmounts when its keyword goes, and its callbacks with it.
  const deleteKeyword = useDeleteKeyword();
  const exportKeywords = useExportKeywords();
  const loadMetrics = useLoadKeywordMetrics();
  // A keyword typed in while CPC is shown gets its figures too (the server fetches only what it lacks).
  const fillMetrics = useLoadKeywordMetrics();
  const suggestionsPanel = useSuggestionsPanel(projectId);
  const { suggestions } = suggestionsPanel;
  const session = useSessionKeywords(projectId);

  // The badge counts the whole project, also while a search or the CPC filter narrows the rows.
  const totalCount =
    !search && !isFiltered && answer && !pageQuery.isPlaceholderData
      ? answer.pagination.totalCount
      : project.keywords_count;
  const filteredCount = isFiltered ? filteredQuery.data?.pagination.totalCount : undefined;

  const applySearch = useDebouncedCallback(
    (value: string) => changeAddress({ search: value.trim() }, { replace: true }),
    searchDelayMs,
  );
  // Opened with CPC shown (a reload, a link): the figures the cache lacks are fetched, quietly.
  useRestoreCpc(projectId, isMetricsLoaded && metricsSource === null, fillMetrics, setMetricsSource);
  // Back and Forward bring another search: the field shows it.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if (searchText.trim() !== search) setSearchText(search);
  }

  const { error, errorUpdatedAt } = pageQuery;
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError(messages.failedToLoadProjectData);
  }, [error, errorUpdatedAt]);

  // A page past the end (the last row of a page deleted, an old link): back to the last one.
  const isPastEnd = answer !== undefined && !pageQuery.isPlaceholderData && answer.data.length === 0 && page > 1;
  const lastPage = answer?.pagination.totalPages ?? 1;
  useEffect(() => {
    if (isPastEnd) setPage(Math.max(1, Math.min(page - 1, lastPage)), { replace: true });
  }, [isPastEnd, page, lastPage, setPage]);

  const handleDelete = (keyword: KeywordPageRow) => {
    if (!window.confirm(messages.deleteKeywordConfirm)) return;
    deleteKeyword.mutate(
      { keywordId: keyword.id, projectId },
      {
        onSuccess: () => notifySuccess(messages.keywordDeleted),
        onError: (deleteError) => notifyApiError(deleteError, messages.failedToDeleteKeyword),
      },
    );
  };

  const runExport = (count: number, query: KeywordExportQuery) => {
    if (count === 0) {
      notifyError(messages.noKeywordsToExport);
      return;
    }
    exportKeywords.mutate(
      { projectId, query },
      {
        onSuccess: () => notifySuccess(messages.exportedKeywords(count)),
        onError: (exportError) =>
          notifyApiError(exportError, messages.failedToExportKeywords, { preferServerText: true }),
      },
    );
  };

  const handleExport = (which: 'all' | 'filtered') => {
    if (which === 'all' || !isFiltered) {
      runExport(totalCount, keywordExportQuery({ withMetrics: isMetricsLoaded }));
      return;
    }
    const filters = { withMetrics: isMetricsLoaded, bounds: isCpcFiltered ? bounds : noCpcBounds, intents };
    // The count of the keywords the filters keep (usually known already; else asked now).
    void queryClient.fetchQuery(keywordPageQueryOptions(projectId, { page: 1, search: '', ...filters })).then(
      (filtered) =>
        runExport(filtered.pagination.totalCount, {
          ...keywordExportQuery({ withMetrics: filters.withMetrics, bounds: filters.bounds }),
          ...intentQuery(filters.intents),
        }),
      (countError: unknown) => notifyApiError(countError, messages.failedToExportKeywords),
    );
  };

  const handleLoadCpc = () => {
    loadMetrics.mutate(
      {
        projectId,
        // Page 1 is the call that caches every keyword's figures (for another page the server
        // fetches only that page's rows), so the CPC filter sees them all whichever page is shown.
        // The rows on screen then come from the page query, with their figures.
        page: 1,
        pageSize: constants.metricsPageSize,
        refresh: isMetricsLoaded,
      },
      {
        onSuccess: (metrics) => {
          setMetricsSource(metrics.source);
          if (!isMetricsLoaded) changeAddress({ showCpc: true });
          notifySuccess(messages.cpcLoaded);
        },
        onError: (metricsError) => notifyApiError(metricsError, messages.failedToFetchCpc, { preferServerText: true }),
      },
    );
  };

  const handlePageChange = (next: number) => {
    setPage(next);
    const card = cardRef.current;
    if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  /** Clears the search and goes back to page 1 (where new keywords show). */
  const clearSearch = () => {
    setSearchText('');
    applySearch.cancel();
    changeAddress({ search: '' }, { replace: !search });
  };

  const handleApplyBounds = (next: CpcBounds) => changeAddress({ bounds: next });

  const handleClearBounds = () => {
    if (hasCpcBounds(bounds)) changeAddress({ bounds: noCpcBounds });
  };

  const handleIntentsChange = (next: SearchIntent[]) => changeAddress({ intents: next });

  const handleGenerated = (generated: GenerateFilteredKeywordsAnswer) => {
    setGenerateDialog((current) => ({ ...current, opened: false }));
    notifyGenerated(generated);
    // The new keywords are the newest: page 1 shows them, marked New.
    clearSearch();
  };

  const pagination = answer?.pagination;
  const pageRows = answer?.data;
  const rows = pageRows ?? noRows;
  // Another page or other filters show other keywords: a selection made there is let go.
  const selection = useRowSelection(rows, JSON.stringify([page, search, bounds, intents]));
  const pageRowIds = useMemo(() => (pageRows ?? []).map((row) => row.id), [pageRows]);
  const currentPage = pagination?.page ?? page;
  const showEstimated =
    metricsSource === 'estimate' || (isMetricsLoaded && hasEstimates(rows.map((row) => row.metrics)));
  const rowProps = {
    keywords: rows,
    latestRunId: answer?.latestRunId ?? null,
    deletingId: deleteKeyword.isPending ? deleteKeyword.variables.keywordId : null,
    onDelete: handleDelete,
    showMetrics: isMetricsLoaded,
    showTrend,
    project,
    session,
    selection,
  };
  const buttonSize = isWide ? 'sm' : 'xs';

  let body;
  if (!answer) {
    body = pageQuery.isError ? (
      <Text c="dimmed" ta="center" p="xl">
        Keywords could not be loaded.{' '}
        <Anchor component="button" type="button" onClick={() => void pageQuery.refetch()}>
          Try again
        </Anchor>
      </Text>
    ) : (
      <Stack gap="md" p="lg" role="status" aria-label="Loading keywords">
        {[0, 1, 2, 3, 4].map((row) => (
          <Group key={row} justify="space-between">
            <Skeleton height={14} width="45%" />
            <Skeleton height={14} width="15%" />
          </Group>
        ))}
      </Stack>
    );
  } else if (!search && !searchText && !isFiltered && answer.pagination.totalCount === 0) {
    body = (
      <Stack align="center" gap="xs" py={48} px="md" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconSparkles size={26} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          No keywords yet
        </Text>
        <Text c="dimmed" size="sm" maw={380}>
          Add keywords one by one above, or let the generator suggest a set for this project.
        </Text>
        <Anchor component={Link} to={`/keyword-generator?projectId=${projectId}`} fw={600}>
          Generate Keywords
        </Anchor>
      </Stack>
    );
  } else {
    const shownTotal = answer.pagination.totalCount;
    const first = (currentPage - 1) * pageSize + 1;
    const last = Math.min(currentPage * pageSize, shownTotal);
    const isNarrowed = Boolean(search) || isFiltered;
    let emptyTitle: string;
    if (search) {
      emptyTitle = isIntentFiltered
        ? messages.noKeywordsMatchFilters(search)
        : `No keywords match “${search}”${isCpcFiltered ? ' within the CPC filter' : ''}`;
    } else if (isIntentFiltered) {
      emptyTitle = messages.noKeywordsWithIntents(
        intentNames(intents),
        isCpcFiltered ? describeCpcBounds(bounds) : null,
      );
    } else {
      emptyTitle = `No keywords have a CPC within ${describeCpcBounds(bounds)}`;
    }
    let emptyHint;
    if (search) {
      emptyHint = (
        <Anchor component="button" type="button" size="sm" onClick={clearSearch}>
          Clear search
        </Anchor>
      );
    } else if (isIntentFiltered) {
      emptyHint = (
        <>
          <Text size="sm" c="dimmed">
            {messages.intentFilterHint}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={() => handleIntentsChange([])}>
            {messages.clearIntentFilter}
          </Anchor>
        </>
      );
    } else {
      emptyHint = (
        <Text size="sm" c="dimmed">
          Keywords without CPC data are left out while a bound is set.
        </Text>
      );
    }
    body = (
      <>
        {/* Top-aligned: when Intent wraps under the search, the count stays level with the search. */}
        <Group
          justify="space-between"
          align="flex-start"
          gap="sm"
          px={{ base: 'md', sm: 'lg' }}
          py="sm"
          className={classes.toolbar}
        >
          <Group gap="sm" align="center" className={classes.toolbarFilters}>
            <TextInput
              aria-label="Search keywords"
              placeholder="Search keywords"
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                searchText ? <CloseButton size="sm" aria-label="Clear search" onClick={clearSearch} /> : null
              }
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                applySearch(event.currentTarget.value);
              }}
              maxLength={constants.limits.keyword}
              className={classes.search}
            />
            <IntentFilter value={intents} onChange={handleIntentsChange} isCompact={!isWide} />
            <KeywordSortSelect value={sort} onChange={(next) => changeAddress({ sort: next })} />
          </Group>
          <Group gap="md" wrap="nowrap" className={classes.toolbarStatus}>
            {isMetricsLoaded && (
              <Switch
                label="Show trend"
                size="sm"
                checked={showTrend}
                onChange={(event) => setShowTrend(event.currentTarget.checked)}
              />
            )}
            <Text size="sm" c="dimmed" aria-live="polite">
              {shownTotal === 0
                ? 'No matches'
                : `${first}–${last} of ${shownTotal}${isNarrowed ? (shownTotal === 1 ? ' match' : ' matches') : ''}`}
            </Text>
          </Group>
        </Group>
        {isMetricsLoaded && (
          <CpcFilterBar
            key={describeCpcBounds(bounds)}
            bounds={bounds}
            currency={project.currency}
            onApply={handleApplyBounds}
            onClear={handleClearBounds}
          />
        )}
        {rows.length === 0 ? (
          <Stack align="center" gap={4} py="xl" px="md" ta="center">
            <Text fw={600} className={classes.keywordText}>
              {emptyTitle}
            </Text>
            {emptyHint}
          </Stack>
        ) : (
          <>
            <ProjectKeywordActions
              projectId={projectId}
              rows={rows}
              selection={selection}
              isWide={isWide}
              failure={messages.failedToDeleteKeyword}
            />
            <Box className={classes.rows} data-loading={pageQuery.isPlaceholderData || undefined}>
              {isWide ? <KeywordsTable {...rowProps} /> : <KeywordsList {...rowProps} />}
            </Box>
          </>
        )}
        {answer.pagination.totalPages > 1 && (
          <Group justify={isWide ? 'flex-end' : 'center'} p="md" className={classes.cardFoot}>
            <PagePagination
              label="Keyword pages"
              total={answer.pagination.totalPages}
              value={currentPage}
              onChange={handlePageChange}
            />
          </Group>
        )}
      </>
    );
  }

  return (
    // An idea added to a list is in the project too: its add button shows a check.
    <AddToListProvider onAdded={(target) => session.remember(target.keyword)}>
      {/* Which rows are saved to a list: their bookmarks show it without being opened. */}
      <KeywordListHoldings keywordIds={pageRowIds} />
      <Card padding={0} ref={cardRef} className={classes.card}>
        <Stack gap="md" p={{ base: 'md', sm: 'lg' }} className={classes.cardHead}>
          <Group justify="space-between" gap="sm" className={classes.headRow}>
            <Group gap="sm" wrap="wrap" style={{ rowGap: 6 }}>
              <Title order={2}>Keywords</Title>
              <Badge variant="light" size="lg" radius="sm" tt="none">
                {isFiltered ? `${filteredCount ?? '…'} of ${totalCount}` : totalCount}
              </Badge>
              {showEstimated && <EstimatedBadge />}
              {isMetricsLoaded && rows.some((row) => row.metrics?.source === 'keyword-planner') && (
                <KeywordPlannerBadge />
              )}
            </Group>
            <Group gap="xs" className={classes.headActions}>
              <ExportCsvButton
                isFiltered={isFiltered}
                isExporting={exportKeywords.isPending}
                allCount={totalCount}
                filteredCount={filteredCount}
                size={buttonSize}
                onExport={handleExport}
              />
              <CpcButton
                isLoaded={isMetricsLoaded}
                isLoading={loadMetrics.isPending}
                size={buttonSize}
                onClick={handleLoadCpc}
              />
              <MoreActionsMenu
                size={buttonSize}
                isFetchingSuggestions={suggestions.isPending}
                onGenerateMore={() => setGenerateDialog((current) => ({ opened: true, key: current.key + 1 }))}
                onGetSuggestions={suggestionsPanel.show}
                onImportKeywordPlanner={() => setImportDialog((current) => ({ opened: true, key: current.key + 1 }))}
              />
            </Group>
          </Group>
          <AddKeywordForm
            projectId={projectId}
            onAdded={(added) => {
              for (const keyword of added) session.remember(keyword.keyword);
              clearSearch();
              if (isMetricsLoaded) {
                fillMetrics.mutate({ projectId, page: 1, pageSize: constants.metricsPageSize, refresh: false });
              }
            }}
          />
        </Stack>
        {suggestionsPanel.isOpen && (
          <Box px={{ base: 'xs', sm: 'lg' }} py={{ base: 'sm', sm: 'md' }} className={classes.suggestionsWrap}>
            <SuggestionsPanel
              suggestions={suggestions.data?.suggestions}
              projectId={projectId}
              isLoading={suggestions.isPending}
              session={session}
              isWide={isWide}
              onHide={suggestionsPanel.hide}
            />
          </Box>
        )}
        {body}
        <GenerateKeywordsDialog
          key={generateDialog.key}
          opened={generateDialog.opened}
          projectId={projectId}
          currency={project.currency}
          title="Generate More Keywords"
          countRange={moreKeywordsCountRange}
          failureMessage={messages.failedToStartGeneration}
          onClose={() => setGenerateDialog((current) => ({ ...current, opened: false }))}
          onShowSuggestions={() => {
            setGenerateDialog((current) => ({ ...current, opened: false }));
            suggestionsPanel.show();
          }}
          onGenerated={handleGenerated}
        />
        <KeywordPlannerImportDialog
          key={`import-${importDialog.key}`}
          opened={importDialog.opened}
          projectId={projectId}
          onClose={() => setImportDialog((current) => ({ ...current, opened: false }))}
          onImported={() => {
            // The imported keywords come with their figures: shown at once where CPC is shown.
            clearSearch();
          }}
        />
      </Card>
    </AddToListProvider>
  );
}
