import { readdirSync } from 'node:fs';
import type pg from 'pg';
import { expect, vi } from 'vitest';
import type { FakeChatAnswer, RecordedChatRequest } from '../fakes/chat-completions';
import { multipart } from './multipart';
import { plannerFile, plannerRow } from './keyword-planner-files';
import { termsFile, termsRow } from './search-terms-files';

// The crash loop's background jobs and imports (issue 28): the intent filler and the language model's
// intent pass, Keyword Planner and search terms imports, a Search Console fetch and document reading.
// Each cycle's kill falls into them as into the rest of the loop's work (own-postgres/crash-loop.test.ts), and
// afterwards each has finished on restart, once, whole.

export type JobKind = 'intents' | 'planner-import' | 'terms-import' | 'sc-refresh' | 'document';

/** A multipart body, sent as it is. */
export interface Upload {
  payload: Buffer;
  headers: Record<string, string>;
}

/** One call of the loop, as the loop records it. */
export interface JobCall {
  kind: string;
  cycle: number;
  status: number | 'cut' | 'pending';
  answer?: unknown;
}

export interface JobHarness {
  /** A call of the work the kills fall into, recorded with how it ended. */
  call(kind: JobKind, cycle: number, method: string, pathname: string, body?: unknown): Promise<JobCall>;
  /** A call made while setting up, which must succeed; its answer's body. */
  setUp<T>(method: string, pathname: string, body?: unknown): Promise<T>;
  /** A call after the loop, by the same person. */
  request(method: string, pathname: string, body?: unknown): Promise<{ status: number; answer: unknown }>;
  live(): boolean;
}

/** Rows of each Keyword Planner download and each search terms report: a transaction of some weight each. */
const PLANNER_ROWS = 400;
const TERMS_ROWS = 3_000;
/** Keywords of the project whose competitors change every round: read again in the background (over 5,000). */
const INTENT_KEYWORDS = 6_000;
const INTENT_PROJECT = {
  name: 'Pottery intents',
  description: 'Handmade ceramic mugs, bowls and plates',
  country: 'United States',
  language: 'English',
  city: 'Crashton',
};
export const SEARCH_CONSOLE_SITE = 'https://crashton-pottery.example/';
export const SEARCH_CONSOLE_ROWS = 60_000;

const shapes = ['mug', 'bowl', 'plate', 'vase', 'teapot', 'jug', 'cup', 'platter', 'planter', 'dish'];
const kinds = ['stoneware', 'porcelain', 'earthenware', 'glazed', 'speckled', 'rustic', 'handmade', 'ceramic'];
const uses = ['set', 'gift', 'shop', 'online', 'sale', 'studio', 'workshop', 'class'];

const plannerKeywords = (cycle: number) =>
  Array.from(
    { length: PLANNER_ROWS },
    (_, index) => `${kinds[index % 8]} ${shapes[index % 10]} planner ${cycle} ${index}`,
  );
const plannerUpload = (cycle: number): Upload =>
  multipart([
    {
      field: 'file',
      name: 'Keyword Stats.csv',
      bytes: plannerFile(plannerKeywords(cycle).map((keyword) => plannerRow(keyword))),
    },
  ]);
const termsUpload = (cycle: number): Upload =>
  multipart([
    {
      field: 'file',
      name: 'Search terms report.csv',
      bytes: termsFile(Array.from({ length: TERMS_ROWS }, (_, index) => termsRow(`pottery term ${cycle} ${index}`))),
      type: 'text/csv',
    },
  ]);
const documentUpload = (cycle: number): Upload =>
  multipart([
    {
      name: 'brief.txt',
      bytes: `Crashton Pottery ${cycle}\nHandmade stoneware mugs and bowls, thrown in Crashton.\n`.repeat(20),
    },
  ]);

/**
 * What the language model fake answers besides intent reads: keyword ideas (three words each, never
 * the same twice) and a document's project details, so every call of a server with a model succeeds.
 */
export function modelAnswers(): (body: RecordedChatRequest['body']) => FakeChatAnswer {
  let next = 0;
  return (body) => {
    const name = body.response_format?.json_schema?.name;
    if (name === 'project_details') {
      return {
        content: JSON.stringify({
          projectName: 'Crashton Pottery',
          siteUrl: '',
          targetAudience: 'People who buy handmade tableware',
          productService: 'Handmade stoneware mugs and bowls',
          competitors: '',
          country: 'United States',
          city: 'Crashton',
          language: 'English',
        }),
      };
    }
    const keywords = Array.from({ length: 30 }, () => {
      const index = next++;
      return `${kinds[index % 8]} ${shapes[Math.floor(index / 8) % 10]} ${uses[Math.floor(index / 80) % 8]}`;
    });
    return { content: JSON.stringify({ keywords }) };
  };
}

export interface JobFixtures {
  plannerProjects: number[];
  termsProjects: number[];
  intentProject: number;
  searchConsoleProject: number;
}

