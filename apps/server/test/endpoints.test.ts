import { buildPath, endpoints, messages, type EndpointName, type Endpoints } from '@keywright/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from './factories/keywords';
import { buildProject } from './factories/projects';
import { buildSharedProject, type SharedProject } from './factories/team';
import { buildUser, type TestUser } from './factories/users';
import { createTestContext, dataSnapshot, errorBody, request, validationError, type TestContext } from './harness';

/**
 * Every call of the contract that needs a session, made by the project's
 * owner, a member of the owner's team, a signed-in stranger and a signed-out
 * client. What a caller may not read answers exactly like a missing id; a
 * rejected call writes nothing.
 */

let ctx: TestContext;
beforeAll(async () => {
  // Runs are only queued here, so nothing writes in the background between two snapshots.
  ctx = await createTestContext({ app: { jobs: 'off' } });
});
afterAll(() => ctx.close());

type AuthEndpointName = { [K in EndpointName]: Endpoints[K]['auth'] extends true ? K : never }[EndpointName];
type Caller = 'owner' | 'member' | 'stranger';

const MISSING_ID = 999_999_999;
/** 404, with the very body a missing id gets. */
const HIDDEN = 'hidden';
type Outcome = 200 | 201 | 202 | typeof HIDDEN | { status: number; body: unknown };

interface Attempt {
  call: InjectOptions;
  /** The same call on an id that does not exist. */
  missing?: InjectOptions;
}

interface AccessCase {
  outcomes: Record<Caller, Outcome>;
  /** Makes whatever data the call needs and returns the call. */
  attempt(world: SharedProject, caller: TestUser): Promise<Attempt>;
  /** What an allowed caller gets and what the call changed. */
  check?(world: SharedProject, caller: Caller, body: unknown, call: InjectOptions): Promise<void> | void;
}

function call(name: EndpointName, params: Record<string, number> = {}, payload?: object): InjectOptions {
  const endpoint = endpoints[name];
  return { method: endpoint.method, url: buildPath(endpoint.path, params), ...(payload && { payload }) };
}

const forbiddenDelete = { status: 403, body: errorBody('forbidden', messages.forbiddenDelete) };
const notTeamMember = { status: 404, body: errorBody('not_found', messages.notTeamMember) };

/** JSON answers parsed; others (the CSV export) as text. */
function readBody(response: LightMyRequestResponse): unknown {
  return String(response.headers['content-type']).includes('json') ? response.json() : response.body;
}

async function get(as: TestUser, options: InjectOptions) {
  const response = await request(ctx, as, options);
  return { status: response.statusCode, body: readBody(response) };
}

