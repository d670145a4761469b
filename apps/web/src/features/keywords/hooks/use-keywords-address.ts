import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readKeywordsAddress, writeKeywordsAddress, type KeywordsAddress } from '../keywords-address';

export type ChangeKeywordsAddress = (change: Partial<KeywordsAddress>, options?: { replace?: boolean }) => void;

/**
 * The keyword table's filters, sort and Show CPC, kept in the address (see keywords-address.ts).
 * A change is a new history entry (Back undoes it) unless `replace` (the search, as it is typed).
 */
export function useKeywordsAddress(): [KeywordsAddress, ChangeKeywordsAddress] {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = useMemo(() => readKeywordsAddress(searchParams), [searchParams]);
  const change = useCallback<ChangeKeywordsAddress>(
    (next, { replace = false } = {}) =>
      setSearchParams((current) => writeKeywordsAddress(current, next), { replace, preventScrollReset: true }),
    [setSearchParams],
  );
  return [address, change];
}
