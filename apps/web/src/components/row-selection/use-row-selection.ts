import { useCallback, useMemo, useState } from 'react';

export interface RowSelection<Row extends { id: number }> {
  /** The chosen rows of the page, in the page's order. */
  rows: readonly Row[];
  ids: number[];
  count: number;
  isSelected: (id: number) => boolean;
  /** Chooses or lets go of these rows (one, or the whole page). */
  select: (rows: readonly Row[], isSelected: boolean) => void;
  clear: () => void;
}

/**
 * Which rows of a page of keywords are chosen for a bulk action. Only rows on the page count: a
 * row deleted meanwhile drops out by itself, and when `resetKey` changes (another page, other
 * filters or order) the selection is let go, since the rows shown are others.
 */
export function useRowSelection<Row extends { id: number }>(
  pageRows: readonly Row[],
  resetKey: string,
): RowSelection<Row> {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  const [chosenFor, setChosenFor] = useState(resetKey);
  if (chosenFor !== resetKey) {
    setChosenFor(resetKey);
    setChosen(new Set());
  }

  const select = useCallback((rows: readonly Row[], isSelected: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      for (const row of rows) {
        if (isSelected) next.add(row.id);
        else next.delete(row.id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setChosen(new Set()), []);

  return useMemo(() => {
    const rows = pageRows.filter((row) => chosen.has(row.id));
    const ids = rows.map((row) => row.id);
    const onPage = new Set(ids);
    return { rows, ids, count: ids.length, isSelected: (id) => onPage.has(id), select, clear };
  }, [pageRows, chosen, select, clear]);
}
