import type { ClusterTightness } from '@keywright/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readProjectView, readTightness, writeProjectView, type ProjectView } from '../clusters-view';

/**
 * The project page's view (`?view=groups`) and the groups' tightness (`&tightness=tight`), kept in
 * the address so a link or a reload opens the same view. A change of view is a new history entry
 * (Back returns to the other view); a change of tightness replaces it.
 */
export function useProjectView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readProjectView(searchParams);
  const tightness = readTightness(searchParams);
  const setView = useCallback(
    (next: ProjectView) =>
      setSearchParams((current) => writeProjectView(current, { view: next }), { preventScrollReset: true }),
    [setSearchParams],
  );
  const setTightness = useCallback(
    (next: ClusterTightness) =>
      setSearchParams((current) => writeProjectView(current, { tightness: next }), {
        replace: true,
        preventScrollReset: true,
      }),
    [setSearchParams],
  );
  return useMemo(() => ({ view, tightness, setView, setTightness }), [view, tightness, setView, setTightness]);
}
