import { messages, normalizeKeyword, type ProjectSearchConsole, type SearchConsoleImport } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeSearchConsoleRow,
  startFakeSearchConsole,
  type FakeSearchConsole,
} from '../../../test/fakes/search-console';
import { buildProject } from '../../../test/factories/projects';
import { addToTeam } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createTestContext, errorBody, request, type TestContext } from '../../../test/harness';
import { needsSession } from '../../auth/signed-in-user';
import { createStateSigner, oauthStateLifetimeMs } from '../../providers/google-oauth/oauth-state';
import { createSearchConsoleGoogle } from '../../providers/search-console/search-console-google';
import { searchConsoleRowLimit as PAGE } from '../../providers/search-console/search-console-client';
import { createSearchConsoleImportsRepository } from './search-console-imports.repository';
import { storedQueryRow } from './search-console-fetch.service';
import { readProjectSearchConsole } from './search-console-state.repository';

let fake: FakeSearchConsole;
let ctx: TestContext;
const appUrl = 'http://localhost:3000';
/** What the Search Console client was asked to wait, in ms (its retries wait nothing here). */
const waits: number[] = [];

beforeAll(async () => {
  fake = await startFakeSearchConsole();
  const google = createSearchConsoleGoogle(
    {
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      authorizeUrl: fake.authorizeUrl,
      tokenUrl: fake.tokenUrl,
      revokeUrl: fake.revokeUrl,
      apiBaseUrl: fake.apiBaseUrl,
      redirectUri: `${appUrl}/api/auth/search-console/callback`,
    },
    {
      sleep: async (ms) => {
        waits.push(ms);
      },
      maxRetries: 2,
      timeoutMs: 10_000,
    },
  );
  ctx = await createTestContext({
    env: { ...fake.env, APP_URL: appUrl },
    app: {
      providers: { searchConsole: google },
      // Short, so a stopped fetch resumes within a test; the beat far inside the staleness, so none is taken over while it runs.
      searchConsoleTimings: { staleAfterSeconds: 3, heartbeatSeconds: 0.25, sweepSeconds: 0.5, maxAttempts: 3 },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  waits.length = 0;
});

const get = (as: TestUser | null, url: string) => request(ctx, as, { method: 'GET', url });
const status = async (as: TestUser) => (await get(as, '/api/search-console/status')).json();

/** The consent as the browser goes through it: our redirect, Google's page, Google's redirect back. */
async function consent(as: TestUser, projectId?: number) {
  const connect = await get(as, `/api/auth/search-console/connect${projectId ? `?projectId=${projectId}` : ''}`);
  expect(connect.statusCode, connect.body).toBe(302);
  const consentPage = String(connect.headers.location);
  const back = await fetch(consentPage, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const callback = new URL(back.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${appUrl}/api/auth/search-console/callback`);
  return { consentPage, callbackPath: `${callback.pathname}${callback.search}`, callback };
}

async function connect(as: TestUser, account = 'default') {
  fake.consentAs = account;
  const { callbackPath } = await consent(as);
  const answer = await get(as, callbackPath);
  expect(answer.headers.location).toBe('/projects?search-console=connected');
}

async function storedRow(userId: string) {
  const { rows } = await ctx.database.pool.query<{ access_token: Buffer; refresh_token: Buffer; email: string | null }>(
    'select * from search_console_connections where user_id = $1',
    [userId],
  );
  return rows[0];
}

const projectState = (projectId: number) => readProjectSearchConsole(ctx.database.db, projectId);

/** Waits until the project's newest import has ended; the state then. */
async function settled(projectId: number): Promise<ProjectSearchConsole> {
  return vi.waitFor(
    async () => {
      const state = await projectState(projectId);
      const newest = state.latest ?? state.current;
      if (!newest || newest.status === 'running') throw new Error(`still running: ${JSON.stringify(newest)}`);
      return state;
    },
    { timeout: 60_000, interval: 100 },
  );
}

const link = (as: TestUser, projectId: number, siteUrl: string) =>
  request(ctx, as, { method: 'PUT', url: `/api/projects/${projectId}/search-console`, payload: { siteUrl } });
const refresh = (as: TestUser, projectId: number) =>
  request(ctx, as, { method: 'POST', url: `/api/projects/${projectId}/search-console/refresh` });

async function queriesOf(importId: number) {
  const { rows } = await ctx.database.pool.query<{ query: string; page: string | null; impressions: number }>(
    'select query, page, impressions from search_console_queries where import_id = $1 order by impressions desc',
    [importId],
  );
  return rows;
}

const queryCalls = () =>
  fake.requests
    .filter((call) => call.endpoint === 'query')
    .map(
      (call) =>
        `${String((call.body?.dimensions as string[]).join('+'))}@${String(call.body?.startRow)} ${call.status}`,
    );

/** A linked project of a connected owner whose first import has completed. */
async function linkedProject(rowCount = 120) {
  const owner = await buildUser(ctx);
  await connect(owner);
  fake.addProperty({ siteUrl: 'https://greenleaf.example/', permissionLevel: 'siteOwner', rowCount });
  const project = await buildProject(ctx, { owner, site_url: 'https://greenleaf.example' });
  const linked = await link(owner, project.id, 'https://greenleaf.example/');
  expect(linked.statusCode, linked.body).toBe(200);
  const state = await settled(project.id);
  expect(state.current?.status).toBe('completed');
  return { owner, project, state };
}

describe('connecting', () => {
  it('goes through Google’s consent and back to the project it started from', async () => {
    const person = await buildUser(ctx);
    const project = await buildProject(ctx, { owner: person });
    expect(await status(person)).toEqual({ configured: true, connected: false, email: null });

    const { consentPage, callbackPath } = await consent(person, project.id);
    const url = new URL(consentPage);
    expect(`${url.origin}${url.pathname}`).toBe(fake.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      scope: 'openid email https://www.googleapis.com/auth/webmasters.readonly',
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
      redirect_uri: `${appUrl}/api/auth/search-console/callback`,
    });
    // Its own grant: Drive's scopes are not folded in.
    expect(url.searchParams.has('include_granted_scopes')).toBe(false);

    const back = await get(person, callbackPath);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/projects/${project.id}/keywords?search-console=connected`);
    expect(await status(person)).toEqual({ configured: true, connected: true, email: 'default@greenleaf.example' });

    const [refreshToken] = fake.refreshTokens();
    const row = await storedRow(person.id);
    // Sealed at rest: iv + tag + ciphertext, never the token itself.
    expect(row!.refresh_token.length).toBe(12 + 16 + refreshToken!.length);
    expect(row!.refresh_token.toString('latin1')).not.toContain(refreshToken);
    expect(row!.access_token.toString('latin1')).not.toContain('ya29');

    // Without a project: the projects page.
    await connect(person, 'second');
    expect(await status(person)).toMatchObject({ connected: true, email: 'second@greenleaf.example' });
  });

  it('keeps no e-mail when Google’s answer has no ID token', async () => {
    const person = await buildUser(ctx);
    fake.emails.set('quiet', null);
    await connect(person, 'quiet');
    expect(await status(person)).toEqual({ configured: true, connected: true, email: null });
  });

  it('refuses another person’s state, a used one, an expired one and Drive’s', async () => {
    const [alice, mallory] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
    const project = await buildProject(ctx, { owner: alice });
    const { callbackPath, callback } = await consent(alice, project.id);
    const stolen = await get(mallory, callbackPath);
    expect(stolen.headers.location).toBe('/projects?error=auth_failed');
    expect(await storedRow(mallory.id)).toBeUndefined();
    expect(fake.requests.filter((call) => call.endpoint === 'token')).toHaveLength(0);

    expect((await get(alice, callbackPath)).headers.location).toBe(
      `/projects/${project.id}/keywords?search-console=connected`,
    );
    expect((await get(alice, callbackPath)).headers.location).toBe(
      `/projects/${project.id}/keywords?error=auth_failed`,
    );

    const code = encodeURIComponent(callback.searchParams.get('code')!);
    const expired = createStateSigner(ctx.env.AUTH_SECRET, 'search-console-oauth-state').create(
      mallory.id,
      Date.now() - oauthStateLifetimeMs - 1_000,
    );
    const drive = createStateSigner(ctx.env.AUTH_SECRET, 'google-drive-oauth-state').create(mallory.id, Date.now());
    for (const state of [expired, drive, 'nonsense']) {
      const answer = await get(mallory, `/api/auth/search-console/callback?code=${code}&state=${state}`);
      expect(answer.headers.location).toBe('/projects?error=auth_failed');
    }
    expect(await storedRow(mallory.id)).toBeUndefined();
  });

  it('sends the person back with auth_failed when consent is refused or the exchange fails', async () => {
    const person = await buildUser(ctx);
    fake.consentError = 'access_denied';
    const denied = await consent(person);
    expect((await get(person, denied.callbackPath)).headers.location).toBe('/projects?error=auth_failed');
    fake.consentError = null;
    const again = await consent(person);
    fake.fail('token', { status: 500, message: 'Backend Error' });
    expect((await get(person, again.callbackPath)).headers.location).toBe('/projects?error=auth_failed');
    expect(await status(person)).toMatchObject({ connected: false });
  });

  it('revokes the grant at Google and forgets it on disconnect; Drive is not touched', async () => {
    const person = await buildUser(ctx);
    await connect(person);
    const [refreshToken] = fake.refreshTokens();
    const answer = await request(ctx, person, { method: 'POST', url: '/api/search-console/disconnect' });
    expect(answer.json()).toEqual({ success: true });
    expect(fake.isRevoked(refreshToken!)).toBe(true);
    expect(await storedRow(person.id)).toBeUndefined();
    expect(await status(person)).toEqual({ configured: true, connected: false, email: null });
    // Disconnecting what was never connected is fine.
    expect((await request(ctx, person, { method: 'POST', url: '/api/search-console/disconnect' })).statusCode).toBe(
      200,
    );
  });

  it('forgets the tokens when Google cannot revoke them, and says where to remove the grant', async () => {
    const person = await buildUser(ctx);
    await connect(person);
    const busy = { status: 503, message: 'Backend Error' };
    fake.fail('revoke', busy, busy, busy, busy);
    const answer = await request(ctx, person, { method: 'POST', url: '/api/search-console/disconnect' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, notice: messages.googleGrantMayRemain('Google Search Console') });
    expect(await storedRow(person.id)).toBeUndefined();
    expect(await status(person)).toEqual({ configured: true, connected: false, email: null });
  });

  it('resolves the session for the consent and its callback', () => {
    expect(needsSession('/api/auth/search-console/connect')).toBe(true);
    expect(needsSession('/api/auth/search-console/callback?code=1&state=2')).toBe(true);
  });
});

describe('the properties', () => {
  it('lists the project’s own first, with the permission on each', async () => {
    const person = await buildUser(ctx);
    const project = await buildProject(ctx, { owner: person, site_url: 'https://greenleaf.example/shop' });
    const notYet = await get(person, '/api/search-console/sites');
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual(errorBody('conflict', messages.searchConsoleNotConnected));

    await connect(person);
    fake.addProperty({ siteUrl: 'https://other.example/', permissionLevel: 'siteFullUser' });
    // Google's order puts a foreign property first; the project's own come first here.
    fake.properties().unshift(fake.properties().pop()!);
    const answer = await get(person, `/api/search-console/sites?projectId=${project.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      sites: [
        { siteUrl: 'https://greenleaf.example/', permissionLevel: 'siteOwner', matchesProject: true },
        { siteUrl: 'sc-domain:greenleaf.example', permissionLevel: 'siteFullUser', matchesProject: true },
        { siteUrl: 'https://other.example/', permissionLevel: 'siteFullUser', matchesProject: false },
        { siteUrl: 'https://unverified.example/', permissionLevel: 'siteUnverifiedUser', matchesProject: false },
      ],
    });
    const plain = (await get(person, '/api/search-console/sites')).json();
    expect(plain.sites.map((site: { siteUrl: string }) => site.siteUrl)[0]).toBe('https://other.example/');

    const stranger = await buildUser(ctx);
    await connect(stranger);
    const hidden = await get(stranger, `/api/search-console/sites?projectId=${project.id}`);
    expect(hidden.statusCode).toBe(404);
  });
});

describe('linking', () => {
  it('refuses a property that is not the caller’s or not verified, and writes nothing', async () => {
    const person = await buildUser(ctx);
    const project = await buildProject(ctx, { owner: person });
    expect((await link(person, project.id, 'https://greenleaf.example/')).json()).toEqual(
      errorBody('conflict', messages.searchConsoleNotConnected),
    );
    await connect(person);
    const unverified = await link(person, project.id, 'https://unverified.example/');
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual(errorBody('forbidden', messages.searchConsoleSiteUnverified));
    const foreign = await link(person, project.id, 'https://someone-else.example/');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(errorBody('forbidden', messages.searchConsoleSiteNotYours));
    expect(await projectState(project.id)).toEqual({
      siteUrl: null,
      linkedBy: null,
      current: null,
      latest: null,
      queries: 0,
    });
  });

  it('links, imports every query with its page, and unlinks keeping the queries', async () => {
    const { owner, project, state } = await linkedProject();
    expect(state).toMatchObject({ siteUrl: 'https://greenleaf.example/', linkedBy: owner.email, queries: 120 });
    expect(state.current).toMatchObject({ source: 'api', status: 'completed', rows: 120, error: null });
    expect(state.current!.endDate! > state.current!.startDate!).toBe(true);
    const rows = await queriesOf(state.current!.id);
    expect(rows[0]).toEqual({
      query: 'green leaf query 0',
      page: fakeSearchConsoleRow('https://greenleaf.example/', 0, 120).page,
      impressions: fakeSearchConsoleRow('https://greenleaf.example/', 0, 120).impressions,
    });
    expect(rows.every((row) => row.page !== null)).toBe(true);
    const body = fake.requests.find((call) => call.endpoint === 'query')!.body!;
    const end = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(body).toMatchObject({ endDate: end, rowLimit: PAGE, startRow: 0, dimensions: ['query'] });
    expect(state.current!.endDate).toBe(end);

    const unlinked = await request(ctx, owner, { method: 'DELETE', url: `/api/projects/${project.id}/search-console` });
    expect(unlinked.json()).toEqual({ success: true });
    expect(await projectState(project.id)).toMatchObject({ siteUrl: null, linkedBy: null, queries: 120 });
    const notLinked = await refresh(owner, project.id);
    expect(notLinked.statusCode).toBe(409);
    expect(notLinked.json()).toEqual(errorBody('conflict', messages.searchConsoleNotLinked));
  });

  it('imports a property of more than one page of rows', { timeout: 120_000 }, async () => {
    const { state } = await linkedProject(PAGE + 10);
    expect(state.queries).toBe(PAGE + 10);
    expect(state.current!.rows).toBe(PAGE + 10);
    expect(queryCalls()).toEqual(['query@0 200', `query@${PAGE} 200`, 'query+page@0 200', `query+page@${PAGE} 200`]);
  });
});

describe('refreshing', () => {
  it('answers 202 with the import, and the running one rather than a second', async () => {
    const { owner, project, state } = await linkedProject();
    fake.fail('query', { delayMs: 1_500 });
    const first = await refresh(owner, project.id);
    expect(first.statusCode, first.body).toBe(202);
    const started = first.json() as SearchConsoleImport;
    expect(started).toMatchObject({ source: 'api', status: 'running' });
    const second = await refresh(owner, project.id);
    expect((second.json() as SearchConsoleImport).id).toBe(started.id);
    // The previous import stays shown until the new one completes.
    expect((await projectState(project.id)).current!.id).toBe(state.current!.id);
    const after = await settled(project.id);
    expect(after.current!.id).toBe(started.id);
    expect(after.latest).toBeNull();
  });

  it('refreshes an expired access token, and waits as Retry-After says after a 429', async () => {
    const { owner, project } = await linkedProject();
    fake.requests.length = 0;
    fake.expireAccessTokens();
    fake.fail('query', { status: 429, message: 'Quota exceeded', reason: 'rateLimitExceeded', retryAfter: 7 });
    expect((await refresh(owner, project.id)).statusCode).toBe(202);
    const after = await settled(project.id);
    expect(after.current).toMatchObject({ status: 'completed', rows: 120 });
    expect(fake.requests.filter((call) => call.endpoint === 'token').map((call) => call.body?.grant_type)).toEqual([
      'refresh_token',
    ]);
    expect(queryCalls().slice(0, 3)).toEqual(['query@0 401', 'query@0 429', 'query@0 200']);
    expect(waits).toContain(7_000);
  });

  it('rides out a 5xx, and fails with Google’s words when it persists, the previous queries intact', async () => {
    const { owner, project, state } = await linkedProject();
    fake.fail('query', { status: 503, message: 'Backend Error' });
    expect((await refresh(owner, project.id)).statusCode).toBe(202);
    const recovered = await settled(project.id);
    expect(recovered.current).toMatchObject({ status: 'completed', rows: 120 });

    // Every attempt (three requests each: the first and two retries) answered 503.
    const failures = Array.from({ length: 9 }, () => ({ status: 503, message: 'Backend Error' }));
    fake.fail('query', ...failures);
    expect((await refresh(owner, project.id)).statusCode).toBe(202);
    const failed = await settled(project.id);
    expect(failed.current!.id).toBe(recovered.current!.id);
    expect(failed.queries).toBe(120);
    expect(failed.latest).toMatchObject({
      status: 'failed',
      rows: 0,
      error: messages.upstreamFailed('Google Search Console', 'Backend Error'),
    });
    expect(state.current!.id).not.toBe(recovered.current!.id);
  });

  it('ends with a clear text when the grant was revoked, changing nothing stored', async () => {
    const { owner, project, state } = await linkedProject();
    const before = await queriesOf(state.current!.id);
    fake.revokeAll();
    expect((await refresh(owner, project.id)).statusCode).toBe(202);
    const after = await settled(project.id);
    expect(after.current).toEqual(state.current);
    expect(after.queries).toBe(120);
    expect(after.latest).toMatchObject({ status: 'failed', error: messages.searchConsoleImportRevoked });
    expect(await queriesOf(state.current!.id)).toEqual(before);
    // The grant Google refused is forgotten: the person is asked to connect again.
    expect(await status(owner)).toMatchObject({ connected: false });
  });

  it('ends with a clear text when the account may no longer read the property', async () => {
    const { owner, project } = await linkedProject();
    fake.addProperty({ siteUrl: 'https://greenleaf.example/', permissionLevel: 'siteUnverifiedUser', rowCount: 120 });
    expect((await refresh(owner, project.id)).statusCode).toBe(202);
    const after = await settled(project.id);
    expect(after.latest).toMatchObject({
      status: 'failed',
      error: messages.searchConsoleImportForbidden('https://greenleaf.example/'),
    });
    expect(after.queries).toBe(120);
  });

  it('is refused to a teammate without their own grant, who reads the data all the same', async () => {
    const { owner, project } = await linkedProject();
    const member = await buildUser(ctx);
    await addToTeam(ctx, owner, member);
    const refused = await refresh(member, project.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorBody('conflict', messages.searchConsoleRefreshNeedsOwnGrant(owner.email)));
    expect(refused.json().error.message).toBe(
      `Connect your own Search Console account to refresh. The queries shown were imported by ${owner.email}.`,
    );
    const sites = await get(member, `/api/search-console/sites?projectId=${project.id}`);
    expect(sites.statusCode).toBe(409);

    // With a grant of their own, the teammate refreshes.
    await connect(member);
    expect((await refresh(member, project.id)).statusCode).toBe(202);
    const after = await settled(project.id);
    expect(after.current).toMatchObject({ status: 'completed', rows: 120 });

    const stranger = await buildUser(ctx);
    await connect(stranger);
    for (const answer of [
      await refresh(stranger, project.id),
      await link(stranger, project.id, 'https://greenleaf.example/'),
      await request(ctx, stranger, { method: 'DELETE', url: `/api/projects/${project.id}/search-console` }),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(errorBody('not_found', messages.notFound));
    }
    expect((await projectState(project.id)).siteUrl).toBe('https://greenleaf.example/');
  });
});

describe('re-linking while a fetch runs', () => {
  it('drops the fetch of the property linked before and fetches the new one', { timeout: 120_000 }, async () => {
    const { owner, project } = await linkedProject();
    fake.addProperty({ siteUrl: 'https://shop.greenleaf.example/', permissionLevel: 'siteOwner', rowCount: 30 });
    // The refresh's first request is slow: its fetch is still running when the other property is linked.
    fake.fail('query', { delayMs: 3_000 });
    expect((await refresh(owner, project.id)).statusCode).toBe(202);
    const relinked = await link(owner, project.id, 'https://shop.greenleaf.example/');
    expect(relinked.statusCode, relinked.body).toBe(200);
    const state = await settled(project.id);
    expect(state).toMatchObject({ siteUrl: 'https://shop.greenleaf.example/', queries: 30 });
    expect(state.current).toMatchObject({ status: 'completed', rows: 30 });
    const { rows } = await ctx.database.pool.query<{ site_url: string; status: string }>(
      'select site_url, status from search_console_imports where project_id = $1 order by id',
      [project.id],
    );
    expect(rows).toEqual([{ site_url: 'https://shop.greenleaf.example/', status: 'completed' }]);
  });
});

describe('the job', () => {
  it('resumes a fetch from the rows it holds, the previous import shown until it completes', async () => {
    const { owner, project, state } = await linkedProject();
    fake.addProperty({ siteUrl: 'https://greenleaf.example/', permissionLevel: 'siteOwner', rowCount: PAGE + 10 });
    // A fetch a dead process left: half a page of rows stored, never beating again. It is made looking alive, so
    // the sweep leaves it alone until its rows are in, then its heartbeat stops.
    const {
      rows: [row],
    } = await ctx.database.pool.query<{ id: number }>(
      `insert into search_console_imports (project_id, user_id, source, site_url, start_date, end_date, heartbeat_at)
       values ($1, $2, 'api', 'https://greenleaf.example/', '2025-07-01', '2026-10-31', now() + interval '1 hour')
       returning id::int`,
      [project.id, owner.id],
    );
    if (!row) throw new Error('no import made');
    const stored = Array.from({ length: PAGE / 2 }, (_, index) =>
      storedQueryRow(fakeSearchConsoleRow('https://greenleaf.example/', index, PAGE + 10))!,
    );
    await createSearchConsoleImportsRepository(ctx.database.db).addRows(row.id, stored);
    await ctx.database.pool.query(
      `update search_console_imports set heartbeat_at = now() - interval '1 minute', attempts = 1 where id = $1`,
      [row.id],
    );
    fake.requests.length = 0;
    expect((await projectState(project.id)).current!.id).toBe(state.current!.id);

    const after = await settled(project.id);
    expect(after.current).toMatchObject({ id: row.id, status: 'completed', rows: PAGE + 10 });
    expect(after.queries).toBe(PAGE + 10);
    expect(queryCalls()).toEqual([`query@${PAGE / 2} 200`, 'query+page@0 200', `query+page@${PAGE} 200`]);
    const rows = await queriesOf(row.id);
    expect(new Set(rows.map((entry) => normalizeKeyword(entry.query))).size).toBe(PAGE + 10);
  });

  it('refreshes a linked project daily with its linker’s grant', async () => {
    const { owner, project, state } = await linkedProject();
    fake.requests.length = 0;
    await ctx.database.pool.query(
      `update search_console_imports set started_at = now() - interval '25 hours' where project_id = $1`,
      [project.id],
    );
    const after = await vi.waitFor(
      async () => {
        const now = await projectState(project.id);
        if (now.current!.id === state.current!.id) throw new Error('not refreshed yet');
        return now;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(after.current).toMatchObject({ status: 'completed', rows: 120 });
    const { rows } = await ctx.database.pool.query('select user_id from search_console_imports where id = $1', [
      after.current!.id,
    ]);
    expect(rows[0].user_id).toBe(owner.id);
    expect(fake.requests.filter((call) => call.endpoint === 'query').every((call) => call.account === 'default')).toBe(
      true,
    );
  });
});

describe('not configured', () => {
  let plain: TestContext;
  const administrator = 'chief@clinic.example';
  beforeAll(async () => {
    plain = await createTestContext({ env: { ADMIN_EMAILS: administrator } });
  });
  afterAll(() => plain?.close());

  it('says how to set it up to an administrator, and answers 503 where Google is needed', async () => {
    const person = await buildUser(plain);
    const admin = await buildUser(plain, { email: administrator });
    const project = await buildProject(plain, { owner: person });
    const call = (as: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      request(plain, as, { method, url, ...(payload && { payload }) });
    expect((await call(person, 'GET', '/api/search-console/status')).json()).toEqual({
      configured: false,
      connected: false,
      email: null,
    });
    expect((await call(admin, 'GET', '/api/search-console/status')).json()).toEqual({
      configured: false,
      connected: false,
      email: null,
      setup: ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET'],
    });
    const unavailable = errorBody('unavailable', messages.searchConsoleNotConfigured);
    for (const [method, url, payload] of [
      ['GET', '/api/auth/search-console/connect', undefined],
      ['GET', '/api/search-console/sites', undefined],
      ['PUT', `/api/projects/${project.id}/search-console`, { siteUrl: 'https://greenleaf.example/' }],
      ['POST', `/api/projects/${project.id}/search-console/refresh`, undefined],
    ] as const) {
      const answer = await call(person, method, url, payload);
      expect(answer.statusCode, url).toBe(503);
      expect(answer.json()).toEqual(unavailable);
    }
    expect(messages.searchConsoleNotConfigured).not.toMatch(/GOOGLE_/);
  });
});
