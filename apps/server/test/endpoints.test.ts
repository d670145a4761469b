import { endpoints, messages, type EndpointName } from '@keywright/contract';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessCases,
  accessTableGaps,
  HIDDEN,
  publicEndpoints,
  readBody,
  type AuthEndpointName,
  type PublicEndpointName,
} from './access-cases';
import { buildKeywordList } from './factories/keyword-lists';
import { buildKeyword } from './factories/keywords';
import { buildSharedProject, type SharedProject } from './factories/team';
import { buildUser, type TestUser } from './factories/users';
import {
  createTestContext,
  dataSnapshot,
  errorBody,
  request,
  sessionCookieOf,
  validationError,
  type TestContext,
} from './harness';

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

describe('the table against the contract', () => {
  it('has a case for every endpoint that needs a session and lists every public one', () => {
    const gaps = accessTableGaps();
    expect(gaps.withoutCase, `no access case for ${gaps.withoutCase.join(', ')}`).toEqual([]);
    expect(gaps.unlistedPublic, `not listed as public: ${gaps.unlistedPublic.join(', ')}`).toEqual([]);
    expect(gaps.misplaced, `not in the contract as listed: ${gaps.misplaced.join(', ')}`).toEqual([]);
  });

  it('names an endpoint the table lacks', () => {
    const contract = {
      ...endpoints,
      newPrivateCall: { ...endpoints.getProject, auth: true },
      newPublicCall: { ...endpoints.health, auth: false },
    };
    const { me: _me, ...cases } = accessCases;
    expect(accessTableGaps(contract, cases)).toEqual({
      withoutCase: ['me', 'newPrivateCall'],
      unlistedPublic: ['newPublicCall'],
      misplaced: [],
    });
    expect(accessTableGaps(contract, { ...accessCases, newPublicCall: accessCases.me })).toMatchObject({
      misplaced: ['newPublicCall'],
    });
  });

  it.each(Object.keys(publicEndpoints) as PublicEndpointName[])(
    '%s answers a signed-out client without asking for a session',
    async (name) => {
      const endpoint = endpoints[name];
      const response = await request(ctx, null, { method: endpoint.method, url: endpoint.path });
      expect(response.statusCode, response.body).toBe(200);
      expect(endpoint.response[200].safeParse(response.json()).success).toBe(true);
    },
  );
});

describe.each(Object.keys(accessCases) as AuthEndpointName[])('%s', (name) => {
  const accessCase = accessCases[name]!;
  // One world per endpoint; every attempt makes the data it changes, so the callers do not depend on each other.
  let world: SharedProject;
  beforeAll(async () => {
    world = await buildSharedProject(ctx);
  });

  it('answers a signed-out client 401 and writes nothing', async () => {
    const { call } = await accessCase.attempt(ctx, world, world.owner);
    const before = await dataSnapshot(ctx);
    const response = await request(ctx, null, call);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody('unauthorized', messages.signInRequired));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it.each(['stranger', 'member', 'owner'] as const)('as the %s', async (caller) => {
    const outcome = accessCase.outcomes[caller];
    const { call, missing } = await accessCase.attempt(ctx, world, world[caller]);
    const before = await dataSnapshot(ctx);
    const response = await request(ctx, world[caller], call);
    const body = readBody(response);

    if (typeof outcome === 'number') {
      expect(response.statusCode, response.body).toBe(outcome);
      const schema = (endpoints[name].response as Record<number, z.ZodType>)[outcome];
      expect(schema?.safeParse(body).success).toBe(true);
      await accessCase.check?.(ctx, world, caller, body, call);
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

/** The calls that change something: each refuses a cookie-authorised request from another site. */
const changingCalls = (Object.keys(accessCases) as AuthEndpointName[]).filter(
  (name) => endpoints[name].method !== 'GET',
);

describe.each(changingCalls)('%s from another site', (name) => {
  const accessCase = accessCases[name]!;
  let world: SharedProject;
  let cookie: string;
  beforeAll(async () => {
    world = await buildSharedProject(ctx);
    cookie = await sessionCookieOf(ctx, world.owner);
  });

  it.each([
    ['its Origin', { origin: 'https://evil.example' }],
    ['its Referer, without an Origin', { referer: 'https://keywright.evil.example/page' }],
  ])("refuses the owner's cookie by %s: 403 and nothing written", async (_by, from) => {
    const { call } = await accessCase.attempt(ctx, world, world.owner);
    const before = await dataSnapshot(ctx);
    const response = await ctx.app.inject({ ...call, headers: { ...(call.headers ?? {}), cookie, ...from } });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual(errorBody('forbidden', messages.crossSiteRequest));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});

describe('malformed ids', () => {
  const badIds = ['abc', '0', '-1', '1.5', '12345678901234567890'];
  /**
   * Routes with one id in their path; the list item route holds two in one segment and has its own
   * test, and a Drive file id is Google's string, not ours (google-drive.test.ts checks a malformed one).
   */
  const routesWithIds = (Object.keys(endpoints) as EndpointName[]).filter(
    (name) => endpoints[name].path.includes(':') && name !== 'removeKeywordListItem' && name !== 'googleDriveAnalyze',
  );
  /** A valid body, so the id is the only thing wrong. */
  const bodies: Partial<Record<EndpointName, object>> = {
    updateProject: { name: 'Name', description: 'Description' },
    addProjectKeyword: { keyword: 'coffee beans' },
    updateKeywordList: { name: 'Name', project_id: null },
    keywordListMetrics: {},
    addKeywordListText: { keyword_text: 'coffee beans' },
    deleteProjectKeywords: { keywordIds: [1] },
    addKeywordListKeywords: { keywordIds: [1] },
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
        'getKeywordList',
        'updateKeywordList',
        'deleteKeywordList',
        'exportKeywordList',
        'keywordListMetrics',
        'addKeywordListText',
        'keywordListsForKeyword',
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
        // A second id in the path (a project's group) is well formed: only the first is wrong.
        url: endpoint.path.replace(`:${param}`, encodeURIComponent(id)).replace(/:[A-Za-z]+/g, '1'),
        ...(bodies[name] && { payload: bodies[name] }),
      });
      expect(response.statusCode, `${name} ${id}`).toBe(400);
      expect(response.json()).toEqual(validationError(`params.${param}`, 'Invalid id'));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('removeKeywordListItem answers 400 for a bad list id or keyword id and writes nothing', async () => {
    // A real list holding a real keyword, so that only the malformed half can be wrong.
    const keyword = await buildKeyword(ctx, { as: owner });
    const list = await buildKeywordList(ctx, { owner, keywordIds: [keyword.id] });
    const badPairs = [
      [`abc-${keyword.id}`, 'listId'],
      [`${list.id}-abc`, 'keywordId'],
      [`0-${keyword.id}`, 'listId'],
      [`${list.id}-0`, 'keywordId'],
      [`${list.id}-1.5`, 'keywordId'],
      [`12345678901234567890-${keyword.id}`, 'listId'],
    ] as const;
    const before = await dataSnapshot(ctx);
    for (const [ids, param] of badPairs) {
      const response = await request(ctx, owner, { method: 'DELETE', url: `/api/keyword-list-items/${ids}` });
      expect(response.statusCode, ids).toBe(400);
      expect(response.json(), ids).toEqual(validationError(`params.${param}`, 'Invalid id'));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('asks a signed-out client to sign in before looking at the id', async () => {
    const response = await request(ctx, null, { method: 'GET', url: '/api/projects/abc' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody('unauthorized', messages.signInRequired));
  });
});
