import { constants, messages, normalizeKeyword, tidyKeyword } from '@keywright/contract';
import type { Db } from '../../db/client';
import { getReadableProject } from '../../access/access';
import type { JobQueue } from '../../jobs/queue';
import { UpstreamError } from '../../lib/http-client';
import { cellProblem } from '../../lib/text-pieces';
import {
  SearchConsoleForbiddenError,
  SearchConsoleUnauthorizedError,
  type SearchConsoleClient,
  type SearchConsoleRow,
} from '../../providers/search-console/search-console-client';
import { SearchConsoleNotConnectedError, type WithSearchConsoleAccess } from './search-console-access';
import type { StoredQueryRow } from './search-console-imports.repository';
import { createSearchConsoleJobsRepository, type BestPage } from './search-console-jobs.repository';

export const SEARCH_CONSOLE_QUEUE = 'search-console-import';

export interface SearchConsoleTimings {
  /** A running fetch whose heartbeat is older than this is taken to have died with its process. */
  staleAfterSeconds: number;
  heartbeatSeconds: number;
  /** How often the sweep looks for fetches to resume and linked projects due their daily refresh. */
  sweepSeconds: number;
  /** Attempts of one fetch before it fails. */
  maxAttempts: number;
}

export const defaultSearchConsoleTimings: SearchConsoleTimings = {
  staleAfterSeconds: 30,
  heartbeatSeconds: 5,
  sweepSeconds: 15,
  maxAttempts: 3,
};

/** Rows written (or best pages set) in one statement: the progress people see moves at this step. */
const BATCH_ROWS = 5_000;

/** Search Console's days lag: the newest complete one is two days back. */
const LAG_DAYS = 2;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The dates a fetch covers: the last 16 months up to two days ago (YYYY-MM-DD, inclusive). */
export function fetchRange(now: Date = new Date()): { startDate: string; endDate: string } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - LAG_DAYS));
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - constants.searchConsole.months);
  // 16 months before the 31st of a month that has fewer days would roll over: the month's last day instead.
  if (start.getUTCDate() !== end.getUTCDate()) start.setUTCDate(0);
  return { startDate: isoDate(start), endDate: isoDate(end) };
}

/** A query row as the import stores it; null when its query cannot be a keyword (blank, too long, control characters). */
export function storedQueryRow(row: SearchConsoleRow): StoredQueryRow | null {
  const query = tidyKeyword(row.query);
  if (cellProblem(query, constants.limits.keyword)) return null;
  return {
    query,
    normalized: normalizeKeyword(query),
    clicks: Math.round(row.clicks),
    impressions: Math.round(row.impressions),
    ctr: Math.min(1, row.ctr),
    position: row.position,
  };
}

/** This attempt lost the fetch to another process (its heartbeat went stale): it stops quietly. */
class TakenOverError extends Error {}

