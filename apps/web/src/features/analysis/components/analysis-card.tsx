import {
  constants,
  messages,
  type AnalysisRow,
  type AnalysisSortColumn,
  type GenerateFilteredKeywordsAnswer,
  type Project,
} from '@keywright/contract';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBulb,
  IconDownload,
  IconFileImport,
  IconInfoCircle,
  IconAlertTriangle,
  IconSparkles,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { EstimatedBadge, KeywordPlannerBadge } from '@/components/keyword-figures';
import { PagePagination } from '@/components/page-pagination';
import { useDeleteKeyword } from '@/components/project-keywords/api/delete-keyword';
import { useSuggestionsPanel } from '@/components/project-keywords/api/get-keyword-suggestions';
import { GenerateKeywordsDialog, KeywordPlannerImportDialog } from '@/components/lazy-dialogs';
import { analysisCountRange } from '@/components/project-keywords/generate-keywords-form';
import { notifyGenerated } from '@/components/project-keywords/notify-generated';
import { SuggestionsPanel } from '@/components/project-keywords/suggestions-panel';
import { useSessionKeywords } from '@/components/project-keywords/use-session-keywords';
import { ProjectKeywordActions } from '@/components/row-selection/project-keyword-actions';
import { useRowSelection } from '@/components/row-selection/use-row-selection';
import { AddToListProvider } from '@/components/save-to-list/add-to-list-provider';
import { errorMessage, isApiError, isUnauthorized } from '@/lib/api-error';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import {
  useRefreshKeywordFigures,
  useEnsureKeywordFigures,
} from '@/components/project-keywords/api/ensure-keyword-figures';
import { useExportAnalysis } from '../api/export-analysis';
import { useAnalysisPage } from '../api/get-analysis-page';
import {
  analysisExportQuery,
  analysisPageQuery,
  firstOrder,
  hasAnalysisFilters,
  nextSort,
  type AnalysisPageSize,
  type AnalysisView,
  type SortOrder,
} from '../analysis-view';
import type { ChangeView } from '../hooks/use-analysis-view';
import { AnalysisFilters } from './analysis-filters';
import { AnalysisCards, AnalysisTable, analysisColumns } from './analysis-rows';
import classes from './analysis.module.css';

const noRows: readonly AnalysisRow[] = [];
const count = (value: number) => value.toLocaleString('en-US');
const keywordsLabel = (value: number) => `${count(value)} ${value === 1 ? 'keyword' : 'keywords'}`;

/** While every keyword gets its figures: how many, and a moving bar (the call says nothing until it is done). */
function FiguresProgress({ keywordCount }: { keywordCount: number }) {
  return (
    <Stack gap="sm" p={{ base: 'md', sm: 'lg' }} role="status" aria-label="Loading figures" mih={260}>
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" />
        <Text size="sm" fw={600}>
          Getting search volume, competition and CPC for {keywordsLabel(keywordCount)}…
        </Text>
      </Group>
      <Progress value={100} striped animated size="sm" aria-hidden />
      <Text size="xs" c="dimmed">
        Figures are kept for 30 days, so this is quicker next time. A large project can take a few seconds.
      </Text>
    </Stack>
  );
}

/** Where the figures could not be fetched: metrics are off on this server, or the call failed. */
function FiguresNotice({ error, isRetrying, onRetry }: { error: unknown; isRetrying: boolean; onRetry: () => void }) {
  const isMetricsOff = isApiError(error) && error.status === 503 && error.message === messages.metricsOff;
  if (isMetricsOff) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} className={classes.notice}>
        {messages.metricsOff} Keywords without imported figures show N/A.
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} className={classes.notice}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorMessage(error, messages.failedToFetchKeywordMetrics)}</Text>
        <Button size="xs" variant="white" color="red" loading={isRetrying} onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}

