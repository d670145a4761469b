import {
  buildPath,
  constants,
  endpoints,
  messages,
  projectSearchConsoleSchema,
  searchConsoleImportAnswerSchema,
  searchConsoleQueriesAnswerSchema,
  type KeywordPage,
  type Project,
  type SearchConsoleQueriesQuery,
} from '@keywright/contract';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { addToTeam } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { dataChecksums, errorBody, request } from '../../../test/harness';
import { multipart, type MultipartFile } from '../../../test/support/multipart';
import { searchConsoleCsv, type SearchConsoleCsvRow } from '../../../test/support/search-console-files';
import { useTestContext } from '../../../test/support/test-context';

// Nothing runs in the background, so two checksums of the database differ only by what a call wrote.
const ctx = useTestContext({ app: { jobs: 'off' } });

let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  [owner, member, stranger] = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
  await addToTeam(ctx, owner, member);
});

/** The queries of the tests below, as Search Console's export writes them. */
const wallets: SearchConsoleCsvRow[] = [
  ['leather wallet', '120', '4,000', '3%', '5.2'],
  ['mens leather wallet', '30', '1,500', '2%', '8.4'],
  ['wallet chain', '5', '90', '5.56%', '14.1'],
  ['100% leather belt', '12', '300', '4%', '3.1'],
  ['card_holder', '0', '250', '0%', '25'],
  ['cardxholder', '2', '250', '0.8%', '19.96'],
  ['Leather Bag', '80', '900', '8.89%', '2.5'],
];

function send(projectId: number, files: MultipartFile[], as: TestUser | null = owner) {
  return request(ctx, as, {
    method: 'POST',
    url: buildPath(endpoints.importSearchConsole.path, { projectId }),
    ...multipart(files),
  });
}

/** Uploads the file as the Search Console view does: one file in field `file`. */
function upload(projectId: number, bytes: Uint8Array, as: TestUser | null = owner, name = 'Queries.csv') {
  return send(projectId, [{ field: 'file', name, bytes, type: 'text/csv' }], as);
}

async function imported(projectId: number, rows: SearchConsoleCsvRow[] = wallets) {
  const response = await upload(projectId, searchConsoleCsv(rows));
  expect(response.statusCode, response.body).toBe(200);
  return searchConsoleImportAnswerSchema.parse(response.json());
}

function queriesCall(projectId: number, query: Record<string, string | number | boolean> = {}, as = owner) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return request(ctx, as, {
    method: 'GET',
    url: `${buildPath(endpoints.searchConsoleQueries.path, { projectId })}?${search}`,
  });
}

async function queries(projectId: number, query: { [K in keyof SearchConsoleQueriesQuery]?: string | number } = {}) {
  const response = await queriesCall(projectId, query);
  expect(response.statusCode, response.body).toBe(200);
  return searchConsoleQueriesAnswerSchema.parse(response.json());
}

/** Just the query texts of a page, in order. */
async function texts(projectId: number, query: { [K in keyof SearchConsoleQueriesQuery]?: string | number } = {}) {
  return (await queries(projectId, { pageSize: 100, ...query })).queries.map((row) => row.query);
}

async function state(projectId: number, as = owner) {
  const response = await request(ctx, as, {
    method: 'GET',
    url: buildPath(endpoints.projectSearchConsole.path, { projectId }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return projectSearchConsoleSchema.parse(response.json());
}

/** A project with two of the queries as keywords ("leather wallet", "leather bag") and the queries uploaded. */
async function projectWithQueries(): Promise<Project> {
  const project = await buildProject(ctx, { owner });
  await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'leather wallet' });
  await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'leather  BAG' });
  await imported(project.id);
  return project;
}