// Partial so that a new endpoint does not break the type check; the first test below asks for its case.
const cases: Partial<Record<AuthEndpointName, AccessCase>> = {
  me: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('me') }),
    check(world, caller, body) {
      const { id, email, name } = world[caller];
      expect(body).toEqual({ id, email, name });
    },
  },
  listProjects: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('listProjects') }),
    check(world, caller, body) {
      const shared = [{ ...world.project, keywords_count: 1 }];
      expect(body).toEqual(caller === 'stranger' ? [] : shared);
    },
  },
  getProject: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (world) => ({
      call: call('getProject', { id: world.project.id }),
      missing: call('getProject', { id: MISSING_ID }),
    }),
    check(world, _caller, body) {
      expect(body).toEqual({ ...world.project, keywords_count: 1 });
    },
  },
  createProject: {
    outcomes: { owner: 201, member: 201, stranger: 201 },
    attempt: async () => ({ call: call('createProject', {}, { name: 'New', description: 'Made in a test' }) }),
    check(world, caller, body) {
      expect(body).toMatchObject({ user_id: world[caller].id, owner_email: world[caller].email, name: 'New' });
    },
  },
  updateProject: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (world, caller) => {
      const payload = { name: `Renamed by ${caller.email}`, description: 'Changed', country: 'France' };
      return {
        call: call('updateProject', { id: world.project.id }, payload),
        missing: call('updateProject', { id: MISSING_ID }, payload),
      };
    },
    async check(world, caller, body) {
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
      expect(await get(world.owner, call('getProject', { id: world.project.id }))).toEqual({
        status: 200,
        body: expected,
      });
    },
  },
  deleteProject: {
    outcomes: { owner: 200, member: forbiddenDelete, stranger: HIDDEN },
    attempt: async (world) => {
      const project = await buildProject(ctx, { owner: world.owner });
      return { call: call('deleteProject', { id: project.id }), missing: call('deleteProject', { id: MISSING_ID }) };
    },
    async check(world, _caller, body, deleted) {
      expect(body).toEqual({ success: true });
      expect(await get(world.owner, { method: 'GET', url: String(deleted.url) })).toEqual({
        status: 404,
        body: errorBody('not_found', messages.notFound),
      });
    },
  },
  listProjectKeywords: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (world) => ({
      call: call('listProjectKeywords', { projectId: world.project.id }),
      missing: call('listProjectKeywords', { projectId: MISSING_ID }),
    }),
    check(world, _caller, body) {
      expect(body).toEqual([world.keyword]);
    },
  },
  addProjectKeyword: {
    outcomes: { owner: 201, member: 201, stranger: HIDDEN },
    attempt: async (world, caller) => {
      const payload = { keyword: `added by ${caller.email}` };
      return {
        call: call('addProjectKeyword', { projectId: world.project.id }, payload),
        missing: call('addProjectKeyword', { projectId: MISSING_ID }, payload),
      };
    },
    async check(world, caller, body) {
      expect(body).toMatchObject({ keyword: `added by ${world[caller].email}`, source: 'manual' });
      const list = await get(world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      expect(list.body).toContainEqual(body);
    },
  },
  deleteKeyword: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (world) => {
      const keyword = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id });
      return { call: call('deleteKeyword', { id: keyword.id }), missing: call('deleteKeyword', { id: MISSING_ID }) };
    },
    async check(world, _caller, body, deleted) {
      expect(body).toEqual({ success: true });
      const list = await get(world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      const ids = (list.body as { id: number }[]).map((keyword) => `/api/keywords/${keyword.id}`);
      expect(ids).toContain(`/api/keywords/${world.keyword.id}`);
      expect(ids).not.toContain(deleted.url);
    },
  },
  projectKeywordPage: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (world) => ({
      call: call('projectKeywordPage', { projectId: world.project.id }),
      missing: call('projectKeywordPage', { projectId: MISSING_ID }),
    }),
    check(world, _caller, body) {
      expect(body).toMatchObject({
        data: [{ id: world.keyword.id, keyword: world.keyword.keyword }],
        pagination: { page: 1, pageSize: 20, totalCount: 1, totalPages: 1 },
        latestRunId: null,
      });
    },
  },
  exportProjectKeywords: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (world) => ({
      call: call('exportProjectKeywords', { projectId: world.project.id }),
      missing: call('exportProjectKeywords', { projectId: MISSING_ID }),
    }),
    check(world, _caller, body) {
      expect(body).toMatch(new RegExp(`^\ufeffKeyword,Date Added\r\n${world.keyword.keyword},`));
    },
  },
  keywordMetrics: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (world) => ({
      call: call('keywordMetrics', {}, { projectId: world.project.id, page: 1, pageSize: 20 }),
      missing: call('keywordMetrics', {}, { projectId: MISSING_ID, page: 1, pageSize: 20 }),
    }),
    check(world, _caller, body) {
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
    attempt: async (world) => {
      const payload = { count: 10, minCpc: null, maxCpc: null, keywordLength: 'any' };
      return {
        call: call('generateFilteredKeywords', {}, { ...payload, projectId: world.project.id }),
        missing: call('generateFilteredKeywords', {}, { ...payload, projectId: MISSING_ID }),
      };
    },
    async check(world, _caller, body) {
      const answer = body as { generated: { keyword: string }[]; requested: number };
      expect(answer.requested).toBe(10);
      expect(answer.generated).toHaveLength(10);
      const list = await get(world.owner, call('listProjectKeywords', { projectId: world.project.id }));
      expect((list.body as { keyword: string }[]).map((row) => row.keyword)).toEqual(
        expect.arrayContaining(answer.generated.map((row) => row.keyword)),
      );
    },
  },
  keywordSuggestions: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (world) => ({
      call: call('keywordSuggestions', {}, { projectId: world.project.id }),
      missing: call('keywordSuggestions', {}, { projectId: MISSING_ID }),
    }),
    check(world, _caller, body) {
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
    check(_world, _caller, body) {
      const { keywords } = body as { keywords: { keyword: string; cpc_range: string }[] };
      expect(keywords.length).toBeGreaterThan(0);
      expect(keywords.map((row) => row.keyword.toLowerCase())).not.toContain('running shoes');
    },
  },
  startKeywordGeneration: {
    // Generating into a project changes it: whoever may change the project may start a run.
    outcomes: { owner: 202, member: 202, stranger: HIDDEN },
    attempt: async (world) => {
      const form = { projectName: 'Green Leaf', productService: 'Organic coffee beans', keywordCount: 10 };
      return {
        call: call('startKeywordGeneration', {}, { ...form, projectId: world.project.id }),
        missing: call('startKeywordGeneration', {}, { ...form, projectId: MISSING_ID }),
      };
    },
    async check(world, _caller, body) {
      expect(body).toEqual({ projectId: world.project.id, runId: expect.any(Number) });
      const status = await get(world.owner, call('projectStatus', { projectId: world.project.id }));
      expect(status.body).toMatchObject({ status: 'pending', runId: (body as { runId: number }).runId });
    },
  },
  projectStatus: {
    outcomes: { owner: 200, member: 200, stranger: HIDDEN },
    attempt: async (world) => ({
      call: call('projectStatus', { projectId: world.project.id }),
      missing: call('projectStatus', { projectId: MISSING_ID }),
    }),
    check(_world, _caller, body) {
      expect(body).toEqual({ status: 'idle', runId: null, progress: { generated: 0, requested: 0 } });
    },
  },
  listTeamMembers: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('listTeamMembers') }),
    check(world, caller, body) {
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
    attempt: async () => {
      const newcomer = await buildUser(ctx);
      return { call: call('addTeamMember', {}, { email: newcomer.email }) };
    },
    check(world, caller, body) {
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
    attempt: async (world) => ({ call: call('removeTeamMember', {}, { email: world.member.email }) }),
    async check(world, _caller, body) {
      expect(body).toEqual({ success: true });
      expect(await get(world.member, call('getProject', { id: world.project.id }))).toMatchObject({ status: 404 });
    },
  },
  leaveTeams: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('leaveTeams', {}, {}) }),
    async check(world, caller, body) {
      expect(body).toEqual({ success: true, left: caller === 'member' ? 1 : 0 });
      if (caller === 'member') {
        expect(await get(world.member, call('getProject', { id: world.project.id }))).toMatchObject({ status: 404 });
      }
    },
  },
  updateMemberId: {
    outcomes: { owner: 200, member: 200, stranger: 200 },
    attempt: async () => ({ call: call('updateMemberId', {}, {}) }),
    check(_world, _caller, body) {
      // The member's row was linked when the owner added them.
      expect(body).toEqual({ success: true, linked: 0 });
    },
  },
};