/** Narrow screens have no column headers: the order is chosen here. */
function SortControls({ view, onChange }: { view: AnalysisView; onChange: ChangeView }) {
  const isWords = view.sort === 'keyword';
  return (
    <Box px="md" py="sm" className={classes.sortBar}>
      <Select
        label="Sort by"
        size="xs"
        data={[
          ...analysisColumns.map(({ column, label }) => ({ value: column, label })),
          { value: 'created_at', label: 'Date added' },
        ]}
        value={view.sort}
        allowDeselect={false}
        onChange={(value) => {
          if (value) onChange({ sort: value as AnalysisSortColumn, order: firstOrder(value as AnalysisSortColumn) });
        }}
        comboboxProps={{ withinPortal: true }}
        className={classes.sortSelect}
      />
      <SegmentedControl
        aria-label="Order"
        size="xs"
        data={[
          { value: isWords ? 'asc' : 'desc', label: isWords ? 'A to Z' : 'High to low' },
          { value: isWords ? 'desc' : 'asc', label: isWords ? 'Z to A' : 'Low to high' },
        ]}
        value={view.order}
        onChange={(value) => onChange({ order: value as SortOrder })}
      />
    </Box>
  );
}

/**
 * One project's keywords with their figures: first every keyword's figures are fetched (with
 * progress), then the server's pages, filtered and sorted as the address says. Selection, bulk
 * delete and add to list, generate, suggestions, export and the Keyword Planner import. Mount it
 * with `key={project.id}`: what it holds (the selection, open panels) is for one project.
 */