describe('POST /api/projects/:projectId/search-console/import', () => {
  it('stores the export’s queries and answers what it read, stored and skipped', async () => {
    const project = await buildProject(ctx, { owner });
    const rows: SearchConsoleCsvRow[] = [
      ...wallets.slice(0, 2),
      ['', '1', '10', '10%', '3'],
      ['Leather   Wallet', '1', '10', '10%', '3'],
      wallets[2]!,
    ];
    expect(await imported(project.id, rows)).toEqual({
      read: 5,
      stored: 3,
      skipped: 2,
      skips: [
        { line: 4, query: '', reason: messages.searchConsoleSkipBlank },
        { line: 5, query: 'Leather Wallet', reason: messages.searchConsoleSkipDuplicate },
      ],
    });
    const page = await queries(project.id);
    expect(page.total).toBe(3);
    expect(page.queries[0]).toEqual({
      query: 'leather wallet',
      clicks: 120,
      impressions: 4000,
      ctr: 0.03,
      position: 5.2,
      page: null,
      in_project: false,
    });
  });

  it('reads the Performance report’s ZIP as it is', async () => {
    const project = await buildProject(ctx, { owner });
    const zip = zipSync({
      'Queries.csv': searchConsoleCsv(wallets),
      'Pages.csv': Buffer.from('Top pages,Clicks,Impressions,CTR,Position\r\nhttps://example.com/,10,100,10%,2.5\r\n'),
    });
    const response = await upload(project.id, zip, owner, 'example.com-Performance-on-Search-2026-11-27.zip');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ read: 7, stored: 7, skipped: 0, skips: [] });
    expect((await queries(project.id)).total).toBe(7);
  });

  it('replaces the previous import: only the new file’s queries are shown', async () => {
    const project = await projectWithQueries();
    const first = await state(project.id);
    await imported(project.id, [['leather wallet', '1', '20', '5%', '7']]);
    const page = await queries(project.id);
    expect(page).toEqual({
      total: 1,
      queries: [
        { query: 'leather wallet', clicks: 1, impressions: 20, ctr: 0.05, position: 7, page: null, in_project: true },
      ],
    });
    const second = await state(project.id);
    expect(second.current!.id).not.toBe(first.current!.id);
    expect(second).toMatchObject({ queries: 1, latest: null });
    // The previous import's rows are gone with it.
    const { rows } = await ctx.database.pool.query<{ count: number }>(
      `select count(*)::int as count from search_console_queries q join search_console_imports i on i.id = q.import_id
       where i.project_id = $1`,
      [project.id],
    );
    expect(rows[0]!.count).toBe(1);
  });

  it('lets a team member upload, as the uploader', async () => {
    const project = await buildProject(ctx, { owner });
    const response = await upload(project.id, searchConsoleCsv(wallets), member);
    expect(response.statusCode, response.body).toBe(200);
    expect((await queries(project.id)).total).toBe(7);
    const { rows } = await ctx.database.pool.query<{ user_id: string; source: string }>(
      'select user_id, source from search_console_imports where project_id = $1',
      [project.id],
    );
    expect(rows).toEqual([{ user_id: member.id, source: 'upload' }]);
  });
});

