import { constants, type MetricsSource } from '@keywright/contract';
import { useEffect, useRef } from 'react';
import type { useLoadKeywordMetrics } from '@/components/project-keywords/api/load-keyword-metrics';

/**
 * A keyword table opened with CPC shown (`?cpc=1`: a reload, Back, a shared link) shows the
 * figures the server has cached; this asks it, once and quietly, to fetch those it lacks (none,
 * usually: the call then costs nothing upstream), and learns where the figures come from.
 */
export function useRestoreCpc(
  projectId: number,
  isNeeded: boolean,
  fill: ReturnType<typeof useLoadKeywordMetrics>,
  onSource: (source: MetricsSource) => void,
) {
  const hasRun = useRef(false);
  const { mutate } = fill;
  useEffect(() => {
    if (!isNeeded || hasRun.current) return;
    hasRun.current = true;
    mutate(
      { projectId, page: 1, pageSize: constants.metricsPageSize, refresh: false },
      // A failure says nothing here: the figures the cache has show, and Refresh CPC says what went wrong.
      { onSuccess: (metrics) => onSource(metrics.source) },
    );
  }, [isNeeded, mutate, projectId, onSource]);
}
