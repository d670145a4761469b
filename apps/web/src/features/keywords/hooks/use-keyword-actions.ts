import { constants, messages, type KeywordExportQuery, type KeywordPageRow } from '@keywright/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useDeleteKeyword } from '@/components/project-keywords/api/delete-keyword';
import { useLoadKeywordMetrics } from '@/components/project-keywords/api/load-keyword-metrics';
import { keywordExportQuery, noCpcBounds } from '@/lib/cpc-filter';
import { intentQuery } from '@/lib/intent-filter';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { useExportKeywords } from '../api/export-keywords';
import { keywordPageQueryOptions } from '../api/get-keyword-page';
import type { KeywordRows } from './use-keyword-rows';
import { useRestoreCpc } from './use-restore-cpc';

/** What the keywords card does to its keywords: delete one, export them, load or refresh their CPC. */
export function useKeywordActions(keywords: KeywordRows) {
  const { projectId, isMetricsLoaded, isFiltered, isCpcFiltered, address, changeAddress } = keywords;
  const queryClient = useQueryClient();
  // Held here, not in the row: a row unmounts when its keyword goes, and its callbacks with it.
  const deleteKeyword = useDeleteKeyword();
  const exportKeywords = useExportKeywords();
  const loadMetrics = useLoadKeywordMetrics();
  // A keyword typed in while CPC is shown gets its figures too (the server fetches only what it lacks).
  const fillMetrics = useLoadKeywordMetrics();

  // Opened with CPC shown (a reload, a link): the figures the cache lacks are fetched, quietly.
  useRestoreCpc(projectId, isMetricsLoaded && keywords.metricsSource === null, fillMetrics, keywords.setMetricsSource);

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
      runExport(keywords.totalCount, keywordExportQuery({ withMetrics: isMetricsLoaded }));
      return;
    }
    const filters = {
      withMetrics: isMetricsLoaded,
      bounds: isCpcFiltered ? address.bounds : noCpcBounds,
      intents: address.intents,
    };
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
          keywords.setMetricsSource(metrics.source);
          if (!isMetricsLoaded) changeAddress({ showCpc: true });
          notifySuccess(messages.cpcLoaded);
        },
        onError: (metricsError) => notifyApiError(metricsError, messages.failedToFetchCpc, { preferServerText: true }),
      },
    );
  };

  /** Keywords typed in: while CPC is shown, their figures are fetched too. */
  const fillAddedMetrics = () => {
    if (isMetricsLoaded) {
      fillMetrics.mutate({ projectId, page: 1, pageSize: constants.metricsPageSize, refresh: false });
    }
  };

  return {
    deletingId: deleteKeyword.isPending ? deleteKeyword.variables.keywordId : null,
    isExporting: exportKeywords.isPending,
    isLoadingCpc: loadMetrics.isPending,
    handleDelete,
    handleExport,
    handleLoadCpc,
    fillAddedMetrics,
  };
}
