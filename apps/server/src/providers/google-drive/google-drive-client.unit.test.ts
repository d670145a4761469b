import { constants, messages } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../../../test/fakes/google-drive';
import { UpstreamError, type HttpClientOptions } from '../../lib/http-client';
import { DriveNotConnectedError, withDriveAccess, type DriveGrantStore } from './drive-access';
import {
  createGoogleDriveClient,
  DriveFileNotFoundError,
  driveFilesQuery,
  driveQueryString,
  type DriveGrant,
  type GoogleDriveClient,
} from './google-drive-client';

const redirectUri = 'http://localhost:3000/api/auth/google/callback';
let fake: FakeGoogleDrive;

beforeAll(async () => {
  fake = await startFakeGoogleDrive();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function client(options: HttpClientOptions = {}): GoogleDriveClient {
  return createGoogleDriveClient(
    {
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      authorizeUrl: fake.authorizeUrl,
      tokenUrl: fake.tokenUrl,
      revokeUrl: fake.revokeUrl,
      apiBaseUrl: fake.apiBaseUrl,
      redirectUri,
    },
    { sleep: async () => {}, ...options },
  );
}

async function connected(drive = client(), account = 'default'): Promise<DriveGrant> {
  return drive.exchangeCode(fake.issueCode(redirectUri, account));
}

function memoryStore(initial: DriveGrant | null) {
  const state = { grant: initial, saves: 0 };
  const store: DriveGrantStore = {
    load: async () => state.grant,
    save: async (grant) => {
      state.grant = grant;
      state.saves++;
    },
    forget: async () => {
      state.grant = null;
    },
  };
  return { state, store };
}

const listOptions = { search: '', pageToken: '', pageSize: constants.driveFilesPageSize };

describe('the consent and the tokens', () => {
  it('asks for read-only Drive access, offline, with consent and the state', () => {
    const url = new URL(client().authorizationUrl('state-123'));
    expect(`${url.origin}${url.pathname}`).toBe(fake.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/drive.readonly',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: 'state-123',
    });
  });

  it('exchanges a code once for an access and a refresh token', async () => {
    const drive = client();
    const code = fake.issueCode(redirectUri);
    const before = Date.now();
    const grant = await drive.exchangeCode(code);
    expect(grant.accessToken).toMatch(/^ya29\.fake/);
    expect(grant.refreshToken).toMatch(/^1\/\/fake-refresh/);
    expect(grant.scope).toBe('https://www.googleapis.com/auth/drive.readonly');
    expect(grant.accessTokenExpiresAt).toBeGreaterThanOrEqual(before + 3599_000);
    expect(fake.requests.at(-1)?.form).toMatchObject({ grant_type: 'authorization_code', redirect_uri: redirectUri });

    const again = await drive.exchangeCode(code).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(UpstreamError);
    expect((again as Error).message).toBe(
      messages.upstreamFailed('Google Drive', 'Malformed auth code. (invalid_grant)'),
    );
    // A code is not tried twice, even after a 5xx.
    fake.fail('token', { status: 503, message: 'Backend Error' });
    await expect(drive.exchangeCode(fake.issueCode(redirectUri))).rejects.toThrow(UpstreamError);
    expect(fake.requests.filter((request) => request.endpoint === 'token')).toHaveLength(3);
  });

  it('revokes the grant, and takes a token Google no longer knows as revoked', async () => {
    const drive = client();
    const grant = await connected(drive);
    await drive.revoke(grant.refreshToken);
    expect(fake.isRevoked(grant.refreshToken)).toBe(true);
    await expect(drive.revoke(grant.refreshToken)).resolves.toBeUndefined();
    fake.fail('revoke', { status: 500, message: 'Backend Error' }, { status: 500, message: 'Backend Error' });
    await expect(client({ maxRetries: 1 }).revoke('whatever')).rejects.toThrow(
      messages.upstreamFailed('Google Drive', 'Backend Error (server_error)'),
    );
  });
});

describe('the file list', () => {
  it('lists supported, untrashed files newest first, without the rest', async () => {
    const drive = client();
    fake.addFile({ name: 'old draft.docx', mimeType: 'application/pdf', trashed: true });
    const grant = await connected(drive);
    const answer = await drive.listFiles(grant.accessToken, listOptions);
    expect(answer).toEqual({
      files: [
        {
          id: 'doc-green-leaf-brief',
          name: 'Green Leaf brief',
          mimeType: 'application/vnd.google-apps.document',
          modifiedTime: '2025-03-04T10:00:00.000Z',
        },
        expect.objectContaining({ id: 'slides-green-leaf-pitch' }),
        expect.objectContaining({ id: 'txt-notes' }),
        expect.objectContaining({ id: 'md-readme' }),
      ],
      nextPageToken: null,
    });
    const request = fake.requests.find((candidate) => candidate.endpoint === 'list')!;
    expect(request.query).toMatchObject({
      orderBy: 'modifiedTime desc',
      pageSize: String(constants.driveFilesPageSize),
      fields: 'nextPageToken,files(id,name,mimeType,modifiedTime,size)',
    });
    expect(request.query.q).toContain('trashed = false');
  });

  it('pages with the page token until the last page', async () => {
    const drive = client();
    for (let i = 0; i < 5; i++)
      fake.addFile({ name: `page file ${i}.txt`, modifiedTime: `2024-01-0${i + 1}T00:00:00Z` });
    const grant = await connected(drive);
    const seen: string[] = [];
    let pageToken = '';
    let pages = 0;
    do {
      const answer = await drive.listFiles(grant.accessToken, { search: 'page file', pageToken, pageSize: 2 });
      seen.push(...answer.files.map((file) => file.name));
      pageToken = answer.nextPageToken ?? '';
      pages++;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seen).toEqual([
      'page file 4.txt',
      'page file 3.txt',
      'page file 2.txt',
      'page file 1.txt',
      'page file 0.txt',
    ]);
  });

  it('searches names with quotes and backslashes escaped', async () => {
    expect(driveQueryString(String.raw`Bob's \ plan`)).toBe(String.raw`'Bob\'s \\ plan'`);
    expect(driveFilesQuery(" it's ")).toMatch(/ and name contains 'it\\'s'$/);
    const drive = client();
    fake.addFile({ name: String.raw`Bob's \ plan.txt` });
    fake.addFile({ name: 'Bobs plan.txt' });
    fake.addFile({ name: "x' or name contains '" });
    const grant = await connected(drive);
    const found = await drive.listFiles(grant.accessToken, { ...listOptions, search: String.raw`Bob's \ plan` });
    expect(found.files.map((file) => file.name)).toEqual([String.raw`Bob's \ plan.txt`]);
    // A search that tries to close the string and add a clause is only a name.
    const injected = await drive.listFiles(grant.accessToken, { ...listOptions, search: "' or name contains '" });
    expect(injected.files.map((file) => file.name)).toEqual(["x' or name contains '"]);
  });
});

describe('access tokens', () => {
  it('refreshes a token that expires within a minute before using it', async () => {
    const drive = client();
    const grant = await connected(drive);
    const { state, store } = memoryStore({ ...grant, accessTokenExpiresAt: Date.now() + 30_000 });
    const used: string[] = [];
    await withDriveAccess(drive, store, async (token) => {
      used.push(token);
      return drive.listFiles(token, listOptions);
    });
    expect(used).toHaveLength(1);
    expect(used[0]).not.toBe(grant.accessToken);
    expect(state.saves).toBe(1);
    expect(state.grant).toMatchObject({ accessToken: used[0], refreshToken: grant.refreshToken });
    expect(fake.requests.map((request) => request.endpoint)).toEqual(['token', 'token', 'list']);
  });

  it('keeps a token with time left, and refreshes once when Drive refuses it anyway', async () => {
    const drive = client();
    const grant = await connected(drive);
    const { state, store } = memoryStore(grant);
    await withDriveAccess(drive, store, (token) => drive.listFiles(token, listOptions));
    expect(state.saves).toBe(0);

    fake.expireAccessTokens();
    const answer = await withDriveAccess(drive, store, (token) => drive.listFiles(token, listOptions));
    expect(answer.files).toHaveLength(4);
    expect(state.saves).toBe(1);
    expect(fake.requests.map((request) => `${request.endpoint} ${request.status}`).slice(-3)).toEqual([
      'list 401',
      'token 200',
      'list 200',
    ]);
  });

  it('forgets a grant Google revoked and says Drive is not connected', async () => {
    const drive = client();
    const grant = await connected(drive);
    fake.revokeAll();
    const { state, store } = memoryStore(grant);
    await expect(withDriveAccess(drive, store, (token) => drive.listFiles(token, listOptions))).rejects.toThrow(
      DriveNotConnectedError,
    );
    expect(state.grant).toBeNull();
    await expect(withDriveAccess(drive, store, async () => 'never')).rejects.toThrow(DriveNotConnectedError);
  });
});

describe('failures', () => {
  it('reports a 5xx that lasts through the retries with Google’s text', async () => {
    const drive = client({ maxRetries: 2 });
    const grant = await connected(drive);
    const failure = { status: 503, message: 'The service is currently unavailable.' };
    fake.fail('list', failure, failure, failure);
    await expect(drive.listFiles(grant.accessToken, listOptions)).rejects.toThrow(
      new UpstreamError(messages.upstreamFailed('Google Drive', 'The service is currently unavailable.'), 503),
    );
    expect(fake.requests.filter((request) => request.endpoint === 'list')).toHaveLength(3);
    // One 5xx, then an answer: retried.
    fake.fail('list', failure);
    await expect(drive.listFiles(grant.accessToken, listOptions)).resolves.toMatchObject({ nextPageToken: null });
  });

  it('gives up on an answer that does not come in time', async () => {
    const drive = client({ timeoutMs: 300 });
    const grant = await connected(drive);
    fake.fail('list', { delayMs: 5_000 });
    await expect(drive.listFiles(grant.accessToken, listOptions)).rejects.toThrow(
      messages.upstreamTimedOut('Google Drive'),
    );
    fake.fail('media', { fault: 'stalled-body' });
    await expect(drive.readFile(grant.accessToken, 'txt-notes')).rejects.toThrow(
      messages.upstreamTimedOut('Google Drive'),
    );
  });

  it('says an answer of another shape is unreadable', async () => {
    const drive = client();
    const grant = await connected(drive);
    fake.fail('list', { fault: 'wrong-schema' });
    await expect(drive.listFiles(grant.accessToken, listOptions)).rejects.toThrow(
      messages.upstreamUnreadable('Google Drive'),
    );
  });
});

describe('reading a file', () => {
  it('exports Google Docs and Slides as text and downloads uploaded files', async () => {
    const drive = client();
    const grant = await connected(drive);
    const doc = await drive.readFile(grant.accessToken, 'doc-green-leaf-brief');
    expect(doc).toMatchObject({ kind: 'read', name: 'Green Leaf brief.txt' });
    expect(Buffer.from((doc as { bytes: Uint8Array }).bytes).toString('utf8')).toMatch(/^Green Leaf Coffee\n/);
    const slides = await drive.readFile(grant.accessToken, 'slides-green-leaf-pitch');
    expect(slides).toMatchObject({ kind: 'read', name: 'Green Leaf pitch.txt' });
    const docx = fake.addFile({
      name: 'Plan',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      content: Buffer.from([0x50, 0x4b, 3, 4, 0xff]),
    });
    const read = await drive.readFile(grant.accessToken, docx.id);
    expect(read).toMatchObject({ kind: 'read', name: 'Plan.docx' });
    expect([...(read as { bytes: Uint8Array }).bytes]).toEqual([0x50, 0x4b, 3, 4, 0xff]);
    expect(fake.requests.filter((r) => r.endpoint === 'export').map((r) => r.query.mimeType)).toEqual([
      'text/plain',
      'text/plain',
    ]);
    expect(fake.requests.filter((r) => r.endpoint === 'media')).toHaveLength(1);
  });

  it('refuses a file over 20 MB by its size before downloading, and stops reading past 20 MB', async () => {
    const drive = client();
    const grant = await connected(drive);
    const big = fake.addFile({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      declaredSize: constants.maxDocumentBytes + 1,
    });
    expect(await drive.readFile(grant.accessToken, big.id)).toEqual({ kind: 'too_large', name: 'big.pdf' });
    expect(fake.requests.filter((request) => request.endpoint === 'media')).toHaveLength(0);

    const lying = fake.addFile({
      name: 'lying.txt',
      content: Buffer.alloc(constants.maxDocumentBytes + 1, 0x61),
      declaredSize: 10,
    });
    expect(await drive.readFile(grant.accessToken, lying.id)).toEqual({ kind: 'too_large', name: 'lying.txt' });
    const exact = fake.addFile({ name: 'exact.txt', content: Buffer.alloc(constants.maxDocumentBytes, 0x61) });
    expect(await drive.readFile(grant.accessToken, exact.id)).toMatchObject({ kind: 'read', name: 'exact.txt' });
  });

  it('names unsupported and missing files', async () => {
    const drive = client();
    const grant = await connected(drive);
    expect(await drive.readFile(grant.accessToken, 'image-logo')).toEqual({
      kind: 'unsupported_type',
      name: 'logo.png',
    });
    await expect(drive.readFile(grant.accessToken, 'no-such-file')).rejects.toThrow(DriveFileNotFoundError);
    // Another account's file is as missing as one that does not exist.
    const other = fake.addFile({ name: 'secret.txt', content: 'other account' }, 'other');
    await expect(drive.readFile(grant.accessToken, other.id)).rejects.toThrow(DriveFileNotFoundError);
  });
});