describe('an upload the import refuses', () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectWithQueries();
  });

  /** Sends, and checks the answer, that nothing was written and that the previous queries are still shown. */
  async function expectRefused(sent: () => ReturnType<typeof send>, status: number, body: unknown): Promise<void> {
    const before = await dataChecksums(ctx);
    const response = await sent();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual(body);
    expect(await dataChecksums(ctx)).toEqual(before);
    expect((await queries(project.id)).total).toBe(wallets.length);
  }

  const refused = (message: string) => errorBody('validation_error', message);
  const file = (bytes: Uint8Array, field = 'file'): MultipartFile => ({ field, name: 'Queries.csv', bytes });

  it('refuses a file that is no Search Console export, in the contract’s words', async () => {
    const cases: Array<[string, Uint8Array, string, string?]> = [
      [
        'without CTR and Position',
        Buffer.from('Top queries,Clicks,Impressions\r\nwallet,1,2\r\n'),
        messages.searchConsoleMissingColumns(['CTR', 'Position']),
      ],
      ['only a header', searchConsoleCsv([]), messages.searchConsoleNoRows],
      ['empty', Buffer.alloc(0), messages.searchConsoleNoRows],
      [
        'binary',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        messages.searchConsoleNotText,
      ],
      ['a damaged ZIP', Buffer.from('PK not really'), messages.searchConsoleBadZip, 'export.zip'],
      [
        'a ZIP without Queries.csv',
        zipSync({ 'Pages.csv': Buffer.from('Top pages,Clicks,Impressions,CTR,Position\r\n') }),
        messages.searchConsoleNoQueriesCsv,
        'export.zip',
      ],
    ];
    for (const [name, bytes, message, fileName] of cases) {
      await expectRefused(() => upload(project.id, bytes, owner, fileName), 400, refused(message)).catch(
        (error: Error) => {
          throw new Error(`${name}: ${error.message}`);
        },
      );
    }
  });

  it('refuses no file, a file in another field, and two files', async () => {
    const bytes = searchConsoleCsv(wallets);
    await expectRefused(() => send(project.id, []), 400, refused(messages.searchConsoleFileRequired));
    await expectRefused(
      () => send(project.id, [file(bytes, 'documents')]),
      400,
      refused(messages.searchConsoleFileRequired),
    );
    await expectRefused(
      () => send(project.id, [file(bytes), file(bytes)]),
      400,
      refused(messages.searchConsoleOneFile),
    );
  });

  it('refuses a body that is not a form with 415', async () => {
    await expectRefused(
      () =>
        request(ctx, owner, {
          method: 'POST',
          url: buildPath(endpoints.importSearchConsole.path, { projectId: project.id }),
          headers: { 'content-type': 'text/csv' },
          payload: searchConsoleCsv(wallets),
        }),
      415,
      errorBody('unsupported_media_type', messages.searchConsoleFileRequired),
    );
  });

  it('refuses a file over 40 MB with 413', async () => {
    const row: SearchConsoleCsvRow = ['x'.repeat(200), '1', '10', '10%', '3'];
    const bytes = Buffer.concat([
      searchConsoleCsv([]),
      Buffer.alloc(constants.keywordPlannerImport.maxBytes + 1024, `${row.join(',')}\r\n`),
    ]);
    await expectRefused(
      () => upload(project.id, bytes),
      413,
      errorBody('payload_too_large', messages.searchConsoleTooLarge),
    );
  });

  it('refuses more than 100,000 queries', async () => {
    const rows = Array.from({ length: constants.keywordPlannerImport.maxRows + 1 }, (_, index): SearchConsoleCsvRow => [
      `query ${index}`,
      '1',
      '10',
      '10%',
      '3',
    ]);
    await expectRefused(
      () => upload(project.id, searchConsoleCsv(rows)),
      400,
      refused(messages.searchConsoleTooManyRows),
    );
  });

  it('answers a project the caller cannot see as missing, before reading the file; signed out 401', async () => {
    const notFound = errorBody('not_found', messages.notFound);
    await expectRefused(() => upload(project.id, searchConsoleCsv(wallets), stranger), 404, notFound);
    await expectRefused(() => upload(project.id, Buffer.from([0, 1, 2]), stranger), 404, notFound);
    await expectRefused(() => upload(999_999_999, searchConsoleCsv(wallets)), 404, notFound);
    await expectRefused(
      () => upload(project.id, searchConsoleCsv(wallets), null),
      401,
      errorBody('unauthorized', messages.signInRequired),
    );
  });
});

