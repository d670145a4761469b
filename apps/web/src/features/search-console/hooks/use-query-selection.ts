import { useCallback, useMemo, useState } from 'react';

/**
 * Which queries of the page are chosen for Add to project, by their text (a query has no id). Only
 * queries on the page count; when `resetKey` changes (another page, search or filter) the choice
 * is let go, since the rows shown are others.
 */
export function useQuerySelection(pageQueries: readonly string[], resetKey: string) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [chosenFor, setChosenFor] = useState(resetKey);
  if (chosenFor !== resetKey) {
    setChosenFor(resetKey);
    setChosen(new Set());
  }
  const select = useCallback((queries: readonly string[], isSelected: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      for (const query of queries) {
        if (isSelected) next.add(query);
        else next.delete(query);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setChosen(new Set()), []);
  return useMemo(() => {
    const queries = pageQueries.filter((query) => chosen.has(query));
    const onPage = new Set(queries);
    return { queries, count: queries.length, isSelected: (query: string) => onPage.has(query), select, clear };
  }, [pageQueries, chosen, select, clear]);
}

export type QuerySelection = ReturnType<typeof useQuerySelection>;
