import { constants, messages, type AnalysisSortColumn, type Project } from '@keywright/contract';
import { Anchor, Group, Loader, Select, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useId } from 'react';
import {
  DataCardEmpty,
  DataCardFoot,
  DataCardLoadFailed,
  DataCardNoMatch,
  DataCardRows,
  DataCardSkeleton,
} from '@/components/data-card/data-card';
import { PagePagination } from '@/components/page-pagination';
import { ProjectKeywordActions } from '@/components/row-selection/project-keyword-actions';
import { count, keywordsLabel } from '../analysis-counts';
import { hasAnalysisFilters, nextSort, type AnalysisPageSize } from '../analysis-view';
import type { AnalysisRows } from '../hooks/use-analysis-rows';
import { AnalysisFilters } from './analysis-filters';
import { FiguresProgress } from './analysis-figures-status';
import { AnalysisCards, AnalysisTable } from './analysis-rows';
import { SortControls } from './sort-controls';

/** Rows per page and the pages: shown once there are more rows than the smallest page holds. */
function AnalysisFoot({ analysis }: { analysis: AnalysisRows }) {
  const pageSizeId = useId();
  const pagination = analysis.answer?.pagination;
  if (!pagination || pagination.totalCount <= constants.analysisPageSizes[0]) return null;
  return (
    <DataCardFoot justify="space-between" gap="sm">
      <Group gap="xs" wrap="nowrap">
        <Text component="label" htmlFor={pageSizeId} size="sm" c="dimmed">
          Rows per page
        </Text>
        <Select
          id={pageSizeId}
          size="xs"
          w={76}
          data={constants.analysisPageSizes.map(String)}
          value={String(analysis.view.pageSize)}
          allowDeselect={false}
          onChange={(value) => value && analysis.onViewChange({ pageSize: Number(value) as AnalysisPageSize })}
        />
      </Group>
      {pagination.totalPages > 1 && (
        <PagePagination
          label="Keyword pages"
          total={pagination.totalPages}
          value={pagination.page}
          onChange={analysis.handlePageChange}
        />
      )}
    </DataCardFoot>
  );
}

/**
 * The analysis under the head: the figures' progress, loading, the empty project, then the
 * filters, the selection's actions with the count, the rows and the foot.
 */
export function AnalysisBody({
  project,
  analysis,
  isWide,
}: {
  project: Project;
  analysis: AnalysisRows;
  isWide: boolean;
}) {
  const { figures, answer, pageQuery, rows, view, onViewChange, projectId } = analysis;
  if (figures.isPending) return <FiguresProgress keywordCount={project.keywords_count} />;
  if (!answer) {
    return pageQuery.isError ? (
      <DataCardLoadFailed text="Keywords could not be loaded." onRetry={() => void pageQuery.refetch()} />
    ) : (
      <DataCardSkeleton label="Loading keywords" rows={5} widths={['40%', '40%']} mih={260} />
    );
  }
  if (answer.projectKeywordCount === 0) {
    return (
      <DataCardEmpty
        icon={<IconSparkles size={26} />}
        title="No keywords yet"
        hint="Generate keywords for this project, or import the keyword ideas you downloaded from Keyword Planner."
        hintWidth={400}
      />
    );
  }
  const { pagination } = answer;
  const first = (pagination.page - 1) * pagination.pageSize + 1;
  const last = Math.min(pagination.page * pagination.pageSize, pagination.totalCount);
  const rowProps = {
    rows,
    projectId,
    sort: view.sort,
    order: view.order,
    onSort: (column: AnalysisSortColumn) => onViewChange(nextSort(view, column)),
    selection: analysis.selection,
    deletingId: analysis.deletingId,
    onDelete: analysis.handleDelete,
  };
  return (
    <>
      <AnalysisFilters view={view} onChange={onViewChange} isCompact={!isWide} currency={project.currency} />
      <ProjectKeywordActions
        projectId={projectId}
        rows={rows}
        selection={analysis.selection}
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
        <DataCardNoMatch title="No keywords match these filters">
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
        </DataCardNoMatch>
      ) : (
        <DataCardRows isLoading={pageQuery.isPlaceholderData}>
          {isWide ? <AnalysisTable {...rowProps} /> : <AnalysisCards {...rowProps} />}
        </DataCardRows>
      )}
      <AnalysisFoot analysis={analysis} />
    </>
  );
}
