import {
  buildPath,
  endpoints,
  messages,
  type ClustersAnswer,
  type EndpointName,
  type Endpoints,
  type KeywordList,
  type NegativeList,
  type NegativeListDetail,
} from '@keywright/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildKeywordList } from './factories/keyword-lists';
import { buildKeyword } from './factories/keywords';
import { buildProject } from './factories/projects';
import type { SharedProject } from './factories/team';
import { buildUser, type TestUser } from './factories/users';
import { errorBody, request, type TestContext } from './harness';
import { plannerFile, plannerRow } from './support/keyword-planner-files';
import { multipart } from './support/multipart';
import { searchConsoleCsv } from './support/search-console-files';
import { termsFile, termsRow } from './support/search-terms-files';

/**
 * The access table: for every call of the contract that needs a session, how
 * to make it on a shared project's data and what its owner, a member of the
 * owner's team and a signed-in stranger get. endpoints.test.ts runs it caller
 * by caller; access-replay.test.ts replays the owner's calls as others.
 */

export type AuthEndpointName = {
  [K in EndpointName]: Endpoints[K]['auth'] extends true ? K : never;
}[EndpointName];
export type PublicEndpointName = Exclude<EndpointName, AuthEndpointName>;
export type Caller = 'owner' | 'member' | 'stranger';

export const MISSING_ID = 999_999_999;
/** 404, with the very body a missing id gets. */
export const HIDDEN = 'hidden';
export type Outcome = 200 | 201 | 202 | typeof HIDDEN | { status: number; body: unknown };

export interface Attempt {
  call: InjectOptions;
  /** The same call on an id that does not exist. */
  missing?: InjectOptions;
}

export interface AccessCase {
  outcomes: Record<Caller, Outcome>;
  /** Makes whatever data the call needs and returns the call. */
  attempt(ctx: TestContext, world: SharedProject, caller: TestUser): Promise<Attempt>;
  /** What an allowed caller gets and what the call changed. */
  check?(
    ctx: TestContext,
    world: SharedProject,
    caller: Caller,
    body: unknown,
    call: InjectOptions,
  ): Promise<void> | void;
}

export function call(name: EndpointName, params: Record<string, number> = {}, payload?: object): InjectOptions {
  const endpoint = endpoints[name];
  return { method: endpoint.method, url: buildPath(endpoint.path, params), ...(payload && { payload }) };
}

const forbiddenDelete = { status: 403, body: errorBody('forbidden', messages.forbiddenDelete) };
const projectNotFound = { status: 404, body: errorBody('not_found', messages.projectNotFound) };
const notTeamMember = { status: 404, body: errorBody('not_found', messages.notTeamMember) };
const driveNotConfigured = { status: 503, body: errorBody('unavailable', messages.driveNotConfigured) };
const searchConsoleNotConfigured = {
  status: 503,
  body: errorBody('unavailable', messages.searchConsoleNotConfigured),
};
/** A redirect has no body: the generator says the connection failed. */
const driveAuthFailed = { status: 302, body: '' };

/** JSON answers parsed; others (the CSV export) as text. */
export function readBody(response: LightMyRequestResponse): unknown {
  return String(response.headers['content-type']).includes('json') ? response.json() : response.body;
}

async function get(ctx: TestContext, as: TestUser, options: InjectOptions) {
  const response = await request(ctx, as, options);
  return { status: response.statusCode, body: readBody(response) };
}

const worldLists = new WeakMap<SharedProject, Promise<KeywordList>>();
/** The owner's list in the world's project, holding the world's keyword: made once per world. */
function worldList(ctx: TestContext, world: SharedProject): Promise<KeywordList> {
  let list = worldLists.get(world);
  if (!list) {
    list = buildKeywordList(ctx, {
      owner: world.owner,
      projectId: world.project.id,
      keywordIds: [world.keyword.id],
    });
    worldLists.set(world, list);
  }
  return list;
}

/** The world's list as its owner reads it now. */
async function readList(ctx: TestContext, world: SharedProject, listId: number, query = '') {
  return get(ctx, world.owner, {
    method: 'GET',
    url: `${buildPath(endpoints.getKeywordList.path, { id: listId })}${query}`,
  });
}

const keywordIdIn = (url: unknown) => Number(/-(\d+)$/.exec(String(url))![1]);

/** A project of the world's owner with keywords in two groups, and its groups as the owner reads them. */
async function groupedProject(ctx: TestContext, world: SharedProject) {
  const project = await buildProject(ctx, { owner: world.owner });
  for (const keyword of ['leather wallets', 'slim leather wallets', 'leather belts', 'brown leather belts']) {
    await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword });
  }
  const read = await get(ctx, world.owner, call('projectClusters', { projectId: project.id }));
  return { project, groups: (read.body as ClustersAnswer).clusters };
}

/** The groups of a project as its owner reads them now. */
async function readGroups(ctx: TestContext, world: SharedProject, projectId: number) {
  return (await get(ctx, world.owner, call('projectClusters', { projectId }))).body as ClustersAnswer;
}

