import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** `?page=N` as a page number: 1 for a missing or unreadable value. */
export function parsePageParam(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** The current page, kept in the URL so a reload (and Back) keeps it. Page 1 leaves the URL clean. */
export function usePageParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const setPage = useCallback(
    (next: number, { replace = false }: { replace?: boolean } = {}) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next > 1) params.set('page', String(next));
          else params.delete('page');
          return params;
        },
        { replace, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [page, setPage] as const;
}