export function AnalysisCard({
  project,
  view,
  onViewChange,
}: {
  project: Project;
  view: AnalysisView;
  onViewChange: ChangeView;
}) {
  const projectId = project.id;
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const cardRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const pageSizeId = useId();

  const figures = useEnsureKeywordFigures(projectId);
  const refreshFigures = useRefreshKeywordFigures(projectId);
  const pageQuery = useAnalysisPage(projectId, analysisPageQuery(view), {
    figuresAt: figures.dataUpdatedAt,
    enabled: !figures.isPending,
  });
  const answer = pageQuery.data;

  const [generateDialog, setGenerateDialog] = useState({ opened: false, key: 0 });
  const [importDialog, setImportDialog] = useState({ opened: false, key: 0 });

  // Another page, other filters or order show other keywords: a selection made there is let go.
  const selection = useRowSelection(answer?.data ?? noRows, JSON.stringify(analysisPageQuery(view)));

  const deleteKeyword = useDeleteKeyword();
  const exportAnalysis = useExportAnalysis();
  const suggestionsPanel = useSuggestionsPanel(projectId);
  const { suggestions } = suggestionsPanel;
  const session = useSessionKeywords(projectId, {
    failureMessage: messages.analysisFailedToAddKeyword,
    onAdded: () => void refreshFigures(),
  });

  const { error: figuresError, errorUpdatedAt: figuresErrorAt } = figures;
  const isMetricsOff =
    isApiError(figuresError) && figuresError.status === 503 && figuresError.message === messages.metricsOff;
  useEffect(() => {
    if (figuresError && !isMetricsOff && !isUnauthorized(figuresError)) {
      notifyError(errorMessage(figuresError, messages.failedToFetchKeywordMetrics));
    }
  }, [figuresError, figuresErrorAt, isMetricsOff]);

  const { error: pageError, errorUpdatedAt: pageErrorAt } = pageQuery;
  useEffect(() => {
    if (pageError && !isUnauthorized(pageError)) {
      notifyError(errorMessage(pageError, messages.failedToFetchKeywordMetrics));
    }
  }, [pageError, pageErrorAt]);

  // A page past the end (its last rows deleted, an old link): back to the last one.
  const isPastEnd = answer !== undefined && !pageQuery.isPlaceholderData && answer.data.length === 0 && view.page > 1;
  const lastPage = answer?.pagination.totalPages ?? 1;
  useEffect(() => {
    if (isPastEnd) onViewChange({ page: Math.max(1, Math.min(view.page - 1, lastPage)) }, { replace: true });
  }, [isPastEnd, view.page, lastPage, onViewChange]);

  const handleDelete = (row: AnalysisRow) => {
    if (!window.confirm(messages.deleteKeywordConfirm)) return;
    deleteKeyword.mutate(
      { keywordId: row.id, projectId },
      {
        onSuccess: () => notifySuccess(messages.keywordDeleted),
        onError: (error) => notifyApiError(error, messages.analysisFailedToDeleteKeyword),
      },
    );
  };

  const handleExport = () => {
    if (!answer) return;
    const total = answer.pagination.totalCount;
    if (total === 0) {
      notifyError(messages.noKeywordsToExport);
      return;
    }
    exportAnalysis.mutate(
      { projectId, query: analysisExportQuery(view) },
      {
        onSuccess: () => notifySuccess(messages.exportedKeywords(total)),
        onError: (error) => notifyApiError(error, messages.failedToExportKeywords, { preferServerText: true }),
      },
    );
  };

  const handleGenerated = (generated: GenerateFilteredKeywordsAnswer) => {
    setGenerateDialog((current) => ({ ...current, opened: false }));
    notifyGenerated(generated);
    void refreshFigures();
  };

  const handlePageChange = (page: number) => {
    onViewChange({ page });
    const card = cardRef.current;
    if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const rows = answer?.data ?? [];
  const sources = new Set(rows.map((row) => row.metrics?.source));
  const showEstimated = sources.has('estimate') || (rows.length === 0 && answer?.source === 'estimate');
  const buttonSize = isWide ? 'sm' : 'xs';
  const iconSize = isWide ? 16 : 14;

  let body;
  if (figures.isPending) {
    body = <FiguresProgress keywordCount={project.keywords_count} />;
  } else if (!answer) {
    body = pageQuery.isError ? (
      <Text c="dimmed" ta="center" p="xl">
        Keywords could not be loaded.{' '}
        <Anchor component="button" type="button" onClick={() => void pageQuery.refetch()}>
          Try again
        </Anchor>
      </Text>
    ) : (
      <Stack gap="md" p="lg" role="status" aria-label="Loading keywords" mih={260}>
        {[0, 1, 2, 3, 4].map((row) => (
          <Group key={row} justify="space-between">
            <Skeleton height={14} width="40%" />
            <Skeleton height={14} width="40%" />
          </Group>
        ))}
      </Stack>
    );
  } else if (answer.projectKeywordCount === 0) {
    body = (
      <Stack align="center" gap="xs" py={48} px="md" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconSparkles size={26} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          No keywords yet
        </Text>
        <Text c="dimmed" size="sm" maw={400}>
          Generate keywords for this project, or import the keyword ideas you downloaded from Keyword Planner.
        </Text>
      </Stack>
    );
  } else {
    const { pagination } = answer;
    const first = (pagination.page - 1) * pagination.pageSize + 1;
    const last = Math.min(pagination.page * pagination.pageSize, pagination.totalCount);
    const rowProps = {
      rows,
      projectId,
      sort: view.sort,
      order: view.order,
      onSort: (column: AnalysisSortColumn) => onViewChange(nextSort(view, column)),
      selection,
      deletingId: deleteKeyword.isPending ? deleteKeyword.variables.keywordId : null,
      onDelete: handleDelete,
    };
    body = (
      <>
        <AnalysisFilters view={view} onChange={onViewChange} isCompact={!isWide} currency={project.currency} />
        <ProjectKeywordActions
          projectId={projectId}
          rows={rows}
          selection={selection}
          isWide={isWide}
          failure={messages.analysisFailedToDeleteKeyword}
          aside={
            <>
              {(figures.isFetching || pageQuery.isPlaceholderData) && <Loader size="xs" aria-label="Updating" />}
              <Text size="sm" c="dimmed" aria-live="polite">
                {pagination.totalCount === 0
                  ? 'No matches'
                  : `${count(first)}–${count(last)} of ${keywordsLabel(pagination.totalCount)}`}
              </Text>
            </>
          }
        />
        {!isWide && rows.length > 0 && <SortControls view={view} onChange={onViewChange} />}
        {rows.length === 0 ? (
          <Stack align="center" gap={4} py="xl" px="md" ta="center">
            <Text fw={600}>No keywords match these filters</Text>
            <Text size="sm" c="dimmed">
              Widen the bounds, or choose other competition levels or intents.
            </Text>
            {hasAnalysisFilters(view) && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() =>
                  onViewChange({
                    search: '',
                    competition: [],
                    intents: [],
                    minVolume: null,
                    maxVolume: null,
                    minCpc: null,
                    maxCpc: null,
                  })
                }
              >
                Clear filters
              </Anchor>
            )}
          </Stack>
        ) : (
          <Box className={classes.rows} data-loading={pageQuery.isPlaceholderData || undefined}>
            {isWide ? <AnalysisTable {...rowProps} /> : <AnalysisCards {...rowProps} />}
          </Box>
        )}
        {pagination.totalCount > constants.analysisPageSizes[0] && (
          <Group justify="space-between" gap="sm" p="md" className={classes.cardFoot}>
            <Group gap="xs" wrap="nowrap">
              <Text component="label" htmlFor={pageSizeId} size="sm" c="dimmed">
                Rows per page
              </Text>
              <Select
                id={pageSizeId}
                size="xs"
                w={76}
                data={constants.analysisPageSizes.map(String)}
                value={String(view.pageSize)}
                allowDeselect={false}
                onChange={(value) => value && onViewChange({ pageSize: Number(value) as AnalysisPageSize })}
              />
            </Group>
            {pagination.totalPages > 1 && (
              <PagePagination
                label="Keyword pages"
                total={pagination.totalPages}
                value={pagination.page}
                onChange={handlePageChange}
              />
            )}
          </Group>
        )}
      </>
    );
  }

  return (
    <AddToListProvider onAdded={(target) => session.remember(target.keyword)}>
      <Card padding={0} ref={cardRef} className={classes.card} component="section" aria-labelledby={titleId}>
        <Stack gap="sm" p={{ base: 'md', sm: 'lg' }} className={classes.cardHead}>
          <Group gap="sm" className={classes.titleGroup}>
            <Title order={2} id={titleId} className={classes.projectName}>
              {project.name}
            </Title>
            <Badge variant="light" size="lg" radius="sm" tt="none">
              {keywordsLabel(answer?.projectKeywordCount ?? project.keywords_count)}
            </Badge>
            {showEstimated && <EstimatedBadge />}
            {sources.has('keyword-planner') && <KeywordPlannerBadge />}
          </Group>
          {project.description && (
            <Text size="sm" c="dimmed" lineClamp={2} className={classes.description}>
              {project.description}
            </Text>
          )}
          <div className={classes.headActions}>
            <Button
              size={buttonSize}
              leftSection={isWide ? <IconSparkles size={iconSize} /> : undefined}
              onClick={() => setGenerateDialog((current) => ({ opened: true, key: current.key + 1 }))}
            >
              Generate Keywords
            </Button>
            <Button
              size={buttonSize}
              variant="default"
              leftSection={isWide ? <IconBulb size={iconSize} /> : undefined}
              loading={suggestions.isPending}
              onClick={suggestionsPanel.show}
            >
              Get Suggestions
            </Button>
            <Button
              size={buttonSize}
              variant="default"
              leftSection={isWide ? <IconDownload size={iconSize} /> : undefined}
              loading={exportAnalysis.isPending}
              disabled={!answer}
              onClick={handleExport}
            >
              Export CSV
            </Button>
            <Button
              size={buttonSize}
              variant="default"
              leftSection={isWide ? <IconFileImport size={iconSize} /> : undefined}
              onClick={() => setImportDialog((current) => ({ opened: true, key: current.key + 1 }))}
            >
              {messages.importFromKeywordPlanner}
            </Button>
          </div>
        </Stack>
        {figuresError != null && (
          <FiguresNotice error={figuresError} isRetrying={figures.isFetching} onRetry={() => void figures.refetch()} />
        )}
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
      </Card>
      <GenerateKeywordsDialog
        key={generateDialog.key}
        opened={generateDialog.opened}
        projectId={projectId}
        currency={project.currency}
        title="Generate Keywords"
        countRange={analysisCountRange}
        failureMessage={messages.failedToGenerateKeywords}
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
        onImported={() => void refreshFigures()}
      />
    </AddToListProvider>
  );
}
