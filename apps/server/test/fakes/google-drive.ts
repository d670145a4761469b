import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWithFault, type HttpFault } from './faults';

/**
 * A loopback stand-in for Google's OAuth 2.0 web server flow (consent page, token endpoint with
 * the authorization_code and refresh_token grants, revoke) and the Drive API v3 calls Keywright
 * makes (files.list with its query language, files.get with alt=media, files.export). Each Drive
 * account holds its own files; tokens are bound to the account that consented. Records every
 * request. Test code only; the browser journeys start it too (see `env`).
 */

export type FakeDriveEndpoint = 'token' | 'revoke' | 'list' | 'get' | 'media' | 'export';

/** One scripted failure of the next call of an endpoint. */
export type FakeDriveFailure =
  /** Google's error body with this status (an OAuth `{ error }` body for token and revoke). */
  | { status: number; message: string; reason?: string }
  /** A fault of the HTTP exchange itself (see faults.ts). */
  | { fault: HttpFault }
  /** The answer, late by this many ms. */
  | { delayMs: number };

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  /** RFC 3339, as Drive writes it. */
  modifiedTime: string;
  /** What alt=media sends, or for Google Docs and Slides the exported text. */
  content: Buffer;
  /** The size files.get and files.list declare; the content's length unless set (Docs and Slides: none). */
  declaredSize?: number;
  trashed?: boolean;
}

export interface FakeDriveRequest {
  endpoint: FakeDriveEndpoint | 'authorize';
  method: string;
  path: string;
  query: Record<string, string>;
  /** The form of token and revoke calls. */
  form: Record<string, string>;
  /** The Drive account of the bearer token, when it was valid. */
  account: string | null;
  status: number;
}

export interface FakeGoogleDrive {
  origin: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  apiBaseUrl: string;
  /** The variables a Keywright server needs to use this fake (add APP_URL yourself). */
  env: Record<string, string>;
  requests: FakeDriveRequest[];
  /** Seconds each issued access token lives (default 3599, as Google answers). */
  tokenLifetimeSeconds: number;
  /** The account the next consent (the authorize URL, or `issueCode`) grants; default 'default'. */
  consentAs: string;
  /** When set, the consent page sends the person back with `error=<this>` (e.g. access_denied). */
  consentError: string | null;
  /** A code for `redirectUri` as if the person consented; what Google's redirect carries. */
  issueCode(redirectUri: string, account?: string): string;
  addFile(
    file: Partial<Omit<FakeDriveFile, 'content'>> & { name: string; content?: string | Buffer },
    account?: string,
  ): FakeDriveFile;
  files(account?: string): FakeDriveFile[];
  fail(endpoint: FakeDriveEndpoint, ...failures: FakeDriveFailure[]): void;
  /** Every access token issued so far is expired: the next API call with one answers 401. */
  expireAccessTokens(): void;
  /** The person revoked access at Google: refresh tokens and their access tokens stop working. */
  revokeAll(): void;
  /** Whether this refresh token has been revoked (by a revoke call or revokeAll). */
  isRevoked(refreshToken: string): boolean;
  /** Refresh tokens issued, oldest first. */
  refreshTokens(): string[];
  reset(): void;
  close(): Promise<void>;
}

const googleDoc = 'application/vnd.google-apps.document';
const googleSlides = 'application/vnd.google-apps.presentation';

function googleError(code: number, message: string, reason = 'error') {
  const statuses: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    503: 'UNAVAILABLE',
  };
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason }],
      status: statuses[code] ?? 'UNKNOWN',
    },
  };
}

