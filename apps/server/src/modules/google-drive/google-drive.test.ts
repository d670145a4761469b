import { analyzeDocumentAnswerSchema, endpoints, messages, type EndpointName } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../../../test/fakes/google-drive';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createTestContext, errorBody, request, validationError, type TestContext } from '../../../test/harness';
import { needsSession } from '../../auth/signed-in-user';
import type { HttpClientOptions } from '../../lib/http-client';
import { createGoogleDriveClient } from '../../providers/google-drive/google-drive-client';

let fake: FakeGoogleDrive;
let ctx: TestContext;
const appUrl = 'http://localhost:3000';

function driveClient(options: HttpClientOptions = {}) {
  return createGoogleDriveClient(
    {
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      authorizeUrl: fake.authorizeUrl,
      tokenUrl: fake.tokenUrl,
      revokeUrl: fake.revokeUrl,
      apiBaseUrl: fake.apiBaseUrl,
      redirectUri: `${appUrl}/api/auth/google/callback`,
    },
    { sleep: async () => {}, maxRetries: 1, timeoutMs: 1_000, ...options },
  );
}

beforeAll(async () => {
  fake = await startFakeGoogleDrive();
  ctx = await createTestContext({
    env: { ...fake.env, APP_URL: appUrl },
    app: { providers: { googleDrive: driveClient() } },
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

const get = (as: TestUser | null, url: string) => request(ctx, as, { method: 'GET', url });

/** The consent as the browser goes through it: our redirect, Google's page, Google's redirect back. */
async function consent(as: TestUser) {
  const connect = await get(as, '/api/auth/google/connect');
  expect(connect.statusCode, connect.body).toBe(302);
  const consentPage = String(connect.headers.location);
  const back = await fetch(consentPage, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const callback = new URL(back.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${appUrl}/api/auth/google/callback`);
  return { consentPage, callbackPath: `${callback.pathname}${callback.search}`, callback };
}

async function connect(as: TestUser, account = 'default') {
  fake.consentAs = account;
  const { callbackPath } = await consent(as);
  const answer = await get(as, callbackPath);
  expect(answer.statusCode).toBe(302);
  expect(answer.headers.location).toBe('/keyword-generation?google=connected');
}

async function storedRow(userId: string) {
  const { rows } = await ctx.database.pool.query<{ access_token: Buffer; refresh_token: Buffer; scope: string }>(
    'select * from drive_connections where user_id = $1',
    [userId],
  );
  return rows[0];
}

describe('connecting, listing, importing and disconnecting', () => {
  it('goes through the whole flow', async () => {
    const person = await buildUser(ctx);
    expect((await get(person, '/api/auth/google/status')).json()).toEqual({ authenticated: false, configured: true });

    const { consentPage } = await consent(person);
    const url = new URL(consentPage);
    expect(`${url.origin}${url.pathname}`).toBe(fake.authorizeUrl);
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/drive.readonly');
    expect(url.searchParams.get('redirect_uri')).toBe(`${appUrl}/api/auth/google/callback`);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    fake.reset();

    await connect(person);
    expect((await get(person, '/api/auth/google/status')).json()).toEqual({ authenticated: true, configured: true });
    const [refreshToken] = fake.refreshTokens();
    const row = await storedRow(person.id);
    expect(row!.scope).toBe('https://www.googleapis.com/auth/drive.readonly');
    // Sealed at rest: iv + tag + ciphertext, never the token itself.
    expect(row!.refresh_token.length).toBe(12 + 16 + refreshToken!.length);
    expect(row!.refresh_token.toString('latin1')).not.toContain(refreshToken);
    expect(row!.access_token.toString('latin1')).not.toContain('ya29');

    const files = await get(person, '/api/google-drive/files');
    expect(files.statusCode, files.body).toBe(200);
    expect(files.json()).toEqual({
      files: [
        {
          id: 'doc-green-leaf-brief',
          name: 'Green Leaf brief',
          modifiedTime: '2025-03-04T10:00:00.000Z',
          mimeType: 'application/vnd.google-apps.document',
        },
        expect.objectContaining({ id: 'slides-green-leaf-pitch' }),
        expect.objectContaining({ id: 'txt-notes' }),
        expect.objectContaining({ id: 'md-readme' }),
      ],
      nextPageToken: null,
    });
    const searched = await get(person, `/api/google-drive/files?search=${encodeURIComponent("notes' or '")}`);
    expect(searched.json()).toEqual({ files: [], nextPageToken: null });
    expect((await get(person, '/api/google-drive/files?search=NOTES')).json().files).toHaveLength(1);

    const analyzed = await request(ctx, person, {
      method: 'POST',
      url: '/api/google-drive/analyze/doc-green-leaf-brief',
    });
    expect(analyzed.statusCode, analyzed.body).toBe(200);
    const answer = analyzeDocumentAnswerSchema.parse(analyzed.json());
    expect(answer.files).toEqual([{ name: 'Green Leaf brief.txt', read: true, problem: null, message: null }]);
    expect(answer.projectDetails.siteUrl).toContain('greenleaf.example');
    expect(fake.requests.filter((r) => r.endpoint === 'export').map((r) => r.account)).toEqual(['default']);

    const disconnected = await request(ctx, person, { method: 'DELETE', url: '/api/auth/google' });
    expect(disconnected.statusCode).toBe(200);
    expect(disconnected.json()).toEqual({ success: true });
    expect(fake.isRevoked(refreshToken!)).toBe(true);
    expect(await storedRow(person.id)).toBeUndefined();
    expect((await get(person, '/api/auth/google/status')).json()).toEqual({ authenticated: false, configured: true });
    expect((await get(person, '/api/google-drive/files')).json()).toEqual(
      errorBody('conflict', messages.driveNotConnected),
    );
  });

  it('pages the file list with the page token', async () => {
    const person = await buildUser(ctx);
    for (let i = 0; i < 60; i++)
      fake.addFile({ name: `paged ${i}.txt`, modifiedTime: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() });
    await connect(person);
    const first = (await get(person, '/api/google-drive/files?search=paged')).json();
    expect(first.files).toHaveLength(50);
    expect(first.files[0].name).toBe('paged 59.txt');
    const second = (
      await get(person, `/api/google-drive/files?search=paged&pageToken=${encodeURIComponent(first.nextPageToken)}`)
    ).json();
    expect(second.files.map((file: { name: string }) => file.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `paged ${9 - i}.txt`),
    );
    expect(second.nextPageToken).toBeNull();
  });

  it('answers a file over 20 MB with its reason, and a missing file with 404', async () => {
    const person = await buildUser(ctx);
    await connect(person);
    const big = fake.addFile({ name: 'huge.pdf', mimeType: 'application/pdf', declaredSize: 21 * 1024 * 1024 });
    const answer = await request(ctx, person, { method: 'POST', url: `/api/google-drive/analyze/${big.id}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().files).toEqual([
      { name: 'huge.pdf', read: false, problem: 'too_large', message: messages.documentTooLarge('huge.pdf') },
    ]);
    expect(fake.requests.filter((r) => r.endpoint === 'media')).toHaveLength(0);
    const missing = await request(ctx, person, { method: 'POST', url: '/api/google-drive/analyze/no-such-file' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('not_found', messages.notFound));
  });
});

describe('the state', () => {
  it('is refused from another person, and serves its own person once', async () => {
    const [alice, mallory] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
    const { callbackPath } = await consent(alice);
    const stolen = await get(mallory, callbackPath);
    expect(stolen.statusCode).toBe(302);
    expect(stolen.headers.location).toBe('/keyword-generation?error=auth_failed');
    expect(await storedRow(mallory.id)).toBeUndefined();
    expect((await get(mallory, '/api/auth/google/status')).json()).toMatchObject({ authenticated: false });
    expect(fake.requests.filter((r) => r.endpoint === 'token')).toHaveLength(0);

    const own = await get(alice, callbackPath);
    expect(own.headers.location).toBe('/keyword-generation?google=connected');
    const replayed = await get(alice, callbackPath);
    expect(replayed.headers.location).toBe('/keyword-generation?error=auth_failed');
  });

  it('sends the person back with auth_failed when consent is refused, the state is missing or the code is bad', async () => {
    const person = await buildUser(ctx);
    fake.consentError = 'access_denied';
    const denied = await consent(person);
    expect(denied.callback.searchParams.get('error')).toBe('access_denied');
    expect((await get(person, denied.callbackPath)).headers.location).toBe('/keyword-generation?error=auth_failed');
    fake.consentError = null;

    const { callback } = await consent(person);
    const code = callback.searchParams.get('code')!;
    const state = callback.searchParams.get('state')!;
    const noState = await get(person, `/api/auth/google/callback?code=${encodeURIComponent(code)}`);
    expect(noState.headers.location).toBe('/keyword-generation?error=auth_failed');
    const badCode = await get(person, `/api/auth/google/callback?code=wrong&state=${encodeURIComponent(state)}`);
    expect(badCode.headers.location).toBe('/keyword-generation?error=auth_failed');
    expect(await storedRow(person.id)).toBeUndefined();

    // Google down during the exchange: still the generator, never an error page.
    const again = await consent(person);
    fake.fail('token', { status: 500, message: 'Backend Error' });
    const failed = await get(person, again.callbackPath);
    expect(failed.statusCode).toBe(302);
    expect(failed.headers.location).toBe('/keyword-generation?error=auth_failed');
  });
});

describe('tokens', () => {
  it('of one person are never used for another', async () => {
    const [alice, bob] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
    const aliceFile = fake.addFile({ name: 'alice plan.txt', content: 'Alice only' }, 'alice');
    fake.addFile({ name: 'bob plan.txt', content: 'Bob only' }, 'bob');
    await connect(alice, 'alice');
    await connect(bob, 'bob');
    fake.requests.length = 0;

    expect((await get(bob, '/api/google-drive/files')).json().files.map((file: { name: string }) => file.name)).toEqual(
      ['bob plan.txt'],
    );
    const stolen = await request(ctx, bob, { method: 'POST', url: `/api/google-drive/analyze/${aliceFile.id}` });
    expect(stolen.statusCode).toBe(404);
    expect(
      (await get(alice, '/api/google-drive/files')).json().files.map((file: { name: string }) => file.name),
    ).toEqual(['alice plan.txt']);
    expect(fake.requests.map((r) => `${r.endpoint} ${r.account}`)).toEqual(['list bob', 'get bob', 'list alice']);

    // Bob disconnecting revokes Bob's grant only.
    await request(ctx, bob, { method: 'DELETE', url: '/api/auth/google' });
    expect((await get(alice, '/api/auth/google/status')).json()).toMatchObject({ authenticated: true });
    expect((await get(alice, '/api/google-drive/files')).statusCode).toBe(200);
  });

  it('are refreshed when expired, and forgotten when Google revoked the grant', async () => {
    const person = await buildUser(ctx);
    await connect(person);
    const before = await storedRow(person.id);
    fake.expireAccessTokens();
    expect((await get(person, '/api/google-drive/files')).statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.endpoint === 'token').map((r) => r.form.grant_type)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect((await storedRow(person.id))!.access_token.equals(before!.access_token)).toBe(false);

    fake.revokeAll();
    const answer = await get(person, '/api/google-drive/files');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual(errorBody('conflict', messages.driveNotConnected));
    expect(await storedRow(person.id)).toBeUndefined();
    expect((await get(person, '/api/auth/google/status')).json()).toMatchObject({ authenticated: false });
  });
});

describe('failures', () => {
  it('answers 502 with the people’s text when Drive fails or is slow', async () => {
    const person = await buildUser(ctx);
    await connect(person);
    fake.fail('list', { status: 503, message: 'Backend Error' }, { status: 503, message: 'Backend Error' });
    const failed = await get(person, '/api/google-drive/files');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual(
      errorBody('upstream_error', messages.upstreamFailed('Google Drive', 'Backend Error')),
    );

    fake.fail('export', { delayMs: 5_000 });
    const slow = await request(ctx, person, { method: 'POST', url: '/api/google-drive/analyze/doc-green-leaf-brief' });
    expect(slow.statusCode).toBe(502);
    expect(slow.json()).toEqual(errorBody('upstream_error', messages.upstreamTimedOut('Google Drive')));
  });

  it('says 409 before connecting, and rejects a malformed file id', async () => {
    const person = await buildUser(ctx);
    expect((await get(person, '/api/google-drive/files')).json()).toEqual(
      errorBody('conflict', messages.driveNotConnected),
    );
    const analyze = await request(ctx, person, { method: 'POST', url: '/api/google-drive/analyze/txt-notes' });
    expect(analyze.statusCode).toBe(409);
    const bad = await request(ctx, person, { method: 'POST', url: '/api/google-drive/analyze/a.b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(validationError('params.fileId', 'Invalid file id'));
    // Disconnecting what was never connected is fine.
    expect((await request(ctx, person, { method: 'DELETE', url: '/api/auth/google' })).json()).toEqual({
      success: true,
    });
  });

  it('forgets the tokens when Google cannot revoke them, and says where to remove the grant', async () => {
    const person = await buildUser(ctx);
    await connect(person);
    const busy = { status: 503, message: 'Backend Error' };
    fake.fail('revoke', busy, busy, busy, busy);
    const answer = await request(ctx, person, { method: 'DELETE', url: '/api/auth/google' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, notice: messages.googleGrantMayRemain('Google Drive') });
    expect(await storedRow(person.id)).toBeUndefined();
    expect((await get(person, '/api/auth/google/status')).json()).toMatchObject({ authenticated: false });
  });
});

const driveEndpoints: EndpointName[] = [
  'googleDriveStatus',
  'googleDriveConnect',
  'googleDriveCallback',
  'googleDriveDisconnect',
  'googleDriveFiles',
  'googleDriveAnalyze',
];

describe('signed out', () => {
  it.each(driveEndpoints)('%s answers 401', async (name) => {
    const endpoint = endpoints[name];
    const url = endpoint.path.replace(':fileId', 'txt-notes');
    const answer = await request(ctx, null, { method: endpoint.method, url });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual(errorBody('unauthorized', messages.signInRequired));
  });

  it('resolves the session for /api/auth/google only, leaving better-auth its own paths', () => {
    expect(needsSession('/api/auth/google')).toBe(true);
    expect(needsSession('/api/auth/google/status')).toBe(true);
    expect(needsSession('/api/auth/google/callback?code=1&state=2')).toBe(true);
    expect(needsSession('/api/google-drive/files')).toBe(true);
    expect(needsSession('/api/auth/get-session')).toBe(false);
    expect(needsSession('/api/auth/callback/google')).toBe(false);
    expect(needsSession('/api/auth/googlebot')).toBe(false);
    expect(needsSession('/keyword-generation')).toBe(false);
  });
});

describe('not configured', () => {
  let plain: TestContext;
  const administrator = 'Boss@Clinic.example';
  beforeAll(async () => {
    plain = await createTestContext({
      env: { ADMIN_EMAILS: ` someone@else.example, ${administrator.toLowerCase()} ` },
    });
  });

  it('names the settings that turn Drive on to an administrator only; others are told to ask theirs', async () => {
    const person = await buildUser(plain);
    const status = (as: TestUser) => request(plain, as, { method: 'GET', url: '/api/auth/google/status' });

    const personal = await status(person);
    expect(personal.json()).toEqual({ authenticated: false, configured: false });
    expect(personal.body).not.toMatch(/GOOGLE_/);
    expect(messages.driveNotConfigured).not.toMatch(/GOOGLE_/);
    expect(messages.driveNotConfigured).toMatch(/ask your administrator/i);
    const refused = await request(plain, person, { method: 'GET', url: '/api/auth/google/connect' });
    expect(refused.body).not.toMatch(/GOOGLE_/);

    const admin = await buildUser(plain, { email: administrator });
    const settings = ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET'];
    expect((await status(admin)).json()).toEqual({ authenticated: false, configured: false, setup: settings });
    expect(messages.driveSetupForAdministrator(settings)).toContain(
      'GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET',
    );
  });
  afterAll(() => plain?.close());

  it('says so in the status and answers 503 where Drive is needed', async () => {
    const person = await buildUser(plain);
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string) => request(plain, person, { method, url });
    expect((await call('GET', '/api/auth/google/status')).json()).toEqual({ authenticated: false, configured: false });
    const notConfigured = errorBody('unavailable', messages.driveNotConfigured);
    for (const [method, url] of [
      ['GET', '/api/auth/google/connect'],
      ['GET', '/api/google-drive/files'],
      ['POST', '/api/google-drive/analyze/txt-notes'],
    ] as const) {
      const answer = await call(method, url);
      expect(answer.statusCode, url).toBe(503);
      expect(answer.json()).toEqual(notConfigured);
    }
    const callback = await call('GET', '/api/auth/google/callback?code=x&state=y');
    expect(callback.headers.location).toBe('/keyword-generation?error=auth_failed');
    expect((await call('DELETE', '/api/auth/google')).json()).toEqual({ success: true });
  });
});
