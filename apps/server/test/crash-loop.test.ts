import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeKeyword } from '@keywright/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../src/lib/random';
import { startFakeSearchConsole, type FakeSearchConsole } from './fakes/search-console';
import { searchConsoleRowLimit as PAGE } from '../src/providers/search-console/search-console-client';
import { metricsScope } from '../src/queries/figures';
import { embeddedPostgresIn, startServer, stopServer, type ServerProcess } from './support/process';

// Ten times in a row: the server killed with SIGKILL at a random moment while work is in flight,
// then started again on the same data directory. Afterwards nothing committed is lost, nothing is
// half-written, no keyword is in a project twice and no generation run or grouping job stays stuck.

const CYCLES = 10;
const SEED = 0x5eed_2611;
/** The kill comes this long after the work starts: early (calls arriving) to late (jobs running, adds streaming). */
const KILL_AFTER_MS = { min: 200, max: 3_000 };
/** Calls per loop and cycle at most: a bound no kill lets a loop reach. */
const MAX_ROUNDS = 1_000;
const PLACE = { country: 'United States', language: 'English' };
const metricsCity = (cycle: number) => `Crashton ${cycle}`;
const listCity = (cycle: number) => `Listburg ${cycle}`;

type Kind =
  | 'generation'
  | 'generate-more'
  | 'metrics'
  | 'list-metrics'
  | 'add-keyword'
  | 'delete-keyword'
  | 'list-add'
  | 'clusters';

/** Keywords of the project grouped in the background: more than a read groups in the request (5,000). */
const GROUPED_KEYWORDS = 5_200;

/** One call and how it ended: a status and answer, or cut off by the kill (no answer); pending until then. */
interface Call {
  kind: Kind;
  cycle: number;
  pathname: string;
  body: unknown;
  status: number | 'cut' | 'pending';
  answer?: unknown;
}

let dataDir: string;
let server: ServerProcess;
let token = '';
const calls: Call[] = [];
let killed = false;

async function request(method: string, pathname: string, body?: unknown): Promise<{ status: number; answer: unknown }> {
  const response = await fetch(`http://127.0.0.1:${server.port}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      origin: `http://localhost:${server.port}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, answer: text ? JSON.parse(text) : null };
}

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

interface Fixtures {
  /** Per cycle: a project whose metrics are fetched, a list whose Load CPC runs, a project that Generate More adds to. */
  metricsProjects: number[];
  lists: number[];
  moreProjects: number[];
  /** Shared: a project generation runs add to again and again, one for manual adds and deletes, a list added to by text. */
  runProject: number;
  manualProject: number;
  warmUpProject: number;
  addListProject: number;
  addList: number;
  /** Large enough that its groups are worked out by a background job: keywords are added to it and its groups read. */
  groupsProject: number;
}

async function makeFixtures(): Promise<Fixtures> {
  const project = (name: string, city = '') =>
    setUp<{ id: number }>('POST', '/api/projects', {
      name,
      description: 'Handmade ceramic mugs, bowls and plates',
      ...PLACE,
      city,
    }).then((made) => made.id);
  const wares = ['mug', 'bowl', 'plate', 'vase', 'teapot', 'jug', 'cup', 'platter'];
  const fixtures: Fixtures = {
    metricsProjects: [],
    lists: [],
    moreProjects: [],
    runProject: await project('Pottery runs'),
    manualProject: await project('Pottery by hand'),
    warmUpProject: await project('Pottery warm-up'),
    addListProject: await project('Pottery lists'),
    addList: 0,
    groupsProject: await project('Pottery groups'),
  };
  // Straight into the database: no call adds thousands of keywords at once.
  const client = await database();
  try {
    await client.query(
      `insert into keywords (project_id, keyword, normalized, source)
       select $1, w.ware || ' ' || g, w.ware || ' ' || g, 'import'
       from generate_series(1, $2::int) g,
         lateral (select (array['stoneware mug', 'ceramic bowl', 'glazed plate', 'clay vase'])[g % 4 + 1] as ware) w`,
      [fixtures.groupsProject, GROUPED_KEYWORDS],
    );
  } finally {
    await client.end();
  }
  fixtures.addList = (
    await setUp<{ id: number }>('POST', '/api/keyword-lists', {
      name: 'Added by text',
      project_id: fixtures.addListProject,
    })
  ).id;
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const [metricsProject, listProject, moreProject] = await Promise.all([
      project(`Pottery metrics ${cycle}`, metricsCity(cycle)),
      project(`Pottery list ${cycle}`, listCity(cycle)),
      project(`Pottery more ${cycle}`),
    ]);
    const list = await setUp<{ id: number }>('POST', '/api/keyword-lists', {
      name: `Load CPC ${cycle}`,
      project_id: listProject,
    });
    await Promise.all(
      wares.map(async (ware) => {
        await setUp('POST', `/api/projects/${metricsProject}/keywords`, { keyword: `handmade ${ware} ${cycle}` });
        await setUp('POST', '/api/keyword-list-items', {
          list_id: list.id,
          keyword_text: `ceramic ${ware} ${cycle}`,
          project_id: listProject,
          create_keyword: true,
        });
      }),
    );
    fixtures.metricsProjects.push(metricsProject);
    fixtures.lists.push(list.id);
    fixtures.moreProjects.push(moreProject);
  }
  return fixtures;
}