const groupUrl = (url: unknown) => Number(/\/projects\/(\d+)\//.exec(String(url))![1]);

let negativeListCount = 0;
/** A negative list of the world's project holding `free` (exact), made through the API by its owner. */
async function buildNegativeList(ctx: TestContext, world: SharedProject, name: string): Promise<NegativeList> {
  negativeListCount += 1;
  const payload = { name: `${name} ${negativeListCount}` };
  const made = await get(ctx, world.owner, call('createNegativeList', { projectId: world.project.id }, payload));
  if (made.status !== 201) throw new Error(`negative list create failed: ${made.status}`);
  const list = made.body as NegativeList;
  await get(ctx, world.owner, call('addNegativeItems', { id: list.id }, { text: 'free', match_type: 'exact' }));
  return list;
}

const worldNegativeLists = new WeakMap<SharedProject, Promise<NegativeList>>();
/** The world's own negative list: made once per world. */
function worldNegativeList(ctx: TestContext, world: SharedProject): Promise<NegativeList> {
  let list = worldNegativeLists.get(world);
  if (!list) {
    list = buildNegativeList(ctx, world, 'Not for us');
    worldNegativeLists.set(world, list);
  }
  return list;
}

// Partial so that a new endpoint does not break the type check; accessTableGaps names it instead.
export const accessCases: Partial<Record<AuthEndpointName, AccessCase>> = {
  me: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('me') }),
    check(_ctx, world, caller, body) {
      const { id, email, name } = world[caller];
      expect(body).toEqual({ id, email, name });
    },
  },
  listProjects: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('listProjects') }),
    check(_ctx, world, caller, body) {
      const shared = [{ ...world.project, keywords_count: 1 }];
      expect(body).toEqual(caller === 'stranger' ? [] : shared);
    },
  },
  getProject: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('getProject', { id: world.project.id }),
      missing: call('getProject', { id: MISSING_ID }),
    }),
    check(_ctx, world, _caller, body) {
      expect(body).toEqual({ ...world.project, keywords_count: 1 });
    },
  },
  createProject: {
    outcomes: { owner: 201, member: 201, stranger: 201 },
    attempt: async () => ({ call: call('createProject', {}, { name: 'New', description: 'Made in a test' }) }),
    check(_ctx, world, caller, body) {
      expect(body).toMatchObject({ user_id: world[caller].id, owner_email: world[caller].email, name: 'New' });
    },
  },
  updateProject: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const payload = {
        name: `Renamed by ${caller.email}`,
        description: 'Changed',
        country: 'France',
        site_url: 'https://example.fr',
        competitors: 'Rival Physio',
        brand: 'Motion Physio',
      };
      return {
        call: call('updateProject', { id: world.project.id }, payload),
        missing: call('updateProject', { id: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, caller, body) {
      const expected = {
        ...world.project,
        name: `Renamed by ${world[caller].email}`,
        description: 'Changed',
        country: 'France',
        city: '',
        language: '',
        site_url: 'https://example.fr',
        competitors: 'Rival Physio',
        brand: 'Motion Physio',
        // No currency chosen: France's.
        currency: 'EUR',
        currency_auto: true,
        keywords_count: 1,
      };
      expect(body).toEqual(expected);
      expect(await get(ctx, world.owner, call('getProject', { id: world.project.id }))).toEqual({
        status: 200,
        body: expected,
      });
    },
  },
  deleteProject: {
    outcomes: { owner: 200, member: forbiddenDelete, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const project = await buildProject(ctx, { owner: world.owner });
      return { call: call('deleteProject', { id: project.id }), missing: call('deleteProject', { id: MISSING_ID }) };
    },
    async check(ctx, world, _caller, body, deleted) {
      expect(body).toEqual({ success: true });
      expect(await get(ctx, world.owner, { method: 'GET', url: String(deleted.url) })).toEqual({
        status: 404,
        body: errorBody('not_found', messages.notFound),
      });
    },
  },
  listProjectKeywords: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('listProjectKeywords', { projectId: world.project.id }),
      missing: call('listProjectKeywords', { projectId: MISSING_ID }),
    }),
    check(_ctx, world, _caller, body) {
      expect(body).toEqual([world.keyword]);
    },
  },
  addProjectKeyword: {
    outcomes: { owner: 201, member: 201, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const payload = { keyword: `added by ${caller.email}` };
      return {
        call: call('addProjectKeyword', { projectId: world.project.id }, payload),
        missing: call('addProjectKeyword', { projectId: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, caller, body) {
      expect(body).toMatchObject({ keyword: `added by ${world[caller].email}`, source: 'manual' });
      const list = await get(ctx, world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      expect(list.body).toContainEqual(body);
    },
  },
  addProjectKeywords: {
    // Whoever may add one keyword to the project may add a pasted list.
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const payload = { keywords: [`pasted by ${caller.email}`, world.keyword.keyword, `PASTED BY ${caller.email}`] };
      return {
        call: call('addProjectKeywords', { projectId: world.project.id }, payload),
        missing: call('addProjectKeywords', { projectId: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, caller, body) {
      const email = world[caller].email;
      expect(body).toMatchObject({
        added: [{ keyword: `pasted by ${email}`, source: 'manual' }],
        repeated: [`PASTED BY ${email}`],
        existing: [world.keyword.keyword],
      });
      const list = await get(ctx, world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      expect(list.body).toContainEqual((body as { added: unknown[] }).added[0]);
    },
  },
  deleteKeyword: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const keyword = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id });
      return { call: call('deleteKeyword', { id: keyword.id }), missing: call('deleteKeyword', { id: MISSING_ID }) };
    },
    async check(ctx, world, _caller, body, deleted) {
      expect(body).toEqual({ success: true });
      const list = await get(ctx, world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      const ids = (list.body as { id: number }[]).map((keyword) => `/api/keywords/${keyword.id}`);
      expect(ids).toContain(`/api/keywords/${world.keyword.id}`);
      expect(ids).not.toContain(deleted.url);
    },
  },
  projectKeywordPage: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('projectKeywordPage', { projectId: world.project.id }),
      missing: call('projectKeywordPage', { projectId: MISSING_ID }),
    }),
    check(_ctx, world, _caller, body) {
      expect(body).toMatchObject({
        data: [{ id: world.keyword.id, keyword: world.keyword.keyword }],
        pagination: { page: 1, pageSize: 20, totalCount: 1, totalPages: 1 },
        latestRunId: null,
      });
    },
  },
  exportProjectKeywords: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('exportProjectKeywords', { projectId: world.project.id }),
      missing: call('exportProjectKeywords', { projectId: MISSING_ID }),
    }),
    check(_ctx, world, _caller, body) {
      expect(body).toMatch(new RegExp(`^\ufeffKeyword,Date Added,Intent\r\n${world.keyword.keyword},`));
    },
  },
  deleteProjectKeywords: {
    // Whoever may delete one keyword of the project may delete several.
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const keyword = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id });
      const payload = { keywordIds: [keyword.id] };
      return {
        call: call('deleteProjectKeywords', { projectId: world.project.id }, payload),
        missing: call('deleteProjectKeywords', { projectId: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, _caller, body, deleted) {
      expect(body).toEqual({ deleted: 1 });
      const [keywordId] = (deleted.payload as { keywordIds: number[] }).keywordIds;
      const list = await get(ctx, world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      const ids = (list.body as { id: number }[]).map((keyword) => keyword.id);
      expect(ids).toContain(world.keyword.id);
      expect(ids).not.toContain(keywordId);
    },
  },
  analysisPage: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('analysisPage', { projectId: world.project.id }),
      missing: call('analysisPage', { projectId: MISSING_ID }),
    }),
    check(_ctx, world, _caller, body) {
      const { id, keyword, created_at, intent } = world.keyword;
      expect(body).toEqual({
        data: [{ id, keyword, intent, created_at, metrics: null }],
        pagination: { page: 1, pageSize: 20, totalCount: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false },
        source: 'estimate',
        projectKeywordCount: 1,
        withoutFigures: 1,
      });
    },
  },
  exportAnalysis: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('exportAnalysis', { projectId: world.project.id }),
      missing: call('exportAnalysis', { projectId: MISSING_ID }),
    }),
    check(_ctx, world, _caller, body) {
      const intent = world.keyword.intent.map((each) => messages.intentLabels[each]).join('; ');
      expect(body).toBe(
        `\ufeffKeyword,Avg. Monthly Searches,Competition,Competition Index,Low CPC (USD),High CPC (USD),Source,Intent\r\n${world.keyword.keyword},N/A,N/A,N/A,N/A,N/A,,${intent}\r\n`,
      );
    },
  },
  keywordPlannerImport: {
    // Importing adds keywords to the project: whoever may change it may import a file into it.
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (_ctx, world, caller) => {
      const rows = [plannerRow(`imported by ${caller.email}`), plannerRow(world.keyword.keyword)];
      const upload = multipart([{ field: 'file', name: 'Keyword Stats.csv', bytes: plannerFile(rows) }]);
      const path = endpoints.keywordPlannerImport.path;
      return {
        call: { method: 'POST', url: buildPath(path, { projectId: world.project.id }), ...upload },
        missing: { method: 'POST', url: buildPath(path, { projectId: MISSING_ID }), ...upload },
      };
    },
    async check(ctx, world, caller, body) {
      expect(body).toMatchObject({
        read: 2,
        added: 1,
        merged: 1,
        skipped: 0,
        withFigures: 2,
        source: 'keyword-planner',
      });
      const list = await get(ctx, world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      expect(list.body).toContainEqual(
        expect.objectContaining({ keyword: `imported by ${world[caller].email}`, source: 'import' }),
      );
    },
  },
  keywordMetrics: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('keywordMetrics', {}, { projectId: world.project.id, page: 1, pageSize: 20 }),
      missing: call('keywordMetrics', {}, { projectId: MISSING_ID, page: 1, pageSize: 20 }),
    }),
    check(_ctx, world, _caller, body) {
      expect(body).toMatchObject({
        data: [{ id: world.keyword.id, keyword: world.keyword.keyword, source: 'estimate' }],
        pagination: { page: 1, pageSize: 20, totalCount: 1 },
        source: 'estimate',
      });
    },
  },
  generateFilteredKeywords: {
    // Adding keywords changes the project: whoever may change it may generate more.
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const payload = { count: 10, minCpc: null, maxCpc: null, keywordLength: 'any' };
      return {
        call: call('generateFilteredKeywords', {}, { ...payload, projectId: world.project.id }),
        missing: call('generateFilteredKeywords', {}, { ...payload, projectId: MISSING_ID }),
      };
    },
    async check(ctx, world, _caller, body) {
      const answer = body as { generated: { keyword: string }[]; requested: number };
      expect(answer.requested).toBe(10);
      expect(answer.generated).toHaveLength(10);
      const list = await get(ctx, world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      expect((list.body as { keyword: string }[]).map((row) => row.keyword)).toEqual(
        expect.arrayContaining(answer.generated.map((row) => row.keyword)),
      );
    },
  },
  keywordSuggestions: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('keywordSuggestions', {}, { projectId: world.project.id }),
      missing: call('keywordSuggestions', {}, { projectId: MISSING_ID }),
    }),
    check(_ctx, world, _caller, body) {
      const { suggestions } = body as { suggestions: { keyword: string; source: string }[] };
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.map((row) => row.keyword)).not.toContain(world.keyword.keyword);
      expect(suggestions.every((row) => row.source === 'estimate')).toBe(true);
    },
  },
  similarKeywords: {
    // Not tied to a project: any signed-in person may look up similar keywords.
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({
      call: call(
        'similarKeywords',
        {},
        { keyword: 'running shoes', language: 'English', country: 'United States', city: '' },
      ),
    }),
    check(_ctx, _world, _caller, body) {
      const { keywords } = body as { keywords: { keyword: string; cpc_range: string }[] };
      expect(keywords.length).toBeGreaterThan(0);
      expect(keywords.map((row) => row.keyword.toLowerCase())).not.toContain('running shoes');
    },
  },
  listKeywordLists: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async (ctx, world) => {
      await worldList(ctx, world);
      return { call: call('listKeywordLists') };
    },
    async check(ctx, world, caller, body) {
      const list = await worldList(ctx, world);
      expect(body).toEqual(caller === 'stranger' ? [] : [list]);
    },
  },
  getKeywordList: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('getKeywordList', { id: (await worldList(ctx, world)).id }),
      missing: call('getKeywordList', { id: MISSING_ID }),
    }),
    async check(ctx, world, _caller, body) {
      const { keyword, id, created_at, source } = world.keyword;
      expect(body).toEqual({
        ...(await worldList(ctx, world)),
        keywords: [{ id, keyword, created_at, source, project_id: world.project.id, added_at: expect.any(String) }],
        pagination: { page: 1, pageSize: 20, totalCount: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false },
      });
    },
  },
  createKeywordList: {
    // Anyone signed in may make a list of their own (keyword-lists.test.ts makes one without a
    // project); linking it to a project needs that project to be readable.
    outcomes: { owner: 201, member: 201, stranger: projectNotFound },
    attempt: async (ctx, world, caller) => ({
      call: call('createKeywordList', {}, { name: `List of ${caller.email}`, project_id: world.project.id }),
    }),
    async check(ctx, world, caller, body) {
      const expected = {
        id: expect.any(Number),
        name: `List of ${world[caller].email}`,
        count: 0,
        project_id: world.project.id,
        project_name: world.project.name,
        user_id: world[caller].id,
        owner_email: world[caller].email,
        created_at: expect.any(String),
      };
      expect(body).toEqual(expected);
      const read = await get(ctx, world[caller], call('getKeywordList', { id: (body as KeywordList).id }));
      expect(read).toMatchObject({ status: 200, body: { ...expected, keywords: [] } });
    },
  },
  updateKeywordList: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const payload = { name: `Renamed by ${caller.email}`, project_id: null };
      return {
        call: call('updateKeywordList', { id: (await worldList(ctx, world)).id }, payload),
        missing: call('updateKeywordList', { id: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, caller, body) {
      const expected = {
        ...(await worldList(ctx, world)),
        name: `Renamed by ${world[caller].email}`,
        project_id: null,
        project_name: null,
      };
      expect(body).toEqual(expected);
      expect(await readList(ctx, world, expected.id)).toMatchObject({ status: 200, body: expected });
    },
  },
  deleteKeywordList: {
    outcomes: { owner: 200, member: forbiddenDelete, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const list = await buildKeywordList(ctx, {
        owner: world.owner,
        projectId: world.project.id,
        keywordIds: [world.keyword.id],
      });
      return {
        call: call('deleteKeywordList', { id: list.id }),
        missing: call('deleteKeywordList', { id: MISSING_ID }),
      };
    },
    async check(ctx, world, _caller, body, deleted) {
      expect(body).toEqual({ success: true });
      expect(await get(ctx, world.owner, { method: 'GET', url: String(deleted.url) })).toEqual({
        status: 404,
        body: errorBody('not_found', messages.notFound),
      });
      // Its keywords stay in their project.
      const keywords = await get(ctx, world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      expect(keywords.body).toEqual([world.keyword]);
    },
  },
  exportKeywordList: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('exportKeywordList', { id: (await worldList(ctx, world)).id }),
      missing: call('exportKeywordList', { id: MISSING_ID }),
    }),
    check(_ctx, world, _caller, body) {
      const intent = world.keyword.intent.map((each) => messages.intentLabels[each]).join('; ');
      expect(body).toBe(`\ufeffKeyword,Intent\r\n${world.keyword.keyword},${intent}\r\n`);
    },
  },
  keywordListMetrics: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('keywordListMetrics', { id: (await worldList(ctx, world)).id }, {}),
      missing: call('keywordListMetrics', { id: MISSING_ID }, {}),
    }),
    async check(ctx, world, _caller, body) {
      const list = await worldList(ctx, world);
      const detail = await readList(ctx, world, list.id, '?metrics=true');
      const figures = (detail.body as { keywords: { metrics: { avg_monthly_searches: number | null } }[] }).keywords[0]!
        .metrics;
      expect(figures).toMatchObject({ source: 'estimate' });
      expect(body).toEqual({
        summary: {
          total_reach: figures.avg_monthly_searches ?? 0,
          avg_cpc_low: expect.toBeOneOf([null, expect.any(Number)]),
          avg_cpc_high: expect.toBeOneOf([null, expect.any(Number)]),
          with_figures: expect.any(Number),
          source: 'estimate',
          // The world's project is in the United States: its estimates are in dollars, in one currency.
          currency: 'USD',
          mixed_currencies: false,
        },
      });
    },
  },
  addKeywordListText: {
    outcomes: { owner: 201, member: 201, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const payload = { keyword_text: `typed by ${caller.id}` };
      return {
        call: call('addKeywordListText', { listId: (await worldList(ctx, world)).id }, payload),
        missing: call('addKeywordListText', { listId: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, caller, body) {
      const list = await worldList(ctx, world);
      const item = {
        id: expect.any(Number),
        keyword: `typed by ${world[caller].id}`,
        project_id: world.project.id,
        source: 'manual',
        created_at: expect.any(String),
        added_at: expect.any(String),
      };
      expect(body).toEqual({ list_id: list.id, item });
      expect((await readList(ctx, world, list.id)).body).toMatchObject({ keywords: expect.arrayContaining([item]) });
      const keywords = await get(ctx, world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      expect((keywords.body as { keyword: string }[]).map((row) => row.keyword)).toContain(item.keyword);
    },
  },
  addKeywordListItem: {
    outcomes: { owner: 201, member: 201, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const keyword = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id });
      return {
        call: call('addKeywordListItem', {}, { list_id: (await worldList(ctx, world)).id, keyword_id: keyword.id }),
        missing: call('addKeywordListItem', {}, { list_id: MISSING_ID, keyword_id: keyword.id }),
      };
    },
    async check(ctx, world, _caller, body, added) {
      const list = await worldList(ctx, world);
      const keywordId = (added.payload as { keyword_id: number }).keyword_id;
      expect(body).toMatchObject({ list_id: list.id, item: { id: keywordId, project_id: world.project.id } });
      const lists = await get(ctx, world.owner, call('keywordListsForKeyword', { id: keywordId }));
      expect(lists.body).toEqual([{ id: list.id, name: list.name }]);
    },
  },
  addKeywordListKeywords: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const keyword = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id });
      // The world's keyword is in the world's list already.
      const payload = { keywordIds: [keyword.id, world.keyword.id] };
      return {
        call: call('addKeywordListKeywords', { id: (await worldList(ctx, world)).id }, payload),
        missing: call('addKeywordListKeywords', { id: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, _caller, body, added) {
      const list = await worldList(ctx, world);
      expect(body).toEqual({ added: 1, alreadyInList: 1 });
      const [keywordId] = (added.payload as { keywordIds: number[] }).keywordIds;
      expect(await get(ctx, world.owner, call('keywordListsForKeyword', { id: keywordId! }))).toEqual({
        status: 200,
        body: [{ id: list.id, name: list.name }],
      });
    },
  },
  removeKeywordListItem: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const list = await worldList(ctx, world);
      const keyword = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id });
      await request(ctx, world.owner, call('addKeywordListItem', {}, { list_id: list.id, keyword_id: keyword.id }));
      return {
        call: call('removeKeywordListItem', { listId: list.id, keywordId: keyword.id }),
        missing: call('removeKeywordListItem', { listId: MISSING_ID, keywordId: keyword.id }),
      };
    },
    async check(ctx, world, _caller, body, removed) {
      expect(body).toEqual({ success: true });
      const keywordId = keywordIdIn(removed.url);
      expect(await get(ctx, world.owner, call('keywordListsForKeyword', { id: keywordId }))).toEqual({
        status: 200,
        body: [],
      });
      // The keyword stays in its project.
      const keywords = await get(ctx, world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      expect((keywords.body as { id: number }[]).map((row) => row.id)).toContain(keywordId);
    },
  },
  removeKeywordListKeywords: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const list = await worldList(ctx, world);
      const keyword = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id });
      await request(ctx, world.owner, call('addKeywordListItem', {}, { list_id: list.id, keyword_id: keyword.id }));
      const payload = { keywordIds: [keyword.id] };
      return {
        call: call('removeKeywordListKeywords', { id: list.id }, payload),
        missing: call('removeKeywordListKeywords', { id: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, _caller, body, removed) {
      expect(body).toEqual({ removed: 1 });
      const [keywordId] = (removed.payload as { keywordIds: number[] }).keywordIds;
      expect(await get(ctx, world.owner, call('keywordListsForKeyword', { id: keywordId! }))).toEqual({
        status: 200,
        body: [],
      });
      // The keyword stays in its project, and the list keeps the world's keyword.
      const keywords = await get(ctx, world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      expect((keywords.body as { id: number }[]).map((row) => row.id)).toContain(keywordId);
      const list = await worldList(ctx, world);
      const read = await readList(ctx, world, list.id);
      expect((read.body as { keywords: { id: number }[] }).keywords.map((row) => row.id)).toContain(world.keyword.id);
    },
  },
  keywordListHoldings: {
    // A keyword the caller may not read is left out of the answer, as if never asked for.
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async (ctx, world) => {
      await worldList(ctx, world);
      return {
        call: {
          method: 'GET',
          url: `${endpoints.keywordListHoldings.path}?keywordIds=${world.keyword.id},${MISSING_ID}`,
        },
      };
    },
    async check(ctx, world, caller, body) {
      const list = await worldList(ctx, world);
      expect(body).toEqual(
        caller === 'stranger' ? [] : [{ keyword_id: world.keyword.id, lists: [{ id: list.id, name: list.name }] }],
      );
    },
  },
  keywordListsForKeyword: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      await worldList(ctx, world);
      return {
        call: call('keywordListsForKeyword', { id: world.keyword.id }),
        missing: call('keywordListsForKeyword', { id: MISSING_ID }),
      };
    },
    async check(ctx, world, _caller, body) {
      const list = await worldList(ctx, world);
      expect(body).toEqual([{ id: list.id, name: list.name }]);
    },
  },
  keywordListAdBrief: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('keywordListAdBrief', { id: (await worldList(ctx, world)).id }),
      missing: call('keywordListAdBrief', { id: MISSING_ID }),
    }),
    async check(ctx, world, _caller, body) {
      const list = await worldList(ctx, world);
      const { name, description, country, city, language } = world.project;
      expect(body).toEqual({
        listId: list.id,
        listName: list.name,
        projectId: world.project.id,
        keywordCount: 1,
        keywords: [world.keyword.keyword],
        projectInfo: { name, description, country, city, language, siteUrl: '', targetAudience: '' },
      });
    },
  },
  exportGoogleAdsEditor: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const payload = {
        campaign: 'Coffee',
        adGroup: 'Beans',
        finalUrl: 'https://greenleaf.example',
        headlines: ['Fresh Coffee Beans', 'Roasted This Week', 'Order Online Today'],
        descriptions: ['Organic beans, roasted in small batches.', 'Order today and brew tomorrow.'],
      };
      return {
        call: call('exportGoogleAdsEditor', { id: (await worldList(ctx, world)).id }, payload),
        missing: call('exportGoogleAdsEditor', { id: MISSING_ID }, payload),
      };
    },
    check(_ctx, world, _caller, body) {
      const lines = String(body).split('\r\n');
      expect(lines[0]).toMatch(/^\ufeffCampaign,Ad group,Keyword,Criterion Type,Max CPC,Ad type,Headline 1,/);
      expect(lines[1]).toBe(`Coffee,Beans,${world.keyword.keyword},Phrase,${','.repeat(23)}`);
      expect(lines[2]).toMatch(/^Coffee,Beans,,,,Responsive search ad,Fresh Coffee Beans,/);
      expect(lines.slice(3)).toEqual(['']);
    },
  },
  projectClusters: {
    // Reading a project's groups stores them (worked out in the request for a small project).
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('projectClusters', { projectId: world.project.id }),
      missing: call('projectClusters', { projectId: MISSING_ID }),
    }),
    check(_ctx, world, _caller, body) {
      expect(body).toMatchObject({
        status: 'ready',
        tightness: 'balanced',
        clusters: [{ keywordCount: 1, keywords: [{ id: world.keyword.id, keyword: world.keyword.keyword }] }],
      });
    },
  },
  recomputeClusters: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const { project, groups } = await groupedProject(ctx, world);
      await request(ctx, world.owner, {
        ...call('renameCluster', { projectId: project.id, clusterId: groups[0]!.id }),
        payload: { name: 'Renamed' },
      });
      return {
        call: call('recomputeClusters', { projectId: project.id }, { tightness: 'balanced' }),
        missing: call('recomputeClusters', { projectId: MISSING_ID }, { tightness: 'balanced' }),
      };
    },
    check(_ctx, _world, _caller, body) {
      const { clusters } = body as ClustersAnswer;
      expect(clusters.map((cluster) => cluster.name).sort()).toEqual(['leather belts', 'leather wallets']);
    },
  },
  moveClusterKeyword: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const { project, groups } = await groupedProject(ctx, world);
      const payload = { keywordId: groups[0]!.keywords[0]!.id, newClusterName: `Moved by ${caller.email}` };
      return {
        call: call('moveClusterKeyword', { projectId: project.id }, payload),
        missing: call('moveClusterKeyword', { projectId: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, caller, body, moved) {
      const { keywordId } = moved.payload as { keywordId: number };
      const made = (body as ClustersAnswer).clusters.find(
        (cluster) => cluster.name === `Moved by ${world[caller].email}`,
      );
      expect(made?.keywords.map((keyword) => keyword.id)).toEqual([keywordId]);
      expect(await readGroups(ctx, world, groupUrl(moved.url))).toEqual(body);
    },
  },
  mergeClusters: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const { project, groups } = await groupedProject(ctx, world);
      const payload = { clusterIds: groups.map((group) => group.id), name: 'Leather goods' };
      return {
        call: call('mergeClusters', { projectId: project.id }, payload),
        missing: call('mergeClusters', { projectId: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, _caller, body, merged) {
      expect((body as ClustersAnswer).clusters).toEqual([
        expect.objectContaining({
          id: (merged.payload as { clusterIds: number[] }).clusterIds[0],
          name: 'Leather goods',
          keywordCount: 4,
        }),
      ]);
      expect(await readGroups(ctx, world, groupUrl(merged.url))).toEqual(body);
    },
  },
  renameCluster: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const { project, groups } = await groupedProject(ctx, world);
      const payload = { name: `Named by ${caller.email}` };
      return {
        call: call('renameCluster', { projectId: project.id, clusterId: groups[0]!.id }, payload),
        missing: call('renameCluster', { projectId: MISSING_ID, clusterId: groups[0]!.id }, payload),
      };
    },
    async check(ctx, world, caller, body, renamed) {
      const names = (body as ClustersAnswer).clusters.map((cluster) => cluster.name);
      expect(names).toContain(`Named by ${world[caller].email}`);
      expect(await readGroups(ctx, world, groupUrl(renamed.url))).toEqual(body);
    },
  },
  saveClustersAsLists: {
    outcomes: { owner: 201, member: 201, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const { project } = await groupedProject(ctx, world);
      return {
        call: call('saveClustersAsLists', { projectId: project.id }, {}),
        missing: call('saveClustersAsLists', { projectId: MISSING_ID }, {}),
      };
    },
    async check(ctx, world, caller, body) {
      const { lists } = body as { lists: Array<{ id: number; name: string; count: number }> };
      expect(
        lists
          .map(({ name, count }) => ({ name: name.replace(/ \(\d+\)$/, ''), count }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      ).toEqual([
        { name: 'leather belts', count: 2 },
        { name: 'leather wallets', count: 2 },
      ]);
      const read = await get(ctx, world[caller], call('getKeywordList', { id: lists[0]!.id }));
      expect(read.body).toMatchObject({ user_id: world[caller].id, count: lists[0]!.count });
    },
  },
  exportCampaign: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const payload = { finalUrl: 'https://greenleaf.example', matchType: 'Exact' };
      return {
        call: call('exportCampaign', { projectId: world.project.id }, payload),
        missing: call('exportCampaign', { projectId: MISSING_ID }, payload),
      };
    },
    check(_ctx, world, _caller, body) {
      const lines = String(body).split('\r\n');
      expect(lines[0]).toMatch(/^\ufeffCampaign,Ad group,Keyword,Criterion Type,Max CPC,Ad type,Headline 1,/);
      expect(lines[1]).toMatch(new RegExp(`^${world.project.name},[^,]+,${world.keyword.keyword},Exact,`));
      expect(lines[2]).toMatch(new RegExp(`^${world.project.name},[^,]+,,,,Responsive search ad,`));
      expect(lines.slice(3)).toEqual(['']);
    },
  },
  generateHeadlines: {
    // Written from what the body says, not from anyone's data: every signed-in person may ask.
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async (_ctx, world) => ({
      call: call('generateHeadlines', {}, { keywords: [world.keyword.keyword], projectInfo: { name: 'Green Leaf' } }),
    }),
    check(_ctx, _world, _caller, body) {
      const lines = String(body).split('\r\n');
      expect(lines[0]).toBe('\ufeffHeadline,Characters');
      expect(lines).toHaveLength(22);
    },
  },
  generateDescriptions: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async (_ctx, world) => ({
      call: call(
        'generateDescriptions',
        {},
        { keywords: [world.keyword.keyword], projectInfo: { name: 'Green Leaf' } },
      ),
    }),
    check(_ctx, _world, _caller, body) {
      const lines = String(body).split('\r\n');
      expect(lines[0]).toBe('\ufeffDescription,Characters');
      expect(lines).toHaveLength(22);
    },
  },
  adCopy: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async (_ctx, world) => ({
      call: call('adCopy', {}, { keywords: [world.keyword.keyword], projectInfo: { name: 'Green Leaf' } }),
    }),
    check(_ctx, _world, _caller, body) {
      const { headlines, descriptions } = body as { headlines: string[]; descriptions: string[] };
      expect(headlines).toHaveLength(20);
      expect(descriptions).toHaveLength(20);
    },
  },
  analyzeDocument: {
    // Reads the uploaded files and stores nothing: every signed-in person may ask.
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => {
      const upload = multipart([{ name: 'brief.txt', bytes: 'Green Leaf Cafe\nOrganic coffee beans in Leeds' }]);
      return { call: { method: 'POST', url: endpoints.analyzeDocument.path, ...upload } };
    },
    check(_ctx, _world, _caller, body) {
      expect(body).toMatchObject({ files: [{ name: 'brief.txt', read: true, problem: null, message: null }] });
    },
  },
  startKeywordGeneration: {
    // Generating into a project changes it: whoever may change the project may start a run.
    outcomes: { owner: 202, member: 202, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const form = { projectName: 'Green Leaf', productService: 'Organic coffee beans', keywordCount: 10 };
      return {
        call: call('startKeywordGeneration', {}, { ...form, projectId: world.project.id }),
        missing: call('startKeywordGeneration', {}, { ...form, projectId: MISSING_ID }),
      };
    },
    async check(ctx, world, _caller, body) {
      expect(body).toEqual({ projectId: world.project.id, runId: expect.any(Number) });
      const status = await get(ctx, world.owner, call('projectStatus', { projectId: world.project.id }));
      expect(status.body).toMatchObject({ status: 'pending', runId: (body as { runId: number }).runId });
    },
  },
  projectStatus: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('projectStatus', { projectId: world.project.id }),
      missing: call('projectStatus', { projectId: MISSING_ID }),
    }),
    check(_ctx, _world, _caller, body) {
      expect(body).toEqual({ status: 'idle', runId: null, progress: { generated: 0, requested: 0 } });
    },
  },
  // Google Drive is per person and holds no shared data; the table's server has no Drive client,
  // so each caller gets the same answer (google-drive.test.ts covers a configured server).
  // A project's negative keyword lists (issue 27): whoever may read the project reads and changes them.
  listNegativeLists: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      await worldNegativeList(ctx, world);
      return {
        call: call('listNegativeLists', { projectId: world.project.id }),
        missing: call('listNegativeLists', { projectId: MISSING_ID }),
      };
    },
    async check(ctx, world, _caller, body) {
      const list = await worldNegativeList(ctx, world);
      expect(body).toContainEqual(expect.objectContaining({ id: list.id, name: list.name, count: 1 }));
    },
  },
  createNegativeList: {
    outcomes: { owner: 201, member: 201, stranger: HIDDEN },
    attempt: async (_ctx, world, caller) => {
      const payload = { name: `Negatives of ${caller.email}` };
      return {
        call: call('createNegativeList', { projectId: world.project.id }, payload),
        missing: call('createNegativeList', { projectId: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, caller, body) {
      expect(body).toMatchObject({
        project_id: world.project.id,
        name: `Negatives of ${world[caller].email}`,
        count: 0,
      });
      const lists = await get(ctx, world.owner, call('listNegativeLists', { projectId: world.project.id }));
      expect(lists.body).toContainEqual(body);
    },
  },
  getNegativeList: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('getNegativeList', { id: (await worldNegativeList(ctx, world)).id }),
      missing: call('getNegativeList', { id: MISSING_ID }),
    }),
    check(_ctx, _world, _caller, body) {
      expect(body).toMatchObject({ count: 1, items: [{ text: 'free', match_type: 'exact' }] });
    },
  },
  updateNegativeList: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const list = await buildNegativeList(ctx, world, `To rename by ${caller.email}`);
      const payload = { name: `Renamed by ${caller.email}` };
      return {
        call: call('updateNegativeList', { id: list.id }, payload),
        missing: call('updateNegativeList', { id: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, caller, body, renamed) {
      expect(body).toMatchObject({ name: `Renamed by ${world[caller].email}` });
      const read = await get(ctx, world.owner, { method: 'GET', url: String(renamed.url) });
      expect(read.body).toMatchObject({ name: `Renamed by ${world[caller].email}` });
    },
  },
  deleteNegativeList: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const list = await buildNegativeList(ctx, world, `To delete by ${caller.email}`);
      return {
        call: call('deleteNegativeList', { id: list.id }),
        missing: call('deleteNegativeList', { id: MISSING_ID }),
      };
    },
    async check(ctx, world, _caller, body, deleted) {
      expect(body).toEqual({ success: true });
      expect(await get(ctx, world.owner, { method: 'GET', url: String(deleted.url) })).toEqual({
        status: 404,
        body: errorBody('not_found', messages.notFound),
      });
    },
  },
  addNegativeItems: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const payload = { items: [{ text: `jobs at ${caller.email}`, match_type: 'phrase' }] };
      return {
        call: call('addNegativeItems', { id: (await worldNegativeList(ctx, world)).id }, payload),
        missing: call('addNegativeItems', { id: MISSING_ID }, payload),
      };
    },
    async check(ctx, world, caller, body, added) {
      expect(body).toMatchObject({ added: 1, skipped: 0 });
      const read = await get(ctx, world.owner, { method: 'GET', url: String(added.url).replace(/\/items$/, '') });
      expect(read.body).toMatchObject({
        items: expect.arrayContaining([
          expect.objectContaining({ text: `jobs at ${world[caller].email}`, match_type: 'phrase' }),
        ]),
      });
    },
  },
  removeNegativeItem: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world, caller) => {
      const list = await buildNegativeList(ctx, world, `To empty by ${caller.email}`);
      const read = await get(ctx, world.owner, call('getNegativeList', { id: list.id }));
      const [item] = (read.body as NegativeListDetail).items;
      return {
        call: call('removeNegativeItem', { id: list.id, itemId: item!.id }),
        missing: call('removeNegativeItem', { id: MISSING_ID, itemId: item!.id }),
      };
    },
    async check(ctx, world, _caller, body, removed) {
      expect(body).toEqual({ success: true });
      const read = await get(ctx, world.owner, {
        method: 'GET',
        url: String(removed.url).replace(/\/items\/\d+$/, ''),
      });
      expect(read.body).toMatchObject({ count: 0, items: [] });
    },
  },
  googleDriveStatus: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('googleDriveStatus') }),
    check(_ctx, _world, _caller, body) {
      expect(body).toEqual({ authenticated: false, configured: false });
    },
  },
  googleDriveConnect: {
    outcomes: { owner: driveNotConfigured, member: driveNotConfigured, stranger: driveNotConfigured },
    attempt: async () => ({ call: call('googleDriveConnect') }),
  },
  googleDriveCallback: {
    outcomes: { owner: driveAuthFailed, member: driveAuthFailed, stranger: driveAuthFailed },
    attempt: async () => ({
      call: { ...call('googleDriveCallback'), url: '/api/auth/google/callback?code=c&state=s' },
    }),
  },
  googleDriveDisconnect: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('googleDriveDisconnect') }),
    check(_ctx, _world, _caller, body) {
      expect(body).toEqual({ success: true });
    },
  },
  googleDriveFiles: {
    outcomes: { owner: driveNotConfigured, member: driveNotConfigured, stranger: driveNotConfigured },
    attempt: async () => ({ call: call('googleDriveFiles') }),
  },
  googleDriveAnalyze: {
    outcomes: { owner: driveNotConfigured, member: driveNotConfigured, stranger: driveNotConfigured },
    attempt: async () => ({ call: { method: 'POST', url: '/api/google-drive/analyze/doc-1' } }),
  },
  // Search Console's connection and a project's property (issue 26): this server has no Google OAuth client.
  searchConsoleStatus: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('searchConsoleStatus') }),
    check(_ctx, _world, _caller, body) {
      expect(body).toEqual({ configured: false, connected: false, email: null });
    },
  },
  searchConsoleConnect: {
    outcomes: {
      owner: searchConsoleNotConfigured,
      member: searchConsoleNotConfigured,
      stranger: searchConsoleNotConfigured,
    },
    attempt: async (_ctx, world) => ({
      call: { ...call('searchConsoleConnect'), url: `/api/auth/search-console/connect?projectId=${world.project.id}` },
    }),
  },
  searchConsoleCallback: {
    outcomes: { owner: driveAuthFailed, member: driveAuthFailed, stranger: driveAuthFailed },
    attempt: async () => ({
      call: { ...call('searchConsoleCallback'), url: '/api/auth/search-console/callback?code=c&state=s' },
    }),
  },
  searchConsoleDisconnect: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('searchConsoleDisconnect') }),
    check(_ctx, _world, _caller, body) {
      expect(body).toEqual({ success: true });
    },
  },
  searchConsoleSites: {
    outcomes: {
      owner: searchConsoleNotConfigured,
      member: searchConsoleNotConfigured,
      stranger: searchConsoleNotConfigured,
    },
    attempt: async () => ({ call: call('searchConsoleSites') }),
  },
  linkSearchConsole: {
    outcomes: { owner: searchConsoleNotConfigured, member: searchConsoleNotConfigured, stranger: HIDDEN },
    attempt: async (_ctx, world) => ({
      call: call('linkSearchConsole', { projectId: world.project.id }, { siteUrl: 'https://greenleaf.example/' }),
      missing: call('linkSearchConsole', { projectId: MISSING_ID }, { siteUrl: 'https://greenleaf.example/' }),
    }),
  },
  unlinkSearchConsole: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (_ctx, world) => ({
      call: call('unlinkSearchConsole', { projectId: world.project.id }),
      missing: call('unlinkSearchConsole', { projectId: MISSING_ID }),
    }),
    check(_ctx, _world, _caller, body) {
      expect(body).toEqual({ success: true });
    },
  },
  refreshSearchConsole: {
    outcomes: { owner: searchConsoleNotConfigured, member: searchConsoleNotConfigured, stranger: HIDDEN },
    attempt: async (_ctx, world) => ({
      call: call('refreshSearchConsole', { projectId: world.project.id }),
      missing: call('refreshSearchConsole', { projectId: MISSING_ID }),
    }),
  },
  listTeamMembers: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('listTeamMembers') }),
    check(_ctx, world, caller, body) {
      const row = { email: world.member.email, added_at: expect.any(String) };
      const expected = {
        owner: [{ ...row, is_self: false, added_by: world.owner.id, added_by_email: world.owner.email }],
        member: [{ ...row, is_self: true, added_by: world.owner.id, added_by_email: world.owner.email }],
        stranger: [],
      };
      expect(body).toEqual({ members: expected[caller] });
    },
  },
  importSearchTerms: {
    // A report replaces the project's search terms: whoever may change the project may import one.
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (_ctx, world, caller) => {
      const bytes = termsFile([termsRow(`searched by ${caller.email}`), termsRow(world.keyword.keyword)]);
      const upload = multipart([{ field: 'file', name: 'Search terms report.csv', bytes }]);
      const path = endpoints.importSearchTerms.path;
      return {
        call: { method: 'POST', url: buildPath(path, { projectId: world.project.id }), ...upload },
        missing: { method: 'POST', url: buildPath(path, { projectId: MISSING_ID }), ...upload },
      };
    },
    async check(ctx, world, caller, body) {
      expect(body).toEqual({
        read: 2,
        stored: 2,
        skipped: 0,
        skips: [],
        startDate: '2026-10-01',
        endDate: '2026-10-31',
        currency: 'USD',
      });
      const read = await get(ctx, world.owner, call('projectSearchTerms', { projectId: world.project.id }));
      expect(read.body).toMatchObject({ total: 2 });
      expect((read.body as { terms: { term: string; is_keyword: boolean }[] }).terms).toContainEqual(
        expect.objectContaining({ term: world.keyword.keyword, is_keyword: true }),
      );
      expect((read.body as { terms: { term: string }[] }).terms).toContainEqual(
        expect.objectContaining({ term: `searched by ${world[caller].email}` }),
      );
    },
  },
  projectSearchTerms: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const bytes = termsFile([termsRow('owner search', { Cost: '12.50' })], { encoding: 'utf-8' });
      const upload = multipart([{ field: 'file', name: 'Search terms report.csv', bytes }]);
      const path = buildPath(endpoints.importSearchTerms.path, { projectId: world.project.id });
      expect((await request(ctx, world.owner, { method: 'POST', url: path, ...upload })).statusCode).toBe(200);
      return {
        call: call('projectSearchTerms', { projectId: world.project.id }),
        missing: call('projectSearchTerms', { projectId: MISSING_ID }),
      };
    },
    check(_ctx, _world, _caller, body) {
      expect(body).toMatchObject({
        terms: [{ term: 'owner search', cost: 12.5, currency: 'USD', is_keyword: false }],
        total: 1,
        report: { startDate: '2026-10-01', endDate: '2026-10-31', currency: 'USD', rows: 1 },
      });
    },
  },
  addTeamMember: {
    outcomes: { owner: 201, member: 201, stranger: 201 },
    attempt: async (ctx) => {
      const newcomer = await buildUser(ctx);
      return { call: call('addTeamMember', {}, { email: newcomer.email }) };
    },
    check(_ctx, world, caller, body) {
      expect(body).toEqual({
        email: expect.stringMatching(/@example\.com$/),
        added_at: expect.any(String),
        is_self: false,
        added_by: world[caller].id,
        added_by_email: world[caller].email,
      });
    },
  },
  removeTeamMember: {
    // Only the owner manages the team; nobody else can take the member off it.
    outcomes: { owner: 200, member: notTeamMember, stranger: notTeamMember },
    attempt: async (ctx, world) => ({ call: call('removeTeamMember', {}, { email: world.member.email }) }),
    async check(ctx, world, _caller, body) {
      expect(body).toEqual({ success: true });
      expect(await get(ctx, world.member, call('getProject', { id: world.project.id }))).toMatchObject({ status: 404 });
    },
  },
  leaveTeams: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('leaveTeams', {}, {}) }),
    async check(ctx, world, caller, body) {
      expect(body).toEqual({ success: true, left: caller === 'member' ? 1 : 0 });
      if (caller === 'member') {
        expect(await get(ctx, world.member, call('getProject', { id: world.project.id }))).toMatchObject({
          status: 404,
        });
      }
    },
  },
  updateMemberId: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('updateMemberId', {}, {}) }),
    check(_ctx, _world, _caller, body) {
      // The member's row was linked when the owner added them.
      expect(body).toEqual({ success: true, linked: 0 });
    },
  },
  // Search Console data (issue 26): the project's state, an uploaded export, its queries.
  projectSearchConsole: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => ({
      call: call('projectSearchConsole', { projectId: world.project.id }),
      missing: call('projectSearchConsole', { projectId: MISSING_ID }),
    }),
    check(_ctx, _world, _caller, body) {
      expect(body).toMatchObject({ siteUrl: null, linkedBy: null, latest: null });
    },
  },
  importSearchConsole: {
    // Uploading replaces the project's queries: whoever may change the project may upload.
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (_ctx, world, caller) => {
      const bytes = searchConsoleCsv([
        [`searched by ${caller.email}`, '3', '40', '7.5%', '6.2'],
        [world.keyword.keyword, '1', '10', '10%', '3'],
      ]);
      const upload = multipart([{ field: 'file', name: 'Queries.csv', bytes }]);
      const path = endpoints.importSearchConsole.path;
      return {
        call: { method: 'POST', url: buildPath(path, { projectId: world.project.id }), ...upload },
        missing: { method: 'POST', url: buildPath(path, { projectId: MISSING_ID }), ...upload },
      };
    },
    async check(ctx, world, caller, body) {
      expect(body).toEqual({ read: 2, stored: 2, skipped: 0, skips: [] });
      const url = `${buildPath(endpoints.searchConsoleQueries.path, { projectId: world.project.id })}?sort=query`;
      const queries = await get(ctx, world.owner, { method: 'GET', url });
      expect(queries.body).toMatchObject({
        total: 2,
        queries: expect.arrayContaining([
          expect.objectContaining({ query: `searched by ${world[caller].email}`, in_project: false }),
          expect.objectContaining({ query: world.keyword.keyword, in_project: true }),
        ]),
      });
    },
  },
  searchConsoleQueries: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const bytes = searchConsoleCsv([[world.keyword.keyword, '1', '10', '10%', '3']]);
      const uploaded = await request(ctx, world.owner, {
        method: 'POST',
        url: buildPath(endpoints.importSearchConsole.path, { projectId: world.project.id }),
        ...multipart([{ field: 'file', name: 'Queries.csv', bytes }]),
      });
      expect(uploaded.statusCode).toBe(200);
      return {
        call: call('searchConsoleQueries', { projectId: world.project.id }),
        missing: call('searchConsoleQueries', { projectId: MISSING_ID }),
      };
    },
    check(_ctx, world, _caller, body) {
      expect(body).toEqual({
        total: 1,
        queries: [
          {
            query: world.keyword.keyword,
            clicks: 1,
            impressions: 10,
            ctr: 0.1,
            position: 3,
            page: null,
            in_project: true,
          },
        ],
      });
    },
  },
  // Negative keyword suggestions from the search terms report (issue 27)
  negativeSuggestions: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (ctx, world) => {
      const rows = [
        termsRow('leather wallet display stand', { Cost: '40.00', Conversions: '0.00' }),
        termsRow(world.keyword.keyword, { Cost: '25.00', Conversions: '0.00' }),
      ];
      const upload = multipart([{ field: 'file', name: 'Search terms report.csv', bytes: termsFile(rows) }]);
      const path = buildPath(endpoints.importSearchTerms.path, { projectId: world.project.id });
      expect((await request(ctx, world.owner, { method: 'POST', url: path, ...upload })).statusCode).toBe(200);
      return {
        call: call('negativeSuggestions', { projectId: world.project.id }),
        missing: call('negativeSuggestions', { projectId: MISSING_ID }),
      };
    },
    check(_ctx, world, _caller, body) {
      const { suggestions } = body as { suggestions: Array<{ text: string; selected: boolean; blocks: string[] }> };
      expect(suggestions).toContainEqual(
        expect.objectContaining({
          text: 'leather wallet display stand',
          reason: '$40 spent, 0 conversions',
          selected: true,
        }),
      );
      // The project's own keyword, spent on without a result, is suggested but not chosen.
      expect(suggestions).toContainEqual(
        expect.objectContaining({ text: world.keyword.keyword, blocks: [world.keyword.keyword], selected: false }),
      );
    },
  },
};

