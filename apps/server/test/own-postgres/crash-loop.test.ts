import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeKeyword } from '@keywright/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../src/lib/random';
import { startFakeSearchConsole, type FakeSearchConsole } from '../fakes/search-console';
import { metricsScope } from '../../src/queries/figures';
import { startFakeChatServer, type FakeChatServer } from '../fakes/chat-completions';
import {
  allowedRefusals,
  checkJobs,
  jobsLeft,
  type JobsLeft,
  modelAnswers,
  SEARCH_CONSOLE_ROWS,
  SEARCH_CONSOLE_SITE,
  type JobKind,
  type Upload,
} from '../support/crash-loop-jobs';
import {
  callsByStatus,
  listCity,
  makeFixtures,
  metricsCity,
  PLACE,
  warmUp,
  work,
  type Call,
  type Kind,
  type LoopHarness,
} from '../support/crash-loop-work';
import { embeddedPostgresIn, startServer, stopServer, type ServerProcess } from '../support/process';

// Ten times in a row: the server killed with SIGKILL at a random moment while work is in flight,
// then started again on the same data directory. Afterwards nothing committed is lost, nothing is
// half-written, no keyword is in a project twice and no generation run or grouping job stays stuck.
// The server runs with a language model and Search Console (both fakes), so the kills also fall into
// the intent filler and the model's intent pass, Keyword Planner and search terms imports, a Search
// Console fetch and document reading (support/crash-loop-jobs.ts); each finishes after the restarts.

const CYCLES = 10;
const SEED = 0x5eed_2611;
/** The kill comes this long after the work starts: early (calls arriving) to late (jobs running, adds streaming). */
const KILL_AFTER_MS = { min: 200, max: 3_000 };
/** Calls per loop and cycle at most: a bound no kill lets a loop reach. */

let dataDir: string;
let uploadDir: string;
let server: ServerProcess;
let model: FakeChatServer;
let searchConsole: FakeSearchConsole;
let token = '';
const calls: Call[] = [];
let killed = false;

async function request(method: string, pathname: string, body?: unknown): Promise<{ status: number; answer: unknown }> {
  const response = await fetch(`http://127.0.0.1:${server.port}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      origin: `http://localhost:${server.port}`,
      ...(isUpload(body) ? body.headers : body !== undefined && { 'content-type': 'application/json' }),
    },
    body: isUpload(body) ? body.payload : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, answer: text ? JSON.parse(text) : null };
}

const isUpload = (body: unknown): body is Upload => Buffer.isBuffer((body as Upload | undefined)?.payload);

/** A call of the work the kills fall into, recorded with how it ended. */
async function call(kind: Kind, cycle: number, method: string, pathname: string, body?: unknown): Promise<Call> {
  const record: Call = { kind, cycle, pathname, body, status: 'pending' };
  calls.push(record);
  try {
    Object.assign(record, await request(method, pathname, body));
  } catch (error) {
    if (!killed) throw error; // only the kill may cut a call off
    record.status = 'cut';
  }
  return record;
}

/** Calls made while setting up must succeed; the answer's body. */
async function setUp<T>(method: string, pathname: string, body: unknown): Promise<T> {
  const { status, answer } = await request(method, pathname, body);
  if (status >= 300) throw new Error(`${method} ${pathname}: ${status} ${JSON.stringify(answer)}`);
  return answer as T;
}

/** The embedded PostgreSQL of the data directory, live or left running by a killed server. */
async function database(): Promise<pg.Client> {
  const postgres = embeddedPostgresIn(dataDir);
  if (!postgres) throw new Error('The embedded PostgreSQL is not running');
  const client = new pg.Client({ host: '127.0.0.1', port: postgres.port, user: 'postgres', database: 'keywright' });
  await client.connect();
  return client;
}

