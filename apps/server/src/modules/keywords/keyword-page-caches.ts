import type { KeywordPageRow } from '@keywright/contract';
import { setBounded } from '../../lib/bounded-map';
import { createVersionedCache } from '../../lib/versioned-cache';
import type { MetricsPlace } from '../../providers/metrics/metrics-provider';

const MAX_ANCHOR_SETS = 64;
const MAX_MATCHING_SETS = 32;
const MAX_KNOWN_CONTEXTS = 1_000;
/** Figures also age out of the cache by time, so a matching set is kept for minutes at most. */
const MATCHING_SET_TTL_MS = 5 * 60 * 1000;
const MAX_KEPT_PAGES = 500;
const MAX_SEARCH_COUNTS = 500;
const PAGE_TTL_MS = 5 * 60 * 1000;
const FIGURES_PAGE_TTL_MS = 60 * 1000;

/** What a page needs of its project, read in the page's own statement. */
export interface PageContext {
  count: number;
  version: number;
  latestRunId: number | null;
  /** The project's place and language: which cached figures are its. */
  place: MetricsPlace;
  /** Moves on every write to the figures cache. */
  metricsVersion: number;
  /** The project's current Search Console import (null: none): its queries' figures are the rows'. */
  searchConsoleImportId: number | null;
}

/** The sort key of a page's first row. */
export type Anchor = {
  id: number;
  created_at: string;
  normalized: string;
};

export interface KeptPage {
  context: PageContext;
  rows: KeywordPageRow[];
  totalCount: number;
  withFigures: boolean;
  at: number;
}

/** Whether a kept page is young enough to answer again (pages with figures age faster, as figures leave the cache by age). */
export const isFreshPage = (kept: KeptPage) =>
  Date.now() - kept.at < (kept.withFigures ? FIGURES_PAGE_TTL_MS : PAGE_TTL_MS);

/**
 * The keyword pages' four in-process caches: each is worked out from the database by the
 * repository and kept here for the versions of the project's keywords (and figures) it was made of.
 */
export function createKeywordPageCaches() {
  /**
   * The sort key of the first row of every page, per project, sort and page size, valid for one
   * version of the project's keywords. A deep page is then an index seek instead of an OFFSET over
   * tens of thousands of rows.
   */
  const anchorSets = new Map<string, { version: number; anchors: Promise<Anchor[]> }>();
  /** Ids of the keywords inside CPC bounds or of some intents, in page order, per project, filter and versions. */
  const matchingSets = createVersionedCache<number[]>(MAX_MATCHING_SETS, MATCHING_SET_TTL_MS);
  /** How many keywords a search (and intents) keeps, per project and filter, for a version of its keywords. */
  const searchCounts = createVersionedCache<{ count: number; version: number }>(MAX_SEARCH_COUNTS, PAGE_TTL_MS);
  /** The project facts each page last answered, per project: what the next page is built on. */
  const lastContexts = new Map<number, PageContext>();
  /**
   * Pages answered lately, with the project's facts they were made of: asked again (a refetch, a
   * teammate, going back), a page costs only the read of those facts while they hold.
   */
  const pages = new Map<string, KeptPage>();

  return {
    /**
     * The anchors of `key` for `version`, or `read` ones: one statement, one snapshot, so the
     * anchors and the version they belong to (which `read` answers) agree. Kept while it runs, so
     * the deep pages asked for meanwhile wait for the one query.
     */
    anchors(
      key: string,
      version: number,
      read: () => Promise<{ version: number | string | undefined; anchors: Anchor[] }>,
    ): Promise<Anchor[]> {
      const cached = anchorSets.get(key);
      if (cached?.version === version) return cached.anchors;
      const entry = {
        version,
        anchors: read().then((found) => {
          entry.version = Number(found.version ?? version);
          return found.anchors;
        }),
      };
      setBounded(anchorSets, key, entry, MAX_ANCHOR_SETS);
      entry.anchors.catch(() => {
        if (anchorSets.get(key) === entry) anchorSets.delete(key);
      });
      return entry.anchors;
    },

    /** The matching ids of `key` for `versions`, or `read` ones (kept while worked out, so the pages asked for meanwhile wait for the one query). */
    matchingIds: (key: string, versions: string, read: () => Promise<number[]>): Promise<number[]> =>
      matchingSets.get(key, versions, read),

    /**
     * The count of `key` for `version`, or `read` one: a count read on another version (the keywords
     * moved meanwhile) answers its page but is not kept.
     */
    async searchCount(
      key: string,
      version: number,
      read: () => Promise<{ count: number; version: number }>,
    ): Promise<number> {
      const found = await searchCounts.get(key, String(version), read);
      if (found.version !== version) searchCounts.put(key, 'moved', Promise.resolve(found));
      return found.count;
    },

    lastContext: (projectId: number): PageContext | null => lastContexts.get(projectId) ?? null,

    rememberContext(projectId: number, context: PageContext): void {
      setBounded(lastContexts, projectId, context, MAX_KNOWN_CONTEXTS);
    },

    keptPage: (key: string): KeptPage | undefined => pages.get(key),

    keepPage(key: string, page: Omit<KeptPage, 'at'>): void {
      setBounded(pages, key, { ...page, at: Date.now() }, MAX_KEPT_PAGES);
    },

    dropPage(key: string): void {
      pages.delete(key);
    },
  };
}