/** The calls that need no session, each with the test file that covers it. */
export const publicEndpoints: Partial<Record<PublicEndpointName, string>> = {
  health: 'apps/server/src/modules/system/system.test.ts',
  ready: 'apps/server/src/modules/system/system.test.ts',
  config: 'apps/server/src/auth/oidc.test.ts',
};

/** The contract's calls that need a session, in its order. */
export const authEndpointNames = (Object.keys(endpoints) as EndpointName[]).filter(
  (name): name is AuthEndpointName => endpoints[name].auth,
);

/**
 * Where the table and the contract disagree, by endpoint name. Checked at run
 * time too: a cast or a Partial lets a missing case through the type check.
 */
export function accessTableGaps(
  contract: Record<string, { auth: boolean }> = endpoints,
  cases: Record<string, unknown> = accessCases,
  listedPublic: Record<string, unknown> = publicEndpoints,
) {
  const names = Object.keys(contract);
  const needsSession = (name: string) => contract[name]?.auth === true;
  const isPublic = (name: string) => contract[name]?.auth === false;
  return {
    /** Need a session and have no case. */
    withoutCase: names.filter((name) => needsSession(name) && !(name in cases)),
    /** Need no session and are not listed as public. */
    unlistedPublic: names.filter((name) => isPublic(name) && !(name in listedPublic)),
    /** A case for a call that is not in the contract or needs no session, or a public entry the other way round. */
    misplaced: [
      ...Object.keys(cases).filter((name) => !needsSession(name)),
      ...Object.keys(listedPublic).filter((name) => !isPublic(name)),
    ],
  };
}