/**
 * A fresh process loads the keyword generator and the estimate model on its first calls, which
 * holds up every call (and the first generation run) for a second or two. About half of the cycles
 * (a seeded coin) load them first, so their kill meets adds and deletes streaming; the others are killed
 * while a cold process is still loading, which is when a run is caught half-way.
 */
async function warmUp(fixtures: Fixtures): Promise<void> {
  await Promise.all([
    setUp('POST', '/api/keywords/similar', { keyword: 'ceramic mug', ...PLACE, city: 'Warmington' }),
    setUp('POST', '/api/google-ads/generate-filtered-keywords', { projectId: fixtures.warmUpProject, count: 10 }),
  ]);
}

/** Every kind of work at once: two generation runs, and the other calls in loops until the kill. */
function work(cycle: number, fixtures: Fixtures): Promise<unknown> {
  const live = () => !killed;
  const generation = async () => {
    const facts = { productService: 'Handmade ceramic mugs and bowls', keywordCount: 10, keywordLength: '2-3' };
    await call('generation', cycle, 'POST', '/api/start-keyword-generation', {
      projectName: `Pottery run ${cycle}`,
      ...facts,
    });
    if (live()) {
      await call('generation', cycle, 'POST', '/api/start-keyword-generation', {
        projectName: 'Pottery runs',
        projectId: fixtures.runProject,
        ...facts,
      });
    }
  };
  /** Calls one after another until the kill: whenever it comes, each loop has a call in flight. */
  const loop = async (next: (round: number) => Promise<unknown>) => {
    for (let round = 0; round < MAX_ROUNDS && live(); round++) await next(round);
  };
  const more = () =>
    loop(() =>
      call('generate-more', cycle, 'POST', '/api/google-ads/generate-filtered-keywords', {
        projectId: fixtures.moreProjects[cycle],
        count: 10,
      }),
    );
  const metrics = () =>
    loop(async (round) => {
      const refresh = round > 0;
      await call('metrics', cycle, 'POST', '/api/google-ads/keyword-metrics', {
        projectId: fixtures.metricsProjects[cycle],
        pageSize: 100,
        refresh,
      });
      if (live()) {
        await call('list-metrics', cycle, 'POST', `/api/keyword-lists/${fixtures.lists[cycle]}/metrics`, { refresh });
      }
    });
  const keywords = () =>
    loop(async (round) => {
      const added = await call('add-keyword', cycle, 'POST', `/api/projects/${fixtures.manualProject}/keywords`, {
        keyword: `glazed mug ${cycle} ${round}`,
      });
      // Every other keyword is deleted again at once.
      if (round % 2 === 1 && added.status === 201 && live()) {
        await call('delete-keyword', cycle, 'DELETE', `/api/keywords/${(added.answer as { id: number }).id}`);
      }
    });
  const listAdds = () =>
    loop((round) =>
      call('list-add', cycle, 'POST', '/api/keyword-list-items', {
        list_id: fixtures.addList,
        keyword_text: `stoneware bowl ${cycle} ${round}`,
        project_id: fixtures.addListProject,
        create_keyword: true,
      }),
    );
  // A keyword added, then the groups read: each read after an add asks for a grouping job.
  const groups = () =>
    loop(async (round) => {
      await call('clusters', cycle, 'POST', `/api/projects/${fixtures.groupsProject}/keywords`, {
        keyword: `clay pot ${cycle} ${round}`,
      });
      if (live()) await call('clusters', cycle, 'GET', `/api/projects/${fixtures.groupsProject}/clusters`);
    });
  return Promise.all([generation(), more(), metrics(), keywords(), listAdds(), groups()]);
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

const boot = () => startServer({ env: { DATA_DIR: dataDir } });

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-crash-loop-'));
  chmodSync(dataDir, 0o755); // when run as root, PostgreSQL runs as the postgres user and must reach its directory
});

afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server killed with SIGKILL ten times while it works', () => {
  it('loses nothing committed, half-writes nothing and leaves no run stuck', { timeout: 300_000 }, async () => {
    const random = seededRandom(SEED);
    server = await boot();
    const origin = `http://localhost:${server.port}`;
    const signUp = await fetch(`http://127.0.0.1:${server.port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'crash@example.com', password: 'crash-password', name: 'Crash' }),
    });
    token = signUp.headers.get('set-auth-token')!;
    const fixtures = await makeFixtures();

    const kills: Array<{
      warm: boolean;
      afterMs: number;
      /** Calls sent and not yet answered when the kill came (some are answered all the same). */
      inFlight: Partial<Record<Kind, number>>;
      cut: number;
      runs: Record<string, number>;
    }> = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const afterMs = Math.round(KILL_AFTER_MS.min + random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
      const warm = random() < 0.5;
      if (warm) await warmUp(fixtures);
      killed = false;
      const working = work(cycle, fixtures);
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
      const runs = await runCounts(left).finally(() => left.end());
      const cut = calls.filter((entry) => entry.cycle === cycle && entry.status === 'cut').length;
      kills.push({ warm, afterMs, inFlight, cut, runs });
      server = await boot();
    }

    // Each kill met calls in flight: at least one of each loop.
    for (const [cycle, kill] of kills.entries()) {
      const inFlight = Object.values(kill.inFlight).reduce((sum, count) => sum + count, 0);
      expect(inFlight, `calls in flight at kill ${cycle}`).toBeGreaterThanOrEqual(4);
    }
    // Every call that was answered was answered well: whatever went wrong was the kill.
    const answered = calls.filter((made) => typeof made.status === 'number');
    const failed = answered.filter((made) => (made.status as number) >= 300);
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

      if (process.env.CRASH_LOOP_REPORT) {
        const byStatus = (kind: Kind) =>
          calls
            .filter((made) => made.kind === kind)
            .reduce<Record<string, number>>((counts, made) => {
              counts[made.status] = (counts[made.status] ?? 0) + 1;
              return counts;
            }, {});
        const kinds: Kind[] = [
          'generation',
          'generate-more',
          'metrics',
          'list-metrics',
          'add-keyword',
          'delete-keyword',
          'list-add',
          'clusters',
        ];
        console.log(
          JSON.stringify(
            {
              kills,
              calls: Object.fromEntries(kinds.map((kind) => [kind, byStatus(kind)])),
              settledAfterMs,
              runs: runs.map(({ id, kind, status, attempts, keywords_added, error }) => ({
                id,
                kind,
                status,
                attempts,
                keywords_added,
                error,
              })),
            },
            null,
            1,
          ),
        );
      }
    } finally {
      await client.end();
    }
    expect(await stopServer(server)).toBe(0);
  });
});

// A Search Console fetch killed with SIGKILL half-way: the project keeps showing its previous
// import, and the restarted server resumes the fetch from the rows it holds, to completion.
describe('the server killed with SIGKILL during a Search Console import', () => {
  const site = 'https://greenleaf.example/';
  /** Three pages of 25,000 queries: the kill comes after the first is stored. */
  const ROWS = 60_000;
  let scDir: string;
  let scServer: ServerProcess | undefined;
  let fake: FakeSearchConsole;

  beforeAll(async () => {
    scDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-crash-sc-'));
    chmodSync(scDir, 0o755);
    fake = await startFakeSearchConsole();
    fake.addProperty({ siteUrl: site, permissionLevel: 'siteOwner', rowCount: ROWS });
  });
  afterAll(async () => {
    if (scServer) await stopServer(scServer);
    await fake?.close();
    rmSync(scDir, { recursive: true, force: true });
  });

  it('keeps the previous queries and resumes the fetch where it stopped', { timeout: 240_000 }, async () => {
    const boot = () => startServer({ env: { DATA_DIR: scDir, ...fake.env } });
    scServer = await boot();
    const port = () => scServer!.port;
    let bearer = '';
    const send = async (method: string, pathname: string, body?: unknown) => {
      const response = await fetch(`http://127.0.0.1:${port()}${pathname}`, {
        method,
        redirect: 'manual',
        headers: {
          authorization: `Bearer ${bearer}`,
          origin: `http://localhost:${port()}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return {
        status: response.status,
        location: response.headers.get('location'),
        answer: text ? JSON.parse(text) : null,
      };
    };
    const signUp = await fetch(`http://127.0.0.1:${port()}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port()}` },
      body: JSON.stringify({ email: 'crash-sc@example.com', password: 'crash-password', name: 'Crash SC' }),
    });
    bearer = signUp.headers.get('set-auth-token')!;

    // Connect through the fake's consent, then link a project: its first import runs to the end.
    const consent = await send('GET', '/api/auth/search-console/connect');
    const back = await fetch(consent.location!, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    expect((await send('GET', `${callback.pathname}${callback.search}`)).location).toBe(
      '/projects?search-console=connected',
    );
    const project = await send('POST', '/api/projects', {
      name: 'Green Leaf',
      description: 'Organic coffee beans roasted weekly',
      ...PLACE,
      site_url: site,
    });
    expect(project.status, JSON.stringify(project.answer)).toBe(201);
    const projectId = (project.answer as { id: number }).id;
    expect((await send('PUT', `/api/projects/${projectId}/search-console`, { siteUrl: site })).status).toBe(200);

    const scDatabase = async () => {
      const postgres = embeddedPostgresIn(scDir)!;
      const client = new pg.Client({ host: '127.0.0.1', port: postgres.port, user: 'postgres', database: 'keywright' });
      await client.connect();
      return client;
    };
    const imports = async (client: pg.Client) =>
      (
        await client.query<{ id: number; status: string; rows: number; stored: number; current: boolean }>(
          `select i.id::int, i.status, i.rows,
                  (select count(*)::int from search_console_queries q where q.import_id = i.id) as stored,
                  coalesce(p.current_import_id = i.id, false) as current
           from search_console_imports i left join search_console_projects p on p.project_id = i.project_id
           where i.project_id = $1 order by i.id`,
          [projectId],
        )
      ).rows;
    let client = await scDatabase();
    const [first] = await vi.waitFor(
      async () => {
        const rows = await imports(client);
        expect(rows).toEqual([
          { id: expect.any(Number), status: 'completed', rows: ROWS, stored: ROWS, current: true },
        ]);
        return rows;
      },
      { timeout: 90_000, interval: 250 },
    );

    // A refresh whose second page never comes: killed once the first page is stored.
    fake.requests.length = 0;
    fake.fail('query', { delayMs: 1 }, { delayMs: 120_000 });
    expect((await send('POST', `/api/projects/${projectId}/search-console/refresh`)).status).toBe(202);
    await vi.waitFor(
      async () => {
        const running = (await imports(client)).find((row) => row.status === 'running');
        expect(running?.stored).toBe(PAGE);
      },
      { timeout: 60_000, interval: 100 },
    );
    scServer.child.kill('SIGKILL');
    await scServer.exit;
    const left = await imports(client);
    expect(left).toEqual([
      { ...first!, current: true },
      { id: expect.any(Number), status: 'running', rows: PAGE, stored: PAGE, current: false },
    ]);
    await client.end();

    fake.requests.length = 0;
    scServer = await boot();
    client = await scDatabase();
    try {
      const done = await vi.waitFor(
        async () => {
          const rows = await imports(client);
          expect(rows).toEqual([{ id: left[1]!.id, status: 'completed', rows: ROWS, stored: ROWS, current: true }]);
          return rows;
        },
        { timeout: 120_000, interval: 500 },
      );
      expect(done).toHaveLength(1);
      // Resumed from the rows it held: the first page was not fetched again.
      const starts = fake.requests
        .filter((request) => request.endpoint === 'query' && request.status === 200)
        .map((request) => `${(request.body!.dimensions as string[]).join('+')}@${String(request.body!.startRow)}`);
      // Each pass pages on until a page comes back short of full.
      const pass = (dimensions: string, from: number) => {
        const requests: string[] = [];
        for (let start = from; ; start += PAGE) {
          requests.push(`${dimensions}@${start}`);
          if (ROWS - start < PAGE) return requests;
        }
      };
      expect(starts).toEqual([...pass('query', PAGE), ...pass('query+page', 0)]);
      const { rows: pages } = await client.query<{ missing: number }>(
        'select count(*)::int as missing from search_console_queries where import_id = $1 and page is null',
        [left[1]!.id],
      );
      expect(pages[0]!.missing).toBe(0);
    } finally {
      await client.end();
    }
    expect(await stopServer(scServer)).toBe(0);
    scServer = undefined;
  });
});
