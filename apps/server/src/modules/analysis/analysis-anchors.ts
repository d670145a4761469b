import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createVersionedCache } from '../../lib/versioned-cache';
import { metricsVersionValue } from '../../queries/figures';
import type { Cursor, Part } from './analysis-query-parts';

/**
 * Every this many rows of a part of an order, its sort key is kept: a deep page resumes after the
 * key of the block before it and skips at most this many rows, instead of an OFFSET over all of them.
 */
export const ANCHOR_STEP = 200;
/** Shallower than this, an OFFSET is as cheap as a seek, and no anchors are worked out. */
export const ANCHOR_FROM_OFFSET = 1_000;
const MAX_ANCHOR_SETS = 64;
/** Cached figures also age out by time, so anchors made of them are kept for minutes at most. */
const ANCHORS_TTL_MS = 5 * 60 * 1000;

interface AnchorSet {
  /** The versions of the project's keywords and of the figures cache the anchors were read with. */
  versions: string;
  /** The cursor of rows ANCHOR_STEP, 2 x ANCHOR_STEP, ... of the part, in order. */
  cursors: Cursor[];
}

/** Where a part's window starts: after a kept key (none: from the part's start), then an OFFSET. */
export interface AnchoredWindow {
  after?: Cursor;
  offset: number;
}

/**
 * The analysis page's anchors: per set, order and part, the sort key of every ANCHOR_STEP-th row,
 * read in one pass and kept for the versions of the data it was read on (as the keyword pages keep
 * theirs), so a deep page of a large set is an index seek and a short skip.
 */
export function createAnalysisAnchors(db: Db) {
  const anchorSets = createVersionedCache<AnchorSet>(MAX_ANCHOR_SETS, ANCHORS_TTL_MS);

  async function readAnchors(projectId: number, ranked: SQL): Promise<AnchorSet> {
    // The versions are read in the anchors' own statement, so they are those of its snapshot.
    const { rows } = await db.execute<{
      id: number | string | null;
      cursor_value: string | number | null;
      cursor_keyword: string | null;
      versions: string;
    }>(sql`
      select ranked.id, ranked.cursor_value, ranked.cursor_keyword,
        (select keywords_version from projects where id = ${projectId}) || ':' || ${metricsVersionValue} as versions
      from (select 1) one
      left join lateral (
        select * from (${ranked}) ranked where ranked.position % ${ANCHOR_STEP} = 0
      ) ranked on true
      order by ranked.position`);
    return {
      versions: rows[0]!.versions,
      cursors: rows
        .filter((row) => row.id != null)
        .map((row) => ({ value: row.cursor_value, keyword: row.cursor_keyword!, id: Number(row.id) })),
    };
  }

  return {
    /**
     * Where the window at `offset` of a part starts, for the data at `versions`; null when it is
     * shallow, or when the anchors were read on other versions than the page's (the data moved in
     * between): an OFFSET then answers this page, and the next one reads the anchors anew.
     */
    async window(
      key: string,
      versions: string,
      offset: number,
      projectId: number,
      ranked: () => SQL,
    ): Promise<AnchoredWindow | null> {
      if (offset < ANCHOR_FROM_OFFSET) return null;
      const anchors = await anchorSets.get(key, versions, () => readAnchors(projectId, ranked()));
      if (anchors.versions !== versions) return null;
      const block = Math.floor(offset / ANCHOR_STEP);
      const after = anchors.cursors[block - 1];
      // Past the last anchor the part ends before the page: resume after the last one, skip the rest.
      if (!after) return { after: anchors.cursors.at(-1), offset: offset - anchors.cursors.length * ANCHOR_STEP };
      return { after, offset: offset - block * ANCHOR_STEP };
    },
  };
}

export type AnalysisAnchors = ReturnType<typeof createAnalysisAnchors>;

/** A part's key in the anchors' cache: everything that decides its rows and their order. */
export const anchorsKey = (parts: unknown[], part: Part) => JSON.stringify([...parts, part]);
