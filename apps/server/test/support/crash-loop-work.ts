import type pg from 'pg';
import { jobWork, makeJobFixtures, type JobFixtures, type JobHarness, type JobKind } from './crash-loop-jobs';

// The crash loop's work (own-postgres/crash-loop.test.ts): the projects and lists it works on, and every kind of
// call at once, in loops until the kill; the background jobs' part is in crash-loop-jobs.ts.

const MAX_ROUNDS = 1_000;
export const PLACE = { country: 'United States', language: 'English' };
export const metricsCity = (cycle: number) => `Crashton ${cycle}`;
export const listCity = (cycle: number) => `Listburg ${cycle}`;

export type Kind =
  | JobKind
  | 'generation'
  | 'generate-more'
  | 'metrics'
  | 'list-metrics'
  | 'add-keyword'
  | 'delete-keyword'
  | 'list-add'
  | 'clusters';

/** Keywords of the project grouped in the background: more than a read groups in the request (5,000). */
export const GROUPED_KEYWORDS = 5_200;

/** One call and how it ended: a status and answer, or cut off by the kill (no answer); pending until then. */
export interface Call {
  kind: Kind;
  cycle: number;
  pathname: string;
  body: unknown;
  status: number | 'cut' | 'pending';
  answer?: unknown;
}

/** What the work needs of the loop: its calls, recorded; whether the kill came; the database. */
export interface LoopHarness extends Omit<JobHarness, 'call'> {
  call(kind: Kind, cycle: number, method: string, pathname: string, body?: unknown): Promise<Call>;
  database(): Promise<pg.Client>;
  cycles: number;
}

export interface Fixtures {
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
  jobs: JobFixtures;
}

export async function makeFixtures(harness: LoopHarness): Promise<Fixtures> {
  const project = (name: string, city = '') =>
    harness
      .setUp<{ id: number }>('POST', '/api/projects', {
        name,
        description: 'Handmade ceramic mugs, bowls and plates',
        ...PLACE,
        city,
      })
      .then((made) => made.id);
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
    jobs: undefined!,
  };
  // Straight into the database: no call adds thousands of keywords at once.
  const client = await harness.database();
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
    await harness.setUp<{ id: number }>('POST', '/api/keyword-lists', {
      name: 'Added by text',
      project_id: fixtures.addListProject,
    })
  ).id;
  for (let cycle = 0; cycle < harness.cycles; cycle++) {
    const [metricsProject, listProject, moreProject] = await Promise.all([
      project(`Pottery metrics ${cycle}`, metricsCity(cycle)),
      project(`Pottery list ${cycle}`, listCity(cycle)),
      project(`Pottery more ${cycle}`),
    ]);
    const list = await harness.setUp<{ id: number }>('POST', '/api/keyword-lists', {
      name: `Load CPC ${cycle}`,
      project_id: listProject,
    });
    await Promise.all(
      wares.map(async (ware) => {
        await harness.setUp('POST', `/api/projects/${metricsProject}/keywords`, {
          keyword: `handmade ${ware} ${cycle}`,
        });
        await harness.setUp('POST', '/api/keyword-list-items', {
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
  fixtures.jobs = await makeJobFixtures(harness, harness.cycles, harness.database);
  return fixtures;
}

/**
 * A fresh process loads the keyword generator and the estimate model on its first calls, which
 * holds up every call (and the first generation run) for a second or two. About half of the cycles
 * (a seeded coin) load them first, so their kill meets adds and deletes streaming; the others are killed
 * while a cold process is still loading, which is when a run is caught half-way.
 */
export async function warmUp(harness: LoopHarness, fixtures: Fixtures): Promise<void> {
  await Promise.all([
    harness.setUp('POST', '/api/keywords/similar', { keyword: 'ceramic mug', ...PLACE, city: 'Warmington' }),
    harness.setUp('POST', '/api/google-ads/generate-filtered-keywords', {
      projectId: fixtures.warmUpProject,
      count: 10,
    }),
  ]);
}

/** Every kind of work at once: two generation runs, and the other calls in loops until the kill. */
export function work(harness: LoopHarness, cycle: number, fixtures: Fixtures): Promise<unknown> {
  const live = () => harness.live();
  const generation = async () => {
    const facts = { productService: 'Handmade ceramic mugs and bowls', keywordCount: 10, keywordLength: '2-3' };
    await harness.call('generation', cycle, 'POST', '/api/start-keyword-generation', {
      projectName: `Pottery run ${cycle}`,
      ...facts,
    });
    if (live()) {
      await harness.call('generation', cycle, 'POST', '/api/start-keyword-generation', {
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
      harness.call('generate-more', cycle, 'POST', '/api/google-ads/generate-filtered-keywords', {
        projectId: fixtures.moreProjects[cycle],
        count: 10,
      }),
    );
  const metrics = () =>
    loop(async (round) => {
      const refresh = round > 0;
      await harness.call('metrics', cycle, 'POST', '/api/google-ads/keyword-metrics', {
        projectId: fixtures.metricsProjects[cycle],
        pageSize: 100,
        refresh,
      });
      if (live()) {
        await harness.call('list-metrics', cycle, 'POST', `/api/keyword-lists/${fixtures.lists[cycle]}/metrics`, {
          refresh,
        });
      }
    });
  const keywords = () =>
    loop(async (round) => {
      const added = await harness.call(
        'add-keyword',
        cycle,
        'POST',
        `/api/projects/${fixtures.manualProject}/keywords`,
        {
          keyword: `glazed mug ${cycle} ${round}`,
        },
      );
      // Every other keyword is deleted again at once.
      if (round % 2 === 1 && added.status === 201 && live()) {
        await harness.call('delete-keyword', cycle, 'DELETE', `/api/keywords/${(added.answer as { id: number }).id}`);
      }
    });
  const listAdds = () =>
    loop((round) =>
      harness.call('list-add', cycle, 'POST', '/api/keyword-list-items', {
        list_id: fixtures.addList,
        keyword_text: `stoneware bowl ${cycle} ${round}`,
        project_id: fixtures.addListProject,
        create_keyword: true,
      }),
    );
  // A keyword added, then the groups read: each read after an add asks for a grouping job.
  const groups = () =>
    loop(async (round) => {
      await harness.call('clusters', cycle, 'POST', `/api/projects/${fixtures.groupsProject}/keywords`, {
        keyword: `clay pot ${cycle} ${round}`,
      });
      if (live()) await harness.call('clusters', cycle, 'GET', `/api/projects/${fixtures.groupsProject}/clusters`);
    });
  return Promise.all([
    generation(),
    more(),
    metrics(),
    keywords(),
    listAdds(),
    groups(),
    jobWork(harness, cycle, fixtures.jobs),
  ]);
}

/** For the report (CRASH_LOOP_REPORT=1): per kind of call, how many ended how. */
export function callsByStatus(calls: readonly Call[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const made of calls) {
    const kind = (counts[made.kind] ??= {});
    kind[made.status] = (kind[made.status] ?? 0) + 1;
  }
  return counts;
}
