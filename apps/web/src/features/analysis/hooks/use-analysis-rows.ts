import { messages, type AnalysisRow, type Project } from '@keywright/contract';
import { useEffect } from 'react';
import { useCardPaging } from '@/components/data-card/data-card';
import { useDeleteKeyword } from '@/components/project-keywords/api/delete-keyword';
import { useRowSelection } from '@/components/row-selection/use-row-selection';
import { errorMessage, isApiError, isUnauthorized } from '@/lib/api-error';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import {
  useEnsureKeywordFigures,
  useRefreshKeywordFigures,
} from '@/components/project-keywords/api/ensure-keyword-figures';
import { useExportAnalysis } from '../api/export-analysis';
import { useAnalysisPage } from '../api/get-analysis-page';
import { analysisExportQuery, analysisPageQuery, type AnalysisView } from '../analysis-view';
import type { ChangeView } from './use-analysis-view';

const noRows: readonly AnalysisRow[] = [];

/**
 * One project's analysed keywords: every keyword's figures fetched first, then the page the
 * address asks for, its selection, and deleting a row and exporting them all.
 */
export function useAnalysisRows(project: Project, view: AnalysisView, onViewChange: ChangeView) {
  const projectId = project.id;
  const figures = useEnsureKeywordFigures(projectId);
  const refreshFigures = useRefreshKeywordFigures(projectId);
  const pageQuery = useAnalysisPage(projectId, analysisPageQuery(view), {
    figuresAt: figures.dataUpdatedAt,
    enabled: !figures.isPending,
  });
  const answer = pageQuery.data;
  const { cardRef, handlePageChange } = useCardPaging((page) => onViewChange({ page }));

  // Another page, other filters or order show other keywords: a selection made there is let go.
  const selection = useRowSelection(answer?.data ?? noRows, JSON.stringify(analysisPageQuery(view)));

  const deleteKeyword = useDeleteKeyword();
  const exportAnalysis = useExportAnalysis();

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

  const rows = answer?.data ?? [];
  const sources = new Set(rows.map((row) => row.metrics?.source));

  return {
    projectId,
    view,
    onViewChange,
    figures,
    refreshFigures,
    pageQuery,
    answer,
    rows,
    selection,
    showEstimated: sources.has('estimate') || (rows.length === 0 && answer?.source === 'estimate'),
    hasPlannerFigures: sources.has('keyword-planner'),
    deletingId: deleteKeyword.isPending ? deleteKeyword.variables.keywordId : null,
    isExporting: exportAnalysis.isPending,
    cardRef,
    handlePageChange,
    handleDelete,
    handleExport,
  };
}

export type AnalysisRows = ReturnType<typeof useAnalysisRows>;
