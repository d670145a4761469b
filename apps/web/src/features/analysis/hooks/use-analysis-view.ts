import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readAnalysisView, writeAnalysisView, type AnalysisView } from '../analysis-view';

export type ChangeView = (change: Partial<AnalysisView>, options?: { replace?: boolean }) => void;

/**
 * The analysis page's view, kept in the address: the project, the filters, the order and the
 * page. A change of filters or order goes back to page 1; another project clears the filters.
 */
export function useAnalysisView(): [AnalysisView, ChangeView] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => readAnalysisView(searchParams), [searchParams]);
  const changeView = useCallback<ChangeView>(
    (change, { replace = false } = {}) =>
      setSearchParams((current) => writeAnalysisView(readAnalysisView(current), change), {
        replace,
        preventScrollReset: true,
      }),
    [setSearchParams],
  );
  return [view, changeView];
}