/** The projects the jobs work on; `database` writes the intent project's keywords straight in. */
export async function makeJobFixtures(
  harness: JobHarness,
  cycles: number,
  database: () => Promise<pg.Client>,
): Promise<JobFixtures> {
  const project = (name: string, extra: Record<string, unknown> = {}) =>
    harness
      .setUp<{ id: number }>('POST', '/api/projects', {
        name,
        description: 'Handmade ceramic mugs, bowls and plates',
        country: 'United States',
        language: 'English',
        ...extra,
      })
      .then((made) => made.id);
  const fixtures: JobFixtures = {
    plannerProjects: [],
    termsProjects: [],
    intentProject: await project(INTENT_PROJECT.name, INTENT_PROJECT),
    searchConsoleProject: await project('Pottery online', { site_url: SEARCH_CONSOLE_SITE }),
  };
  for (let cycle = 0; cycle < cycles; cycle++) {
    fixtures.plannerProjects.push(await project(`Pottery planner ${cycle}`));
    fixtures.termsProjects.push(await project(`Pottery terms ${cycle}`));
  }
  const client = await database();
  try {
    // Stored as a restore or an old version left them: intents not read yet, which each start reads.
    await client.query(
      `insert into keywords (project_id, keyword, normalized, source)
       select $1, k, k, 'import' from (select 'crashton ' || (array['mug', 'bowl', 'vase', 'jug'])[g % 4 + 1] || ' ' || g as k
       from generate_series(1, $2::int) g) s`,
      [fixtures.intentProject, INTENT_KEYWORDS],
    );
  } finally {
    await client.end();
  }
  await harness.setUp('PUT', `/api/projects/${fixtures.searchConsoleProject}/search-console`, {
    siteUrl: SEARCH_CONSOLE_SITE,
  });
  return fixtures;
}

/** Every job at once, the imports and document reads in loops until the kill. */
export function jobWork(harness: JobHarness, cycle: number, fixtures: JobFixtures): Promise<unknown> {
  const { call, live } = harness;
  const loop = async (next: (round: number) => Promise<unknown>) => {
    for (let round = 0; round < 1_000 && live(); round++) await next(round);
  };
  // A change of competitors forgets the project's intents: the filler reads its 6,000 keywords again
  // in the background, and the model those the rules leave open.
  const intents = () =>
    loop((round) =>
      call('intents', cycle, 'PUT', `/api/projects/${fixtures.intentProject}`, {
        ...INTENT_PROJECT,
        competitors: `Rival ${cycle} ${round}`,
      }),
    );
  const planner = () =>
    loop(() =>
      call(
        'planner-import',
        cycle,
        'POST',
        `/api/projects/${fixtures.plannerProjects[cycle]}/keyword-planner-import`,
        plannerUpload(cycle),
      ),
    );
  const terms = () =>
    loop(() =>
      call(
        'terms-import',
        cycle,
        'POST',
        `/api/projects/${fixtures.termsProjects[cycle]}/search-terms/import`,
        termsUpload(cycle),
      ),
    );
  const documents = () => loop(() => call('document', cycle, 'POST', '/api/analyze-document', documentUpload(cycle)));
  const searchConsole = () =>
    call('sc-refresh', cycle, 'POST', `/api/projects/${fixtures.searchConsoleProject}/search-console/refresh`);
  return Promise.all([intents(), planner(), terms(), documents(), searchConsole()]);
}

/** The answers a job call may have besides a success: a busy document reader asks to come back. */
export const allowedRefusals: Partial<Record<JobKind, number[]>> = { document: [503] };

export interface JobsLeft {
  unread: number;
  open: number;
  fetching: boolean;
}

/** What a kill left of the background jobs' work: keywords not read yet, keywords left open, a fetch running. */
export async function jobsLeft(client: pg.Client): Promise<JobsLeft> {
  const { rows } = await client.query<JobsLeft>(`select
    count(*) filter (where intent is null)::int as unread,
    count(*) filter (where intent_open)::int as open,
    exists (select 1 from search_console_imports where status = 'running') as fetching
    from keywords`);
  return rows[0]!;
}

/**
 * After the loop, on the last start: every job finishes (polled), none is stuck or done twice, and
 * each import is whole or absent.
 */