const authEndpointNames = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].auth);

it('has a case for every endpoint that needs a session', () => {
  expect(Object.keys(cases).sort()).toEqual([...authEndpointNames].sort());
});

describe.each(Object.keys(cases) as AuthEndpointName[])('%s', (name) => {
  const accessCase = cases[name]!;
  // One world per endpoint; every attempt makes the data it changes, so the callers do not depend on each other.
  let world: SharedProject;
  beforeAll(async () => {
    world = await buildSharedProject(ctx);
  });

  it('answers a signed-out client 401 and writes nothing', async () => {
    const { call } = await accessCase.attempt(world, world.owner);
    const before = await dataSnapshot(ctx);
    const response = await request(ctx, null, call);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody('unauthorized', messages.signInRequired));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it.each(['stranger', 'member', 'owner'] as const)('as the %s', async (caller) => {
    const outcome = accessCase.outcomes[caller];
    const { call, missing } = await accessCase.attempt(world, world[caller]);
    const before = await dataSnapshot(ctx);
    const response = await request(ctx, world[caller], call);
    const body = readBody(response);

    if (typeof outcome === 'number') {
      expect(response.statusCode, response.body).toBe(outcome);
      const schema = (endpoints[name].response as Record<number, z.ZodType>)[outcome];
      expect(schema?.safeParse(body).success).toBe(true);
      await accessCase.check?.(world, caller, body, call);
      return;
    }
    if (outcome === HIDDEN) {
      if (!missing) throw new Error(`${name} has no missing-id call`);
      const missingResponse = await request(ctx, world.owner, missing);
      expect(missingResponse.statusCode).toBe(404);
      expect(response.statusCode).toBe(404);
      expect(body).toEqual(missingResponse.json());
      expect(body).toEqual(errorBody('not_found', messages.notFound));
    } else {
      expect(response.statusCode).toBe(outcome.status);
      expect(body).toEqual(outcome.body);
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});

describe('malformed ids', () => {
  const badIds = ['abc', '0', '-1', '1.5', '12345678901234567890'];
  const routesWithIds = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].path.includes(':'));
  /** A valid body, so the id is the only thing wrong. */
  const bodies: Partial<Record<EndpointName, object>> = {
    updateProject: { name: 'Name', description: 'Description' },
    addProjectKeyword: { keyword: 'coffee beans' },
  };

  it('finds the routes with an id in their path', () => {
    expect(routesWithIds).toEqual(
      expect.arrayContaining([
        'getProject',
        'updateProject',
        'deleteProject',
        'listProjectKeywords',
        'addProjectKeyword',
        'deleteKeyword',
      ]),
    );
  });

  let owner: TestUser;
  beforeAll(async () => {
    owner = await buildUser(ctx);
    await buildKeyword(ctx, { as: owner });
  });

  it.each(routesWithIds)('%s answers 400 and writes nothing', async (name) => {
    const endpoint = endpoints[name];
    const param = /:([A-Za-z]+)/.exec(endpoint.path)![1]!;
    const before = await dataSnapshot(ctx);
    for (const id of badIds) {
      const response = await request(ctx, owner, {
        method: endpoint.method,
        url: endpoint.path.replace(`:${param}`, encodeURIComponent(id)),
        ...(bodies[name] && { payload: bodies[name] }),
      });
      expect(response.statusCode, `${name} ${id}`).toBe(400);
      expect(response.json()).toEqual(validationError(`params.${param}`, 'Invalid id'));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('asks a signed-out client to sign in before looking at the id', async () => {
    const response = await request(ctx, null, { method: 'GET', url: '/api/projects/abc' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody('unauthorized', messages.signInRequired));
  });
});