/** The files a fresh fake holds in the default account: one of each kind a picker shows. */
function defaultFiles(): FakeDriveFile[] {
  const text = (value: string) => Buffer.from(value, 'utf8');
  return [
    {
      id: 'doc-green-leaf-brief',
      name: 'Green Leaf brief',
      mimeType: googleDoc,
      modifiedTime: '2025-03-04T10:00:00.000Z',
      content: text(
        'Green Leaf Coffee\nWebsite: https://greenleaf.example\nWe sell organic coffee beans to home baristas in Austin, Texas.\nCompetitors: Blue Bottle, Stumptown\n',
      ),
    },
    {
      id: 'slides-green-leaf-pitch',
      name: 'Green Leaf pitch',
      mimeType: googleSlides,
      modifiedTime: '2025-03-03T10:00:00.000Z',
      content: text('Green Leaf Coffee\nFresh roasted organic coffee beans delivered weekly\n'),
    },
    {
      id: 'txt-notes',
      name: 'notes.txt',
      mimeType: 'text/plain',
      modifiedTime: '2025-03-02T10:00:00.000Z',
      content: text('Target audience: home baristas and small cafés.\n'),
    },
    {
      id: 'md-readme',
      name: 'README.md',
      mimeType: 'text/markdown',
      modifiedTime: '2025-03-01T10:00:00.000Z',
      content: text('# Green Leaf\nOrganic coffee subscription.\n'),
    },
    {
      id: 'image-logo',
      name: 'logo.png',
      mimeType: 'image/png',
      modifiedTime: '2025-02-28T10:00:00.000Z',
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    },
  ];
}

/** A tiny reader of Drive's query language: and, or, parentheses, =, !=, contains, 'strings', true/false. */
type Token = { kind: 'word'; value: string } | { kind: 'string'; value: string } | { kind: 'op'; value: string };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const char = query[i]!;
    if (/\s/.test(char)) {
      i++;
    } else if (char === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= query.length) throw new Error('unterminated string');
        const next = query[i]!;
        if (next === '\\') {
          const escaped = query[i + 1];
          if (escaped !== "'" && escaped !== '\\') throw new Error('bad escape');
          value += escaped;
          i += 2;
        } else if (next === "'") {
          i++;
          break;
        } else {
          value += next;
          i++;
        }
      }
      tokens.push({ kind: 'string', value });
    } else if (char === '(' || char === ')' || char === '=') {
      tokens.push({ kind: 'op', value: char });
      i++;
    } else if (char === '!' && query[i + 1] === '=') {
      tokens.push({ kind: 'op', value: '!=' });
      i += 2;
    } else {
      const word = /^[A-Za-z_]+/.exec(query.slice(i))?.[0];
      if (!word) throw new Error(`unexpected ${char}`);
      tokens.push({ kind: 'word', value: word });
      i += word.length;
    }
  }
  return tokens;
}

type Predicate = (file: FakeDriveFile) => boolean;

function parseQuery(query: string): Predicate {
  const tokens = tokenize(query);
  let at = 0;
  const peek = () => tokens[at];
  const take = () => {
    const token = tokens[at++];
    if (!token) throw new Error('unexpected end');
    return token;
  };
  const isWord = (token: Token | undefined, word: string) => token?.kind === 'word' && token.value === word;

  function term(): Predicate {
    const token = take();
    if (token.kind === 'op' && token.value === '(') {
      const inner = expression();
      const close = take();
      if (close.kind !== 'op' || close.value !== ')') throw new Error('missing )');
      return inner;
    }
    if (token.kind !== 'word') throw new Error('expected a field');
    const field = token.value;
    const operator = take();
    const value = take();
    if (field === 'trashed' && operator.value === '=' && value.kind === 'word') {
      if (value.value !== 'true' && value.value !== 'false') throw new Error('expected true or false');
      const wanted = value.value === 'true';
      return (file) => Boolean(file.trashed) === wanted;
    }
    if (value.kind !== 'string') throw new Error('expected a string');
    if (field === 'mimeType' && (operator.value === '=' || operator.value === '!=')) {
      const equal = operator.value === '=';
      return (file) => (file.mimeType === value.value) === equal;
    }
    if (field === 'name' && operator.kind === 'word' && operator.value === 'contains') {
      const needle = value.value.toLowerCase();
      return (file) => file.name.toLowerCase().includes(needle);
    }
    if (field === 'name' && operator.value === '=') return (file) => file.name === value.value;
    throw new Error(`unsupported ${field} ${operator.value}`);
  }

  function conjunction(): Predicate {
    let left = term();
    while (isWord(peek(), 'and')) {
      take();
      const right = term();
      const previous = left;
      left = (file) => previous(file) && right(file);
    }
    return left;
  }

  function expression(): Predicate {
    let left = conjunction();
    while (isWord(peek(), 'or')) {
      take();
      const right = conjunction();
      const previous = left;
      left = (file) => previous(file) || right(file);
    }
    return left;
  }

  const predicate = expression();
  if (at !== tokens.length) throw new Error('trailing input');
  return predicate;
}