async function runCounts(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ status: string; count: number }>(
    'select status, count(*)::int as count from generation_runs group by status',
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

/** The calls of the loop's work (support/crash-loop-work.ts), recorded here. */
const harness: LoopHarness = {
  call,
  setUp: <T>(method: string, pathname: string, body?: unknown) => setUp<T>(method, pathname, body),
  request,
  live: () => !killed,
  database: () => database(),
  cycles: CYCLES,
};

/** With a language model (the fake) and Search Console (the fake), so their jobs run too. */
const boot = () =>
  startServer({
    env: {
      DATA_DIR: dataDir,
      UPLOAD_DIR: uploadDir,
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: 'fake-key',
      ...searchConsole.env,
    },
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-crash-loop-'));
  chmodSync(dataDir, 0o755); // when run as root, PostgreSQL runs as the postgres user and must reach its directory
  uploadDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-crash-uploads-'));
  model = await startFakeChatServer({ otherwise: modelAnswers() });
  searchConsole = await startFakeSearchConsole();
  searchConsole.addProperty({
    siteUrl: SEARCH_CONSOLE_SITE,
    permissionLevel: 'siteOwner',
    rowCount: SEARCH_CONSOLE_ROWS,
  });
});

afterAll(async () => {
  if (server) await stopServer(server);
  await model?.close();
  await searchConsole?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(uploadDir, { recursive: true, force: true });
});

/** Connects the signed-in person to Search Console through the fake's consent. */
async function connectSearchConsole(): Promise<void> {
  const start = await fetch(`http://127.0.0.1:${server.port}/api/auth/search-console/connect`, {
    redirect: 'manual',
    headers: { authorization: `Bearer ${token}`, origin: `http://localhost:${server.port}` },
  });
  const back = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location')!);
  const done = await fetch(`http://127.0.0.1:${server.port}${callback.pathname}${callback.search}`, {
    redirect: 'manual',
    headers: { authorization: `Bearer ${token}`, origin: `http://localhost:${server.port}` },
  });
  expect(done.headers.get('location')).toBe('/projects?search-console=connected');
}

describe('the server killed with SIGKILL ten times while it works', () => {
  it('loses nothing committed, half-writes nothing and leaves no run stuck', { timeout: 480_000 }, async () => {
    const random = seededRandom(SEED);
    server = await boot();
    const origin = `http://localhost:${server.port}`;
    const signUp = await fetch(`http://127.0.0.1:${server.port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'crash@example.com', password: 'crash-password', name: 'Crash' }),
    });
    token = signUp.headers.get('set-auth-token')!;
    await connectSearchConsole();
    const fixtures = await makeFixtures(harness);

    const kills: Array<{
      warm: boolean;
      afterMs: number;
      /** Calls sent and not yet answered when the kill came (some are answered all the same). */
      inFlight: Partial<Record<Kind, number>>;
      cut: number;
      runs: Record<string, number>;
      /** The background jobs' work the kill left: keywords not read yet, left open, a fetch running. */
      jobs: JobsLeft;
    }> = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const afterMs = Math.round(KILL_AFTER_MS.min + random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
      const warm = random() < 0.5;
      if (warm) await warmUp(harness, fixtures);
      killed = false;
      const working = work(harness, cycle, fixtures);
      await new Promise((resolve) => setTimeout(resolve, afterMs)); // the crash itself, not a wait for anything
      killed = true;
      server.child.kill('SIGKILL');
      const inFlight: Partial<Record<Kind, number>> = {};
      for (const made of calls.filter((entry) => entry.cycle === cycle && entry.status === 'pending')) {
        inFlight[made.kind] = (inFlight[made.kind] ?? 0) + 1;
      }
      await server.exit;
      await working;

      // What the killed server left: its PostgreSQL still runs until the next start stops it.
      const left = await database();
      const [runs, jobs] = await Promise.all([runCounts(left), jobsLeft(left)]).finally(() => left.end());
      const cut = calls.filter((entry) => entry.cycle === cycle && entry.status === 'cut').length;
      kills.push({ warm, afterMs, inFlight, cut, runs, jobs });
      server = await boot();
    }

    // The kills met the intent filler and the model's pass half-way: keywords left unread, or open.
    expect(kills.filter((kill) => kill.jobs.unread > 0).length, 'kills during the intent filler').toBeGreaterThan(0);
    expect(kills.filter((kill) => kill.jobs.open > 0).length, "kills during the model's pass").toBeGreaterThan(0);
    // Each kill met calls in flight: at least one of each loop.
    for (const [cycle, kill] of kills.entries()) {
      const inFlight = Object.values(kill.inFlight).reduce((sum, count) => sum + count, 0);
      expect(inFlight, `calls in flight at kill ${cycle}`).toBeGreaterThanOrEqual(4);
    }
    // Every call that was answered was answered well: whatever went wrong was the kill.
    const answered = calls.filter((made) => typeof made.status === 'number');
    const failed = answered.filter(
      (made) =>
        (made.status as number) >= 300 &&
        !(allowedRefusals[made.kind as JobKind] ?? []).includes(made.status as number),
    );
    expect(failed, 'calls answered with an error').toEqual([]);

    const client = await database();
    try {
      // No run stuck: the sweeper takes over runs whose process died once their heartbeat is stale.
      const restartedAt = Date.now();
      await vi.waitFor(
        async () => {
          const counts = await runCounts(client);
          if (counts.pending || counts.running) throw new Error(`runs still open: ${JSON.stringify(counts)}`);
        },
        { timeout: 90_000, interval: 500 },
      );
      const settledAfterMs = Date.now() - restartedAt;

      const { rows: runs } = await client.query<{
        id: number;
        project_id: number;
        kind: string;
        status: string;
        error: string | null;
        attempts: number;
        keywords_added: number;
        written: number;
      }>(`select r.id::int, r.project_id::int, r.kind, r.status, r.error, r.attempts, r.keywords_added,
                 (select count(*)::int from keywords k where k.generation_id = r.id) as written
          from generation_runs r order by r.id`);
      const { rows: keywords } = await client.query<{
        id: number;
        project_id: number;
        keyword: string;
        normalized: string;
        source: string;
        generation_id: number | null;
      }>('select id::int, project_id::int, keyword, normalized, source, generation_id::int from keywords');
      const { rows: items } = await client.query<{ list_id: number; keyword_id: number }>(
        'select list_id::int, keyword_id::int from keyword_list_items',
      );
      const { rows: cached } = await client.query<{ geo: string; language: string; keyword: string }>(
        `select geo, language, keyword from keyword_metrics where provider = 'estimate'`,
      );
      const keywordById = new Map(keywords.map((keyword) => [keyword.id, keyword]));
      const runById = new Map(runs.map((run) => [run.id, run]));
      const inList = new Set(items.map((item) => `${item.list_id}:${item.keyword_id}`));
      const cachedKeys = new Set(cached.map((row) => `${row.geo}|${row.language}|${row.keyword}`));

      // No keyword twice in a project, by the rule that normalizes it (not only by the stored column).
      const seen = new Set<string>();
      const twice = keywords.filter((keyword) => {
        const key = `${keyword.project_id}:${normalizeKeyword(keyword.keyword)}`;
        const repeated = seen.has(key);
        seen.add(key);
        return repeated || keyword.normalized !== normalizeKeyword(keyword.keyword);
      });
      expect(twice, 'keywords twice in a project').toEqual([]);

      // Every run ended, and wrote all of its keywords or none.
      for (const run of runs) {
        expect(['completed', 'failed'], `run ${run.id}`).toContain(run.status);
        expect(run.written, `keywords of run ${run.id}`).toBe(run.status === 'completed' ? run.keywords_added : 0);
      }

      // Nothing that was answered with a success is lost.
      const deleted = new Map<number, Call['status']>();
      for (const made of calls.filter((entry) => entry.kind === 'delete-keyword')) {
        deleted.set(Number(/(\d+)$/.exec(made.pathname)![1]), made.status);
      }
      for (const made of answered) {
        const answer = made.answer as Record<string, unknown>;
        switch (made.kind) {
          case 'generation': {
            const run = runById.get(answer.runId as number);
            expect(run?.project_id, `run of ${JSON.stringify(answer)}`).toBe(answer.projectId);
            break;
          }
          case 'generate-more': {
            const generated = answer.generated as Array<{ id: number }>;
            if (generated.length === 0) break;
            const run = runById.get(answer.runId as number);
            expect(run, `Generate More run ${String(answer.runId)}`).toMatchObject({
              kind: 'more',
              status: 'completed',
              keywords_added: generated.length,
            });
            for (const { id } of generated) expect(keywordById.get(id)?.generation_id).toBe(answer.runId);
            break;
          }
          case 'add-keyword': {
            const id = answer.id as number;
            const deletion = deleted.get(id);
            if (deletion === undefined) expect(keywordById.has(id), `added keyword ${id}`).toBe(true);
            if (deletion === 200) expect(keywordById.has(id), `deleted keyword ${id}`).toBe(false);
            break;
          }
          case 'list-add': {
            const item = answer.item as { id: number };
            expect(keywordById.has(item.id), `keyword ${item.id} added through the list`).toBe(true);
            expect(inList.has(`${fixtures.addList}:${item.id}`), `list item ${item.id}`).toBe(true);
            break;
          }
          case 'metrics':
          case 'list-metrics':
          case 'clusters':
            break; // checked below
        }
      }

      // A keyword made through a list is in the list: the two are written together.
      const madeThroughList = keywords.filter((keyword) => keyword.project_id === fixtures.addListProject);
      for (const keyword of madeThroughList) {
        expect(inList.has(`${fixtures.addList}:${keyword.id}`), `"${keyword.keyword}" made but not listed`).toBe(true);
      }

      // A metrics fetch stores the figures of all its keywords at once: each place has all or none,
      // and all when a fetch was answered.
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const checks = [
          {
            kind: 'metrics' as const,
            scope: metricsScope('estimate', { ...PLACE, city: metricsCity(cycle) }),
            wanted: keywords.filter((keyword) => keyword.project_id === fixtures.metricsProjects[cycle]),
          },
          {
            kind: 'list-metrics' as const,
            scope: metricsScope('estimate', { ...PLACE, city: listCity(cycle) }),
            wanted: keywords.filter((keyword) => inList.has(`${fixtures.lists[cycle]}:${keyword.id}`)),
          },
        ];
        for (const { kind, scope, wanted } of checks) {
          expect(wanted).toHaveLength(8);
          const stored = wanted.filter((keyword) =>
            cachedKeys.has(`${scope.geo}|${scope.language}|${keyword.normalized}`),
          ).length;
          const answeredOk = answered.some((made) => made.kind === kind && made.cycle === cycle);
          expect([0, wanted.length], `${kind} of cycle ${cycle}: ${stored} of ${wanted.length} stored`).toContain(
            stored,
          );
          if (answeredOk) expect(stored, `${kind} of cycle ${cycle} was answered`).toBe(wanted.length);
        }
      }

      // No grouping job stuck: the groups are read, made for the keywords as they are (the intent filler
      // of each start moves the version once more), and hold every keyword of the project once.
      const groupsRead = await vi.waitFor(
        async () => {
          const { status, answer } = await request('GET', `/api/projects/${fixtures.groupsProject}/clusters`);
          expect(status).toBe(200);
          const { rows: sets } = await client.query<{ version: number; job_version: number | null; current: number }>(
            `select s.version::int, s.job_version::int, p.keywords_version::int as current
             from keyword_cluster_sets s join projects p on p.id = s.project_id where s.project_id = $1`,
            [fixtures.groupsProject],
          );
          const read = answer as { version: number; clusters: Array<{ keywords: Array<{ id: number }> }> };
          expect(sets).toEqual([{ version: read.version, job_version: null, current: read.version }]);
          return read;
        },
        { timeout: 90_000, interval: 500 },
      );
      const grouped = groupsRead.clusters.flatMap((cluster) => cluster.keywords.map((keyword) => keyword.id));
      const { rows: projectKeywords } = await client.query<{ id: number }>(
        'select id::int from keywords where project_id = $1',
        [fixtures.groupsProject],
      );
      expect(grouped.sort((a, b) => a - b)).toEqual(projectKeywords.map((row) => row.id).sort((a, b) => a - b));

      // The counts kept by triggers agree with the rows.
      const { rows: drift } = await client.query(`
        select 'project' as kind, p.id from projects p
        where p.keywords_count <> (select count(*) from keywords k where k.project_id = p.id)
        union all
        select 'list', l.id from keyword_lists l
        where l.keywords_count <> (select count(*) from keyword_list_items i where i.list_id = l.id)`);
      expect(drift, 'kept counts that drifted').toEqual([]);

      await checkJobs(harness, client, fixtures.jobs, calls, uploadDir);

      if (process.env.CRASH_LOOP_REPORT) {
        // The runs without their counts of keywords written, which the checks above compared.
        const brief = runs.map(({ written: _written, project_id: _project, ...run }) => run);
        console.log(JSON.stringify({ kills, calls: callsByStatus(calls), settledAfterMs, runs: brief }, null, 1));
      }
    } finally {
      await client.end();
    }
    expect(await stopServer(server)).toBe(0);
  });
});