describe('GET /api/projects/:projectId/search-console', () => {
  it('says a project without imports has none', async () => {
    const project = await buildProject(ctx, { owner });
    expect(await state(project.id)).toEqual({ siteUrl: null, linkedBy: null, current: null, latest: null, queries: 0 });
  });

  it('shows the current import and how many queries it holds, to the owner and the team', async () => {
    const project = await projectWithQueries();
    const shown = await state(project.id);
    expect(shown).toEqual({
      siteUrl: null,
      linkedBy: null,
      current: {
        id: expect.any(Number),
        source: 'upload',
        status: 'completed',
        rows: wallets.length,
        startDate: null,
        endDate: null,
        error: null,
        startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      latest: null,
      queries: wallets.length,
    });
    expect(await state(project.id, member)).toEqual(shown);
  });

  it('shows a newer import that failed beside the current one, and who linked the property', async () => {
    const project = await projectWithQueries();
    await ctx.database.pool.query(
      `insert into search_console_imports (project_id, user_id, source, status, error, finished_at)
       values ($1, $2, 'api', 'failed', 'Google refused the grant', now())`,
      [project.id, owner.id],
    );
    await ctx.database.pool.query(
      `update search_console_projects set site_url = 'sc-domain:example.com', linked_by = $2 where project_id = $1`,
      [project.id, owner.id],
    );
    const shown = await state(project.id);
    expect(shown).toMatchObject({
      siteUrl: 'sc-domain:example.com',
      linkedBy: owner.email,
      current: { source: 'upload', status: 'completed' },
      latest: { source: 'api', status: 'failed', error: 'Google refused the grant', rows: 0 },
      queries: wallets.length,
    });
  });

  it('is missing to a stranger and refused signed out', async () => {
    const project = await projectWithQueries();
    const url = buildPath(endpoints.projectSearchConsole.path, { projectId: project.id });
    const hidden = await request(ctx, stranger, { method: 'GET', url });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(errorBody('not_found', messages.notFound));
    expect((await request(ctx, null, { method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('GET /api/projects/:projectId/search-console/queries', () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectWithQueries();
  });

  it('answers none for a project without an import', async () => {
    const empty = await buildProject(ctx, { owner });
    expect(await queries(empty.id)).toEqual({ queries: [], total: 0 });
    expect(await queries(empty.id, { notInProject: 'true', minImpressions: 100 })).toEqual({ queries: [], total: 0 });
  });

  it('lists the queries by impressions, most first, ties by query, with whether each is a keyword', async () => {
    const page = await queries(project.id);
    expect(page.total).toBe(7);
    expect(page.queries.map((row) => [row.query, row.in_project])).toEqual([
      ['leather wallet', true],
      ['mens leather wallet', false],
      ['Leather Bag', true],
      ['100% leather belt', false],
      ['card_holder', false],
      ['cardxholder', false],
      ['wallet chain', false],
    ]);
    expect(page.queries[2]).toEqual({
      query: 'Leather Bag',
      clicks: 80,
      impressions: 900,
      ctr: 0.0889,
      position: 2.5,
      page: null,
      in_project: true,
    });
  });

  it('sorts by each figure both ways, ties by query', async () => {
    const cases: Array<[string, string[]]> = [
      [
        'impressions',
        [
          'wallet chain',
          'card_holder',
          'cardxholder',
          '100% leather belt',
          'Leather Bag',
          'mens leather wallet',
          'leather wallet',
        ],
      ],
      [
        'clicks',
        [
          'card_holder',
          'cardxholder',
          'wallet chain',
          '100% leather belt',
          'mens leather wallet',
          'Leather Bag',
          'leather wallet',
        ],
      ],
      [
        '-clicks',
        [
          'leather wallet',
          'Leather Bag',
          'mens leather wallet',
          '100% leather belt',
          'wallet chain',
          'cardxholder',
          'card_holder',
        ],
      ],
      [
        'ctr',
        [
          'card_holder',
          'cardxholder',
          'mens leather wallet',
          'leather wallet',
          '100% leather belt',
          'wallet chain',
          'Leather Bag',
        ],
      ],
      [
        '-ctr',
        [
          'Leather Bag',
          'wallet chain',
          '100% leather belt',
          'leather wallet',
          'mens leather wallet',
          'cardxholder',
          'card_holder',
        ],
      ],
      [
        'position',
        [
          'Leather Bag',
          '100% leather belt',
          'leather wallet',
          'mens leather wallet',
          'wallet chain',
          'cardxholder',
          'card_holder',
        ],
      ],
      [
        '-position',
        [
          'card_holder',
          'cardxholder',
          'wallet chain',
          'mens leather wallet',
          'leather wallet',
          '100% leather belt',
          'Leather Bag',
        ],
      ],
      [
        'query',
        [
          '100% leather belt',
          'card_holder',
          'cardxholder',
          'Leather Bag',
          'leather wallet',
          'mens leather wallet',
          'wallet chain',
        ],
      ],
      [
        '-query',
        [
          'wallet chain',
          'mens leather wallet',
          'leather wallet',
          'Leather Bag',
          'cardxholder',
          'card_holder',
          '100% leather belt',
        ],
      ],
    ];
    for (const [sort, expected] of cases) {
      expect(await texts(project.id, { sort: sort as never }), sort).toEqual(expected);
    }
  });

  it('pages in the database: each page its slice, the total of them all', async () => {
    const all = await texts(project.id);
    const pages = await Promise.all([1, 2, 3, 4].map((page) => queries(project.id, { page, pageSize: 2 })));
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7, 7]);
    expect(pages.flatMap((page) => page.queries.map((row) => row.query))).toEqual(all);
    expect(pages[3]!.queries).toHaveLength(1);
    expect(await queries(project.id, { page: 5, pageSize: 2 })).toEqual({ queries: [], total: 7 });
  });

  it('searches the queries, ignoring case and taking % and _ literally', async () => {
    expect(await texts(project.id, { q: 'LEATHER' })).toEqual([
      'leather wallet',
      'mens leather wallet',
      'Leather Bag',
      '100% leather belt',
    ]);
    expect(await texts(project.id, { q: '  Leather   Wallet ' })).toEqual(['leather wallet', 'mens leather wallet']);
    expect(await texts(project.id, { q: '100%' })).toEqual(['100% leather belt']);
    expect(await texts(project.id, { q: '0%' })).toEqual(['100% leather belt']);
    expect(await texts(project.id, { q: 'card_' })).toEqual(['card_holder']);
    expect(await queries(project.id, { q: 'leather', pageSize: 1 })).toMatchObject({ total: 4 });
    expect(await queries(project.id, { q: 'no such query' })).toEqual({ queries: [], total: 0 });
  });

  it('keeps the queries within positions and over impressions', async () => {
    expect(await texts(project.id, { minPosition: 5.2 })).toEqual([
      'leather wallet',
      'mens leather wallet',
      'card_holder',
      'cardxholder',
      'wallet chain',
    ]);
    expect(await texts(project.id, { maxPosition: 5.2 })).toEqual([
      'leather wallet',
      'Leather Bag',
      '100% leather belt',
    ]);
    expect(await texts(project.id, { minPosition: 3, maxPosition: 10, sort: 'position' })).toEqual([
      '100% leather belt',
      'leather wallet',
      'mens leather wallet',
    ]);
    expect(await texts(project.id, { minImpressions: 900 })).toEqual([
      'leather wallet',
      'mens leather wallet',
      'Leather Bag',
    ]);
    expect(await queries(project.id, { minImpressions: 900 })).toMatchObject({ total: 3 });
  });

  it('leaves out the queries that are keywords of the project with notInProject', async () => {
    const page = await queries(project.id, { notInProject: 'true' });
    expect(page.total).toBe(5);
    expect(page.queries.map((row) => row.query)).toEqual([
      'mens leather wallet',
      '100% leather belt',
      'card_holder',
      'cardxholder',
      'wallet chain',
    ]);
    expect(page.queries.every((row) => !row.in_project)).toBe(true);
    // Adding one as a keyword takes it out; another project's keywords do not.
    const other = await buildProject(ctx, { owner });
    await buildKeyword(ctx, { as: owner, projectId: other.id, keyword: 'card_holder' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'Mens Leather Wallet' });
    expect(await texts(project.id, { notInProject: 'true' })).toEqual([
      '100% leather belt',
      'card_holder',
      'cardxholder',
      'wallet chain',
    ]);
    expect((await queries(project.id, { q: 'mens' })).queries[0]!.in_project).toBe(true);
  });

  it('finds the striking-distance queries: positions 4 to 20, 100 impressions or more, not yet keywords', async () => {
    const striking = constants.searchConsole.strikingDistance;
    const fresh = await projectWithQueries();
    const page = await queries(fresh.id, {
      minPosition: striking.minPosition,
      maxPosition: striking.maxPosition,
      minImpressions: striking.minImpressions,
      notInProject: 'true',
    });
    // leather wallet is a keyword; wallet chain has 90 impressions; card_holder is at 25; the rest are on the first page.
    expect(page).toEqual({
      total: 2,
      queries: [
        {
          query: 'mens leather wallet',
          clicks: 30,
          impressions: 1500,
          ctr: 0.02,
          position: 8.4,
          page: null,
          in_project: false,
        },
        {
          query: 'cardxholder',
          clicks: 2,
          impressions: 250,
          ctr: 0.008,
          position: 19.96,
          page: null,
          in_project: false,
        },
      ],
    });
  });

  it('refuses bounds the wrong way round and bad values', async () => {
    const response = await queriesCall(project.id, { minPosition: 20, maxPosition: 4 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'validation_error', message: messages.searchConsolePositionBounds },
    });
    const bad: Array<Record<string, string | number>> = [
      { sort: 'volume' },
      { minImpressions: -1 },
      { notInProject: 'yes' },
      { pageSize: 1000 },
    ];
    for (const query of bad) {
      expect((await queriesCall(project.id, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('shows the team the queries, and a stranger nothing', async () => {
    const asMember = await queriesCall(project.id, {}, member);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json()).toEqual(await queries(project.id));
    const hidden = await queriesCall(project.id, {}, stranger);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(errorBody('not_found', messages.notFound));
    const missing = await queriesCall(999_999_999);
    expect(missing.statusCode).toBe(404);
  });
});

describe('the keywords page with Search Console figures', () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectWithQueries();
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'wallet chain' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'wallet repair' });
  });

  async function keywordPage(query: Record<string, string | number>) {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const response = await request(ctx, owner, {
      method: 'GET',
      url: `${buildPath(endpoints.projectKeywordPage.path, { projectId: project.id })}?${search}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as KeywordPage;
  }

  it('adds each keyword’s query figures with searchConsole=true, null where no query matches', async () => {
    const page = await keywordPage({ searchConsole: 'true', sort: 'keyword' });
    expect(page.data.map((row) => [row.keyword, row.search_console])).toEqual([
      ['leather BAG', { clicks: 80, impressions: 900, ctr: 0.0889, position: 2.5 }],
      ['leather wallet', { clicks: 120, impressions: 4000, ctr: 0.03, position: 5.2 }],
      ['wallet chain', { clicks: 5, impressions: 90, ctr: 0.0556, position: 14.1 }],
      ['wallet repair', null],
    ]);
    // Without the flag the rows are as they were.
    const plain = await keywordPage({ sort: 'keyword' });
    expect(plain.data.every((row) => !('search_console' in row))).toBe(true);
  });

  it('sorts by each figure in the database, keywords without a query last', async () => {
    const cases: Array<[string, string[]]> = [
      ['clicks_desc', ['leather wallet', 'leather BAG', 'wallet chain', 'wallet repair']],
      ['clicks', ['wallet chain', 'leather BAG', 'leather wallet', 'wallet repair']],
      ['impressions_desc', ['leather wallet', 'leather BAG', 'wallet chain', 'wallet repair']],
      ['impressions', ['wallet chain', 'leather BAG', 'leather wallet', 'wallet repair']],
      ['ctr_desc', ['leather BAG', 'wallet chain', 'leather wallet', 'wallet repair']],
      ['ctr', ['leather wallet', 'wallet chain', 'leather BAG', 'wallet repair']],
      ['position', ['leather BAG', 'leather wallet', 'wallet chain', 'wallet repair']],
      ['position_desc', ['wallet chain', 'leather wallet', 'leather BAG', 'wallet repair']],
    ];
    for (const [sort, expected] of cases) {
      const page = await keywordPage({ sort, searchConsole: 'true' });
      expect(
        page.data.map((row) => row.keyword),
        sort,
      ).toEqual(expected);
      expect(page.pagination.totalCount).toBe(4);
      // Sorting does not need the figures shown, and pages split the same order.
      const pages = await Promise.all([1, 2].map((number) => keywordPage({ sort, page: number, pageSize: 2 })));
      expect(pages.flatMap((each) => each.data.map((row) => row.keyword))).toEqual(expected);
    }
    // With a search, and with a filter of intents, too.
    const searched = await keywordPage({ sort: 'clicks_desc', search: 'wallet', searchConsole: 'true' });
    expect(searched.data.map((row) => [row.keyword, row.search_console?.clicks ?? null])).toEqual([
      ['leather wallet', 120],
      ['wallet chain', 5],
      ['wallet repair', null],
    ]);
    expect(searched.pagination.totalCount).toBe(3);
    const intents = await keywordPage({
      sort: 'clicks_desc',
      intent: 'informational,navigational,commercial,transactional',
    });
    expect(intents.data.length).toBeGreaterThan(1);
    expect(intents.data.map((row) => row.keyword)).toEqual(
      ['leather wallet', 'leather BAG', 'wallet chain', 'wallet repair'].filter((keyword) =>
        intents.data.some((row) => row.keyword === keyword),
      ),
    );
  });

  it('shows a new import’s figures at once, on a page asked for before', async () => {
    const before = await keywordPage({ searchConsole: 'true', sort: 'clicks_desc' });
    expect(before.data[0]!.keyword).toBe('leather wallet');
    await imported(project.id, [...wallets, ['wallet repair', '500', '600', '83.33%', '1.2']]);
    const after = await keywordPage({ searchConsole: 'true', sort: 'clicks_desc' });
    expect(after.data[0]).toMatchObject({
      keyword: 'wallet repair',
      search_console: { clicks: 500, impressions: 600, ctr: 0.8333, position: 1.2 },
    });
    await imported(project.id);
  });

  it('refuses a sort it does not know', async () => {
    const response = await request(ctx, owner, {
      method: 'GET',
      url: `${buildPath(endpoints.projectKeywordPage.path, { projectId: project.id })}?sort=-clicks`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the exports with Search Console figures', () => {
  /** The CSV's rows as cells by column (no cell of these tests holds a comma or quote). */
  function table(body: string) {
    const [header, ...rows] = body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    return {
      header: header!,
      rows: rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]]))),
    };
  }

  async function download(name: 'exportProjectKeywords' | 'exportAnalysis', projectId: number, query = '') {
    const response = await request(ctx, owner, {
      method: 'GET',
      url: `${buildPath(endpoints[name].path, { projectId })}${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return table(response.body);
  }

  it('writes Clicks, Impressions, CTR and Position in the project export when the project has queries', async () => {
    const project = await projectWithQueries();
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'wallet repair' });
    const plain = await download('exportProjectKeywords', project.id);
    expect(plain.header).toEqual(['Keyword', 'Date Added', 'Clicks', 'Impressions', 'CTR', 'Position', 'Intent']);
    const byKeyword = Object.fromEntries(plain.rows.map((row) => [row.Keyword, row]));
    expect(byKeyword['leather wallet']).toMatchObject({
      Clicks: '120',
      Impressions: '4000',
      CTR: '3%',
      Position: '5.2',
    });
    expect(byKeyword['leather BAG']).toMatchObject({ Clicks: '80', Impressions: '900', CTR: '8.89%', Position: '2.5' });
    expect(byKeyword['wallet repair']).toMatchObject({
      Clicks: 'N/A',
      Impressions: 'N/A',
      CTR: 'N/A',
      Position: 'N/A',
    });

    const withFigures = await download('exportProjectKeywords', project.id, '?metrics=true');
    expect(withFigures.header).toEqual([
      'Keyword',
      'Date Added',
      'Search Volume',
      'Competition',
      'CPC (USD)',
      'Difficulty',
      'Source',
      'Clicks',
      'Impressions',
      'CTR',
      'Position',
      'Intent',
    ]);
    expect(withFigures.rows.find((row) => row.Keyword === 'leather wallet')).toMatchObject({
      CTR: '3%',
      Position: '5.2',
    });
  });

  it('writes CTR as a percentage and the position with one decimal', async () => {
    const project = await buildProject(ctx, { owner });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'wallet' });
    await imported(project.id, [['wallet', '1', '8', '12.5%', '7']]);
    expect((await download('exportProjectKeywords', project.id)).rows[0]).toMatchObject({
      CTR: '12.5%',
      Position: '7.0',
    });
  });

  it('writes the columns in the analysis export when the project has queries', async () => {
    const project = await projectWithQueries();
    const analysis = await download('exportAnalysis', project.id);
    expect(analysis.header).toEqual([
      'Keyword',
      'Avg. Monthly Searches',
      'Competition',
      'Competition Index',
      'Low CPC (USD)',
      'High CPC (USD)',
      'Source',
      'Clicks',
      'Impressions',
      'CTR',
      'Position',
      'Intent',
    ]);
    const byKeyword = Object.fromEntries(analysis.rows.map((row) => [row.Keyword, row]));
    expect(byKeyword['leather wallet']).toMatchObject({
      Clicks: '120',
      Impressions: '4000',
      CTR: '3%',
      Position: '5.2',
    });
    expect(byKeyword['leather BAG']).toMatchObject({ Clicks: '80', CTR: '8.89%', Position: '2.5' });
  });

  it('leaves the columns out when the project has no queries', async () => {
    const project = await buildProject(ctx, { owner });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'leather wallet' });
    expect((await download('exportProjectKeywords', project.id)).header).toEqual(['Keyword', 'Date Added', 'Intent']);
    expect((await download('exportAnalysis', project.id)).header).not.toContain('Clicks');
  });
});