interface Grant {
  account: string;
  refreshToken: string;
  revoked: boolean;
}

export async function startFakeGoogleDrive(): Promise<FakeGoogleDrive> {
  const clientId = 'fake-drive-client.apps.googleusercontent.com';
  const clientSecret = 'fake-drive-secret';
  let accounts = new Map<string, FakeDriveFile[]>([['default', defaultFiles()]]);
  let codes = new Map<string, { account: string; redirectUri: string }>();
  let grants = new Map<string, Grant>(); // by refresh token
  let accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  let failures = new Map<FakeDriveEndpoint, FakeDriveFailure[]>();
  let counter = 0; // never reset, so a token of an earlier test is never valid again
  const sockets = new Set<import('node:net').Socket>();

  const newToken = (prefix: string) => `${prefix}${++counter}.${randomBytes(12).toString('base64url')}`;
  const filesOf = (account: string) => {
    let files = accounts.get(account);
    if (!files) accounts.set(account, (files = []));
    return files;
  };

  const sendJson = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };

  function issueAccessToken(grant: Grant) {
    const token = newToken('ya29.fake');
    accessTokens.set(token, { grant, expiresAt: Date.now() + fake.tokenLifetimeSeconds * 1000 });
    return token;
  }

  function handleToken(form: Record<string, string>): { status: number; body: unknown } {
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
    }
    if (form.grant_type === 'authorization_code') {
      const issued = codes.get(form.code ?? '');
      if (!issued || issued.redirectUri !== form.redirect_uri) {
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Malformed auth code.' } };
      }
      codes.delete(form.code!);
      const grant: Grant = { account: issued.account, refreshToken: newToken('1//fake-refresh'), revoked: false };
      grants.set(grant.refreshToken, grant);
      return {
        status: 200,
        body: {
          access_token: issueAccessToken(grant),
          expires_in: fake.tokenLifetimeSeconds,
          refresh_token: grant.refreshToken,
          scope: 'https://www.googleapis.com/auth/drive.readonly',
          token_type: 'Bearer',
        },
      };
    }
    if (form.grant_type === 'refresh_token') {
      const grant = grants.get(form.refresh_token ?? '');
      if (!grant || grant.revoked) {
        return {
          status: 400,
          body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
        };
      }
      return {
        status: 200,
        body: {
          access_token: issueAccessToken(grant),
          expires_in: fake.tokenLifetimeSeconds,
          scope: 'https://www.googleapis.com/auth/drive.readonly',
          token_type: 'Bearer',
        },
      };
    }
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' } };
  }

  function handleRevoke(form: Record<string, string>): { status: number; body: unknown } {
    const token = form.token ?? '';
    const grant = grants.get(token) ?? accessTokens.get(token)?.grant;
    if (!grant || grant.revoked)
      return { status: 400, body: { error: 'invalid_token', error_description: 'Token expired or revoked' } };
    grant.revoked = true;
    return { status: 200, body: {} };
  }

  function listAnswer(account: string, query: Record<string, string>): { status: number; body: unknown } {
    let predicate: Predicate = () => true;
    try {
      if (query.q) predicate = parseQuery(query.q);
    } catch {
      return { status: 400, body: googleError(400, 'Invalid Value', 'invalid') };
    }
    if (query.orderBy !== undefined && query.orderBy !== 'modifiedTime desc') {
      return { status: 400, body: googleError(400, 'Invalid Value', 'invalid') };
    }
    const pageSize = Math.min(1000, Math.max(1, Number(query.pageSize ?? 100) || 100));
    const matching = filesOf(account)
      .filter(predicate)
      .sort((a, b) => b.modifiedTime.localeCompare(a.modifiedTime));
    let offset = 0;
    if (query.pageToken) {
      const decoded = /^page:(\d+):(.*)$/s.exec(Buffer.from(query.pageToken, 'base64url').toString('utf8'));
      if (!decoded || decoded[2] !== (query.q ?? '')) {
        return { status: 400, body: googleError(400, 'Invalid Value', 'invalid') };
      }
      offset = Number(decoded[1]);
    }
    const page = matching.slice(offset, offset + pageSize);
    const next = offset + pageSize < matching.length ? offset + pageSize : null;
    return {
      status: 200,
      body: {
        ...(next !== null && {
          nextPageToken: Buffer.from(`page:${next}:${query.q ?? ''}`, 'utf8').toString('base64url'),
        }),
        files: page.map(describe),
      },
    };
  }

  function describe(file: FakeDriveFile) {
    const isGoogleFile = file.mimeType === googleDoc || file.mimeType === googleSlides;
    const size = file.declaredSize ?? (isGoogleFile ? undefined : file.content.length);
    return {
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      modifiedTime: file.modifiedTime,
      ...(size !== undefined && { size: String(size) }),
    };
  }

  function respond(
    request: IncomingMessage,
    response: ServerResponse,
    endpoint: FakeDriveEndpoint,
    record: Omit<FakeDriveRequest, 'status' | 'endpoint'>,
    answer: () => { status: number; body: unknown; raw?: Buffer; contentType?: string },
  ) {
    const failure = failures.get(endpoint)?.shift();
    const push = (status: number) => fake.requests.push({ ...record, endpoint, status });
    if (failure && 'fault' in failure) {
      push(
        failure.fault === 'no-answer' || failure.fault === 'stalled-body'
          ? 0
          : failure.fault === 'html-502'
            ? 502
            : 200,
      );
      const { body } = answer();
      return answerWithFault(response, failure.fault, { answer: body, wrongShape: { files: 'none', id: 7 } });
    }
    if (failure && 'status' in failure) {
      push(failure.status);
      const body =
        endpoint === 'token' || endpoint === 'revoke'
          ? { error: failure.reason ?? 'server_error', error_description: failure.message }
          : googleError(failure.status, failure.message, failure.reason);
      return sendJson(response, failure.status, body);
    }
    const send = () => {
      const { status, body, raw, contentType } = answer();
      push(status);
      if (raw) {
        response.writeHead(status, { 'content-type': contentType ?? 'application/octet-stream' });
        response.end(raw);
      } else {
        sendJson(response, status, body);
      }
    };
    if (failure && 'delayMs' in failure) {
      const timer = setTimeout(send, failure.delayMs);
      request.socket.once('close', () => clearTimeout(timer));
    } else {
      send();
    }
  }

  function handle(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const form = request.method === 'POST' ? Object.fromEntries(new URLSearchParams(raw)) : {};
    const base = { method: request.method ?? 'GET', path: url.pathname, query, form, account: null };

    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      // The consent page, consenting at once: back to the redirect URI with a code (or the error set).
      const redirect = new URL(query.redirect_uri ?? '');
      const valid =
        query.client_id === clientId && query.response_type === 'code' && redirect.protocol.startsWith('http');
      if (!valid) {
        fake.requests.push({ ...base, endpoint: 'authorize', status: 400 });
        return sendJson(response, 400, { error: 'invalid_request' });
      }
      if (fake.consentError) redirect.searchParams.set('error', fake.consentError);
      else redirect.searchParams.set('code', fake.issueCode(query.redirect_uri!));
      if (query.state) redirect.searchParams.set('state', query.state);
      fake.requests.push({ ...base, endpoint: 'authorize', status: 302 });
      response.writeHead(302, { location: redirect.toString() });
      return response.end();
    }
    if (request.method === 'POST' && url.pathname === '/token') {
      return respond(request, response, 'token', base, () => handleToken(form));
    }
    if (request.method === 'POST' && url.pathname === '/revoke') {
      const withQuery = { ...form, ...(query.token && !form.token ? { token: query.token } : {}) };
      return respond(request, response, 'revoke', { ...base, form: withQuery }, () => handleRevoke(withQuery));
    }

    const files = /^\/drive\/v3\/files(?:\/([^/]+)(\/export)?)?$/.exec(url.pathname);
    if (request.method !== 'GET' || !files) {
      return sendJson(
        response,
        404,
        googleError(404, `The requested URL ${url.pathname} was not found on this server.`),
      );
    }
    const [, fileId, isExport] = files;
    const endpoint: FakeDriveEndpoint = !fileId
      ? 'list'
      : isExport
        ? 'export'
        : query.alt === 'media'
          ? 'media'
          : 'get';
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const access = token ? accessTokens.get(token) : undefined;
    if (!access || access.expiresAt <= Date.now() || access.grant.revoked) {
      fake.requests.push({ ...base, endpoint, status: 401 });
      return sendJson(
        response,
        401,
        googleError(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token.', 'authError'),
      );
    }
    const account = access.grant.account;
    const record = { ...base, account };
    if (endpoint === 'list') return respond(request, response, endpoint, record, () => listAnswer(account, query));

    respond(request, response, endpoint, record, () => {
      const file = filesOf(account).find((candidate) => candidate.id === decodeURIComponent(fileId!));
      if (!file) return { status: 404, body: googleError(404, `File not found: ${fileId}.`, 'notFound') };
      const isGoogleFile = file.mimeType === googleDoc || file.mimeType === googleSlides;
      if (endpoint === 'get') return { status: 200, body: describe(file) };
      if (endpoint === 'media') {
        if (isGoogleFile) {
          return {
            status: 403,
            body: googleError(
              403,
              'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
              'fileNotDownloadable',
            ),
          };
        }
        return { status: 200, body: null, raw: file.content, contentType: file.mimeType };
      }
      if (!isGoogleFile || query.mimeType !== 'text/plain') {
        return { status: 403, body: googleError(403, 'Export only supports Docs Editors files.', 'fileNotExportable') };
      }
      return { status: 200, body: null, raw: file.content, contentType: 'text/plain; charset=utf-8' };
    });
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const fake: FakeGoogleDrive = {
    origin,
    clientId,
    clientSecret,
    authorizeUrl: `${origin}/o/oauth2/v2/auth`,
    tokenUrl: `${origin}/token`,
    revokeUrl: `${origin}/revoke`,
    apiBaseUrl: origin,
    env: {
      GOOGLE_OAUTH_CLIENT_ID: clientId,
      GOOGLE_OAUTH_CLIENT_SECRET: clientSecret,
      GOOGLE_OAUTH_AUTHORIZE_URL: `${origin}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${origin}/token`,
      GOOGLE_OAUTH_REVOKE_URL: `${origin}/revoke`,
      GOOGLE_DRIVE_API_BASE_URL: origin,
    },
    requests: [],
    tokenLifetimeSeconds: 3599,
    consentAs: 'default',
    consentError: null,
    issueCode(redirectUri, account = fake.consentAs) {
      const code = newToken('4/fake-code');
      codes.set(code, { account, redirectUri });
      return code;
    },
    addFile(file, account = 'default') {
      const added: FakeDriveFile = {
        id: file.id ?? newToken('file').replace(/[^A-Za-z0-9_-]/g, '_'),
        name: file.name,
        mimeType: file.mimeType ?? 'text/plain',
        modifiedTime: file.modifiedTime ?? new Date(Date.UTC(2025, 0, 1) + counter * 1000).toISOString(),
        content: Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content ?? '', 'utf8'),
        ...(file.declaredSize !== undefined && { declaredSize: file.declaredSize }),
        ...(file.trashed !== undefined && { trashed: file.trashed }),
      };
      filesOf(account).push(added);
      return added;
    },
    files: (account = 'default') => filesOf(account),
    fail(endpoint, ...next) {
      failures.set(endpoint, [...(failures.get(endpoint) ?? []), ...next]);
    },
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.expiresAt = 0;
    },
    revokeAll() {
      for (const grant of grants.values()) grant.revoked = true;
    },
    isRevoked: (refreshToken) => grants.get(refreshToken)?.revoked ?? false,
    refreshTokens: () => [...grants.keys()],
    reset() {
      fake.requests.length = 0;
      fake.tokenLifetimeSeconds = 3599;
      fake.consentAs = 'default';
      fake.consentError = null;
      accounts = new Map([['default', defaultFiles()]]);
      codes = new Map();
      grants = new Map();
      accessTokens = new Map();
      failures = new Map();
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
  return fake;
}
