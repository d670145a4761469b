import { keywordListsSchema, type KeywordList } from '@keywright/contract';
import type { Caller } from '../../access/access';
import { createFingerprintedJsonCache } from '../../lib/fingerprinted-json-cache';

/** The lists page as it goes out: checked against the contract (no unlisted column leaves), as JSON. */
export function serializeKeywordLists(lists: readonly KeywordList[]): string {
  return JSON.stringify(keywordListsSchema.parse(lists));
}

/**
 * The lists page as JSON with its fingerprint (the ETag). A caller whose lists have not changed
 * gets the answer serialized last time; `refresh` reads them anew.
 */
export function createKeywordListsPageJson(lists: {
  listFingerprint: (caller: Caller) => Promise<string>;
  listLists: (caller: Caller) => Promise<KeywordList[]>;
}) {
  const cachedJson = createFingerprintedJsonCache();
  return (caller: Caller, refresh: boolean) =>
    cachedJson(
      caller.id,
      () => lists.listFingerprint(caller),
      async () => serializeKeywordLists(await lists.listLists(caller)),
      refresh,
    );
}