export async function checkJobs(
  harness: JobHarness,
  client: pg.Client,
  fixtures: JobFixtures,
  calls: readonly JobCall[],
  uploadDir: string,
): Promise<void> {
  const answeredOk = (kind: JobKind, cycle?: number) =>
    calls.filter(
      (made) =>
        made.kind === kind &&
        (cycle === undefined || made.cycle === cycle) &&
        typeof made.status === 'number' &&
        made.status < 300,
    );
  const sent = (kind: JobKind, cycle: number) => calls.filter((made) => made.kind === kind && made.cycle === cycle);

  // The intent filler and the model finish: no keyword without intents, none left open.
  await vi.waitFor(
    async () => {
      const { rows } = await client.query<{ unread: number; open: number }>(
        `select count(*) filter (where intent is null)::int as unread,
                count(*) filter (where intent_open is not false)::int as open from keywords`,
      );
      expect(rows[0]).toEqual({ unread: 0, open: 0 });
    },
    { timeout: 90_000, interval: 500 },
  );

  /** A project's Keyword Planner keywords and figures, and its search terms reports with their rows. */
  const importsOf = async (cycle: number) => {
    const { rows: planner } = await client.query<{ keywords: number; figures: number }>(
      `select (select count(*)::int from keywords where project_id = $1) as keywords,
              (select count(*)::int from keyword_metrics where project_id = $1) as figures`,
      [fixtures.plannerProjects[cycle]],
    );
    const { rows: reports } = await client.query<{ rows: number; stored: number }>(
      `select i.rows, (select count(*)::int from search_terms t where t.import_id = i.id) as stored
       from search_terms_imports i where i.project_id = $1 order by i.id`,
      [fixtures.termsProjects[cycle]],
    );
    return { planner: planner[0]!, reports };
  };
  const whole = { keywords: PLANNER_ROWS, figures: PLANNER_ROWS };
  const wholeReport = { rows: TERMS_ROWS, stored: TERMS_ROWS };
  for (let cycle = 0; cycle < fixtures.plannerProjects.length; cycle++) {
    const { planner, reports } = await importsOf(cycle);
    // A Keyword Planner download is added whole or not at all, its figures with it.
    expect([{ keywords: 0, figures: 0 }, whole], `planner import of cycle ${cycle}`).toContainEqual(planner);
    if (answeredOk('planner-import', cycle).length > 0) expect(planner).toEqual(whole);
    // Each search terms report is stored whole, at least once per import answered and at most once per call sent.
    for (const report of reports) expect(report, `report of cycle ${cycle}`).toEqual(wholeReport);
    expect(reports.length).toBeGreaterThanOrEqual(answeredOk('terms-import', cycle).length);
    expect(reports.length).toBeLessThanOrEqual(sent('terms-import', cycle).length);
  }
  // On the last start both imports work, and count what they add once: the kills left nothing in their way.
  const before = await importsOf(0);
  const planned = await harness.request(
    'POST',
    `/api/projects/${fixtures.plannerProjects[0]}/keyword-planner-import`,
    plannerUpload(0),
  );
  expect(planned.status).toBe(200);
  expect(planned.answer).toMatchObject({ added: PLANNER_ROWS - before.planner.keywords, read: PLANNER_ROWS });
  const termsImported = await harness.request(
    'POST',
    `/api/projects/${fixtures.termsProjects[0]}/search-terms/import`,
    termsUpload(0),
  );
  expect(termsImported.status).toBeLessThan(300);
  expect(termsImported.answer).toMatchObject({ stored: TERMS_ROWS });
  expect(await importsOf(0)).toEqual({ planner: whole, reports: [...before.reports, wholeReport] });

  // The Search Console fetch ends on restart: one completed import, current, with every row.
  await vi.waitFor(
    async () => {
      const { rows } = await client.query<{ status: string; rows: number; stored: number; current: boolean }>(
        `select i.status, i.error, i.rows, (select count(*)::int from search_console_queries q where q.import_id = i.id) as stored,
                coalesce(p.current_import_id = i.id, false) as current
         from search_console_imports i left join search_console_projects p on p.project_id = i.project_id
         where i.project_id = $1 and (i.status <> 'completed' or p.current_import_id = i.id)`,
        [fixtures.searchConsoleProject],
      );
      expect(rows).toEqual([
        { status: 'completed', error: null, rows: SEARCH_CONSOLE_ROWS, stored: SEARCH_CONSOLE_ROWS, current: true },
      ]);
    },
    { timeout: 90_000, interval: 500 },
  );

  // Nothing stuck: no queued job left taken or waiting, no run, fetch or grouping left claimed or asked for.
  await vi.waitFor(
    async () => {
      const { rows } = await client.query(`select
        (select count(*)::int from pgboss.job where state in ('created', 'retry', 'active')) as queued,
        (select count(*)::int from generation_runs where status in ('pending', 'running')) as runs,
        (select count(*)::int from search_console_imports where status = 'running') as fetches,
        (select count(*)::int from keyword_cluster_sets where job_version is not null) as groupings`);
      expect(rows[0]).toEqual({ queued: 0, runs: 0, fetches: 0, groupings: 0 });
    },
    { timeout: 60_000, interval: 500 },
  );

  // Document reads store nothing: no upload of a killed server is left on disk once it starts again,
  // and a document is read on the last start (the kills met every read of the loop, most often).
  expect(readdirSync(uploadDir), 'uploads left on disk').toEqual([]);
  const read = await harness.request('POST', '/api/analyze-document', documentUpload(0));
  expect(read.status).toBe(200);
  expect((read.answer as { projectDetails: { projectName: string } }).projectDetails.projectName).toBe(
    'Crashton Pottery',
  );
  expect(readdirSync(uploadDir), 'uploads left on disk').toEqual([]);
}