export function createSearchConsoleFetchService({
  db,
  queue,
  withAccess,
  timings = defaultSearchConsoleTimings,
  log,
}: {
  db: Db;
  queue: JobQueue;
  /** Null when Search Console is not configured: a fetch then fails as with a revoked grant. */
  withAccess: WithSearchConsoleAccess | null;
  timings?: SearchConsoleTimings;
  log: (error: unknown, message: string) => void;
}) {
  const jobs = createSearchConsoleJobsRepository(db);
  const { imports } = jobs;

  async function enqueue(importId: number): Promise<void> {
    await queue.send(SEARCH_CONSOLE_QUEUE, { importId });
  }

  /** Fetches what the import lacks: the queries from the rows it holds on, then each query's best page. */
  async function fetchInto(
    client: SearchConsoleClient,
    token: string,
    importId: number,
    attempt: number,
  ): Promise<void> {
    const row = await jobs.findFetch(importId);
    if (!row || !row.siteUrl || !row.startDate || !row.endDate) throw new TakenOverError();
    const range = { siteUrl: row.siteUrl, startDate: row.startDate, endDate: row.endDate };
    const ensureMine = async () => {
      if (!(await jobs.stillMine(importId, attempt))) throw new TakenOverError();
    };

    if (row.pageRows === null) {
      // A page fetched again after a crash repeats rows: the import keeps the first of each query.
      const startRow = await imports.storedRows(importId);
      let batch: StoredQueryRow[] = [];
      const flush = async () => {
        await ensureMine();
        await imports.addRows(importId, batch);
        batch = [];
      };
      for await (const fetched of client.queryRows(token, { ...range, dimensions: ['query'], startRow })) {
        const stored = storedQueryRow(fetched);
        if (stored) batch.push(stored);
        if (batch.length >= BATCH_ROWS) await flush();
      }
      await flush();
      await jobs.beginPagePass(importId);
    }

    const pageRows = (await jobs.findFetch(importId))?.pageRows ?? 0;
    let best = new Map<string, BestPage>();
    let read = 0;
    const flush = async () => {
      await ensureMine();
      await jobs.applyBestPages(importId, [...best.values()], read);
      best = new Map();
      read = 0;
    };
    const rows = client.queryRows(token, { ...range, dimensions: ['query', 'page'], startRow: pageRows });
    for await (const fetched of rows) {
      read += 1;
      const normalized = normalizeKeyword(fetched.query);
      const impressions = Math.round(fetched.impressions);
      const known = best.get(normalized);
      if (fetched.page && (!known || known.impressions < impressions)) {
        best.set(normalized, { normalized, page: fetched.page, impressions });
      }
      if (read >= BATCH_ROWS) await flush();
    }
    await flush();
  }

  return {
    enqueue,

    /**
     * Works one fetch: claims it (a dead process's fetch once its heartbeat is stale), fetches what
     * it lacks and completes it, which makes its queries the project's. A revoked grant or a
     * property the account may not read fails it with the reason; nothing the project shows changes.
     */
    async execute(importId: number): Promise<void> {
      const claimed = await jobs.claim(importId, timings.staleAfterSeconds);
      if (!claimed) return; // done, or another process has it
      const attempt = claimed.attempts;
      if (attempt > timings.maxAttempts) {
        await imports.failImport(importId, messages.searchConsoleImportGaveUp(timings.maxAttempts));
        return;
      }
      const heartbeat = setInterval(() => {
        jobs.heartbeat(importId, attempt).catch((error: unknown) => log(error, 'Search Console heartbeat failed'));
      }, timings.heartbeatSeconds * 1000);
      heartbeat.unref();
      try {
        if (!withAccess || !claimed.userId) throw new SearchConsoleNotConnectedError();
        await withAccess(claimed.userId, (client, token) => fetchInto(client, token, importId, attempt));
        await imports.completeImport(importId);
      } catch (error) {
        if (error instanceof TakenOverError) return;
        if (error instanceof SearchConsoleNotConnectedError || error instanceof SearchConsoleUnauthorizedError) {
          await imports.failImport(importId, messages.searchConsoleImportRevoked);
        } else if (error instanceof SearchConsoleForbiddenError) {
          await imports.failImport(importId, messages.searchConsoleImportForbidden(claimed.siteUrl ?? error.siteUrl));
        } else if (error instanceof UpstreamError && attempt >= timings.maxAttempts) {
          await imports.failImport(importId, error.message);
        } else {
          // Left running: once its heartbeat is stale the sweep sends it again, and it resumes.
          log(error, 'Search Console import stopped; it resumes later');
        }
      } finally {
        clearInterval(heartbeat);
      }
    },

    /**
     * Sends again the fetches whose job was lost or whose process died, and starts the daily
     * refresh of linked projects with their linker's grant.
     */
    async sweep(): Promise<number> {
      const due = await jobs.dueFetches(timings.staleAfterSeconds);
      for (const importId of due) await enqueue(importId);
      let started = 0;
      for (const project of await jobs.dueRefreshes(constants.searchConsole.refreshEveryHours)) {
        // A linker who left the owner's team no longer fetches into the project.
        const readable = await getReadableProject(db, { id: project.linkedBy }, project.projectId).then(
          () => true,
          () => false,
        );
        if (!readable) continue;
        const { row, started: isNew } = await jobs.startFetch({
          projectId: project.projectId,
          userId: project.linkedBy,
          siteUrl: project.siteUrl,
          ...fetchRange(),
        });
        if (isNew) {
          await enqueue(row.id);
          started += 1;
        }
      }
      return due.length + started;
    },
  };
}

export type SearchConsoleFetchService = ReturnType<typeof createSearchConsoleFetchService>;
