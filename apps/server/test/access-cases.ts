import {
  buildPath,
  endpoints,
  messages,
  type EndpointName,
  type Endpoints,
  type KeywordList,
} from '@keywright/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildKeywordList } from './factories/keyword-lists';
import { buildKeyword } from './factories/keywords';
import { buildProject } from './factories/projects';
import type { SharedProject } from './factories/team';
import { buildUser, type TestUser } from './factories/users';
import { errorBody, request, type TestContext } from './harness';

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
      const payload = { name: `Renamed by ${caller.email}`, description: 'Changed', country: 'France' };
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
      expect(body).toMatch(new RegExp(`^\ufeffKeyword,Date Added\r\n${world.keyword.keyword},`));
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
      expect(body).toBe(`\ufeffKeyword\r\n${world.keyword.keyword}\r\n`);
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
