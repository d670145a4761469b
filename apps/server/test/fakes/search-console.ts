import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { answerWithFault, type HttpFault } from './faults';

/**
 * A loopback stand-in for the Search Console API (webmasters v3) calls Keywright makes: sites.list
 * and searchAnalytics.query with `rowLimit`/`startRow` paging; and for Google's OAuth 2.0 web
 * server flow as Search Console's consent uses it (consent page, token endpoint answering an
 * `id_token` with the account's e-mail, refresh, revoke). Each account sees its own
 * properties; a property's rows are generated from their index, so 100,000 of them cost nothing
 * until a page is asked for. Access tokens are the fake's own (`issueAccessToken`), or whatever
 * `resolveToken` accepts, so an OAuth fake's tokens can be honoured. Records every request.
 * Test code only.
 */

export type FakeSearchConsoleEndpoint = 'sites' | 'query' | 'token' | 'revoke';

/** One scripted failure of the next call of an endpoint. */
export type FakeSearchConsoleFailure =
  /** Google's error body with this status; `retryAfter` (seconds) adds the header. */
  | { status: number; message: string; reason?: string; retryAfter?: number }
  /** A fault of the HTTP exchange itself (see faults.ts). */
  | { fault: HttpFault }
  /** The answer, late by this many ms. */
  | { delayMs: number }
  /** 200 with this JSON instead of the answer (a shape the faults do not cover). */
  | { answer: unknown };

export interface FakeSearchConsoleProperty {
  siteUrl: string;
  permissionLevel: 'siteOwner' | 'siteFullUser' | 'siteRestrictedUser' | 'siteUnverifiedUser';
  /** How many query rows the property has (generated: see `fakeSearchConsoleRow`). */
  rowCount: number;
}

export interface FakeSearchConsoleRequest {
  endpoint: FakeSearchConsoleEndpoint;
  method: string;
  path: string;
  /** The JSON body of a query call, or the form of a token or revoke call. */
  body: Record<string, unknown> | null;
  /** The account of the bearer token, when it was valid. */
  account: string | null;
  status: number;
}

export interface FakeSearchConsole {
  origin: string;
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /**
   * The variables a Keywright server needs to use this fake for Search Console, its OAuth client
   * included (add APP_URL yourself).
   */
  env: Record<string, string>;
  /** The account the next consent grants; default 'default'. */
  consentAs: string;
  /** When set, the consent page sends the person back with `error=<this>` (e.g. access_denied). */
  consentError: string | null;
  /** The e-mail an account's ID token carries (default `<account>@greenleaf.example`); null: no id_token at all. */
  emails: Map<string, string | null>;
  /** The scope the token endpoint says it granted. */
  grantedScope: string;
  /** Every grant is revoked at Google: refreshes answer invalid_grant and their access tokens 401. */
  revokeAll(): void;
  isRevoked(refreshToken: string): boolean;
  /** Refresh tokens issued, oldest first. */
  refreshTokens(): string[];
  requests: FakeSearchConsoleRequest[];
  /** When set, decides a bearer token's account (null: refused) instead of the fake's own tokens. */
  resolveToken: ((token: string) => string | null) | null;
  /** A valid access token of `account` (default 'default'). */
  issueAccessToken(account?: string): string;
  /** Every access token issued so far is expired: the next call with one answers 401. */
  expireAccessTokens(): void;
  /** Adds (or replaces) a property of `account`; rowCount defaults to 0. */
  addProperty(
    property: Partial<FakeSearchConsoleProperty> & { siteUrl: string },
    account?: string,
  ): FakeSearchConsoleProperty;
  properties(account?: string): FakeSearchConsoleProperty[];
  fail(endpoint: FakeSearchConsoleEndpoint, ...failures: FakeSearchConsoleFailure[]): void;
  reset(): void;
  close(): Promise<void>;
}

/** The properties a fresh fake's default account holds: one of each kind, and one it may not read. */
function defaultProperties(): FakeSearchConsoleProperty[] {
  return [
    { siteUrl: 'https://greenleaf.example/', permissionLevel: 'siteOwner', rowCount: 120 },
    { siteUrl: 'sc-domain:greenleaf.example', permissionLevel: 'siteFullUser', rowCount: 120 },
    { siteUrl: 'https://unverified.example/', permissionLevel: 'siteUnverifiedUser', rowCount: 10 },
  ];
}

/** The page a domain property's rows show on, or the prefix property's own URL. */
function pageRoot(siteUrl: string): string {
  return siteUrl.startsWith('sc-domain:') ? `https://www.${siteUrl.slice('sc-domain:'.length)}/` : siteUrl;
}

/**
 * Row `index` of a property, in Google's order (clicks, most first): the same every time, so tests
 * can predict any row without the fake holding them.
 */
export function fakeSearchConsoleRow(siteUrl: string, index: number, rowCount: number) {
  const impressions = (rowCount - index) * 10 + 5;
  const clicks = Math.floor((rowCount - index) / 2);
  return {
    query: `green leaf query ${index}`,
    page: `${pageRoot(siteUrl)}page-${index % 97}`,
    clicks,
    impressions,
    ctr: clicks / impressions,
    position: 1 + (index % 400) / 10,
  };
}

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
    error: { code, message, errors: [{ message, domain: 'global', reason }], status: statuses[code] ?? 'UNKNOWN' },
  };
}

interface Grant {
  account: string;
  refreshToken: string;
  revoked: boolean;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

const date = /^\d{4}-\d{2}-\d{2}$/;
const dimensionNames = new Set(['query', 'page', 'country', 'device', 'date', 'searchAppearance']);

export async function startFakeSearchConsole(): Promise<FakeSearchConsole> {
  let accounts = new Map<string, FakeSearchConsoleProperty[]>([['default', defaultProperties()]]);
  let accessTokens = new Map<string, { account: string; expired: boolean; grant?: Grant }>();
  let codes = new Map<string, { account: string; redirectUri: string }>();
  let grants = new Map<string, Grant>(); // by refresh token
  const clientId = 'fake-search-console-client.apps.googleusercontent.com';
  const clientSecret = 'fake-search-console-secret';
  let failures = new Map<FakeSearchConsoleEndpoint, FakeSearchConsoleFailure[]>();
  let counter = 0; // never reset, so a token of an earlier test is never valid again
  const sockets = new Set<Socket>();

  const propertiesOf = (account: string) => {
    let properties = accounts.get(account);
    if (!properties) accounts.set(account, (properties = []));
    return properties;
  };

  const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  };

  function queryAnswer(account: string, siteUrl: string, body: Record<string, unknown> | null) {
    const property = propertiesOf(account).find((candidate) => candidate.siteUrl === siteUrl);
    if (!property || property.permissionLevel === 'siteUnverifiedUser') {
      const message = `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`;
      return { status: 403, body: googleError(403, message, 'forbidden') };
    }
    const { startDate, endDate, dimensions = [], rowLimit = 1000, startRow = 0 } = body ?? {};
    const valid =
      typeof startDate === 'string' &&
      date.test(startDate) &&
      typeof endDate === 'string' &&
      date.test(endDate) &&
      startDate <= endDate &&
      Array.isArray(dimensions) &&
      dimensions.every((name) => typeof name === 'string' && dimensionNames.has(name)) &&
      Number.isInteger(rowLimit) &&
      (rowLimit as number) >= 1 &&
      (rowLimit as number) <= 25_000 &&
      Number.isInteger(startRow) &&
      (startRow as number) >= 0;
    if (!valid) return { status: 400, body: googleError(400, 'Request contains an invalid argument.', 'invalid') };
    const from = startRow as number;
    const to = Math.min(property.rowCount, from + (rowLimit as number));
    const rows = [];
    for (let index = from; index < to; index++) {
      const row = fakeSearchConsoleRow(siteUrl, index, property.rowCount);
      const keys = (dimensions as string[]).map((name) =>
        name === 'page' ? row.page : name === 'query' ? row.query : '',
      );
      rows.push({ keys, clicks: row.clicks, impressions: row.impressions, ctr: row.ctr, position: row.position });
    }
    // As Google: no `rows` at all when none match.
    return {
      status: 200,
      body: rows.length ? { rows, responseAggregationType: 'byProperty' } : { responseAggregationType: 'byProperty' },
    };
  }

  const newToken = (prefix: string) => `${prefix}${++counter}.${randomBytes(12).toString('base64url')}`;

  function grantAccessToken(grant: Grant) {
    const token = newToken('ya29.fake-sc');
    accessTokens.set(token, { account: grant.account, expired: false, grant });
    return token;
  }

  /** An ID token as Google's token endpoint answers it (unsigned here: Keywright only reads its payload). */
  function idToken(account: string): string | undefined {
    const email = fake.emails.has(account) ? fake.emails.get(account) : `${account}@greenleaf.example`;
    if (email === null || email === undefined) return undefined;
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      iss: 'https://accounts.google.com',
      aud: clientId,
      sub: `sub-${account}`,
      email,
      email_verified: true,
      iat: now,
      exp: now + 3600,
    };
    return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
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
      const grant: Grant = { account: issued.account, refreshToken: newToken('1//fake-sc-refresh'), revoked: false };
      grants.set(grant.refreshToken, grant);
      const id = idToken(grant.account);
      return {
        status: 200,
        body: {
          access_token: grantAccessToken(grant),
          expires_in: 3599,
          refresh_token: grant.refreshToken,
          scope: fake.grantedScope,
          token_type: 'Bearer',
          ...(id && { id_token: id }),
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
          access_token: grantAccessToken(grant),
          expires_in: 3599,
          scope: fake.grantedScope,
          token_type: 'Bearer',
        },
      };
    }
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' } };
  }

  function handleRevoke(form: Record<string, string>): { status: number; body: unknown } {
    const token = form.token ?? '';
    const grant = grants.get(token) ?? accessTokens.get(token)?.grant;
    if (!grant || grant.revoked) {
      return { status: 400, body: { error: 'invalid_token', error_description: 'Token expired or revoked' } };
    }
    grant.revoked = true;
    return { status: 200, body: {} };
  }

  function respond(
    request: IncomingMessage,
    response: ServerResponse,
    endpoint: FakeSearchConsoleEndpoint,
    record: Omit<FakeSearchConsoleRequest, 'status' | 'endpoint'>,
    answer: () => { status: number; body: unknown },
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
      const wrongShape = endpoint === 'sites' ? { siteEntry: 'none' } : { rows: [{ keys: 'q', clicks: '1' }] };
      return answerWithFault(response, failure.fault, { answer: answer().body, wrongShape });
    }
    if (failure && 'answer' in failure) {
      push(200);
      return sendJson(response, 200, failure.answer);
    }
    if (failure && 'status' in failure) {
      push(failure.status);
      const headers: Record<string, string> =
        failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
      const body =
        endpoint === 'token' || endpoint === 'revoke'
          ? { error: failure.reason ?? 'server_error', error_description: failure.message }
          : googleError(failure.status, failure.message, failure.reason);
      return sendJson(response, failure.status, body, headers);
    }
    const send = () => {
      const { status, body } = answer();
      push(status);
      sendJson(response, status, body);
    };
    if (failure && 'delayMs' in failure) {
      const timer = setTimeout(send, failure.delayMs);
      request.socket.once('close', () => clearTimeout(timer));
    } else {
      send();
    }
  }

  function accountOf(request: IncomingMessage): string | null {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    if (fake.resolveToken) return fake.resolveToken(token);
    const access = accessTokens.get(token);
    return access && !access.expired && !access.grant?.revoked ? access.account : null;
  }

  function handle(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      // The consent page, consenting at once: back to the redirect URI with a code (or the error set).
      const query = Object.fromEntries(url.searchParams);
      let redirect: URL | null = null;
      try {
        redirect = new URL(query.redirect_uri ?? '');
      } catch {
        redirect = null;
      }
      if (!redirect || query.client_id !== clientId || query.response_type !== 'code') {
        return sendJson(response, 400, { error: 'invalid_request' });
      }
      if (fake.consentError) redirect.searchParams.set('error', fake.consentError);
      else {
        const code = newToken('4/fake-sc-code');
        codes.set(code, { account: fake.consentAs, redirectUri: query.redirect_uri! });
        redirect.searchParams.set('code', code);
      }
      if (query.state) redirect.searchParams.set('state', query.state);
      response.writeHead(302, { location: redirect.toString() });
      return response.end();
    }
    if (request.method === 'POST' && (url.pathname === '/token' || url.pathname === '/revoke')) {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const endpoint = url.pathname === '/token' ? 'token' : 'revoke';
      const record = { method: 'POST', path: url.pathname, body: form, account: null };
      return respond(request, response, endpoint, record, () =>
        endpoint === 'token' ? handleToken(form) : handleRevoke(form),
      );
    }
    const sites = request.method === 'GET' && url.pathname === '/webmasters/v3/sites';
    // The site URL is one encoded path segment: `https%3A%2F%2Fexample.com%2F` or `sc-domain%3Aexample.com`.
    const query =
      request.method === 'POST'
        ? /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(url.pathname)
        : null;
    if (!sites && !query) {
      return sendJson(
        response,
        404,
        googleError(404, `The requested URL ${url.pathname} was not found on this server.`),
      );
    }
    const endpoint: FakeSearchConsoleEndpoint = sites ? 'sites' : 'query';
    let body: Record<string, unknown> | null = null;
    if (query) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        body = null;
      }
    }
    const base = { method: request.method ?? 'GET', path: url.pathname, body, account: null };
    const account = accountOf(request);
    if (!account) {
      fake.requests.push({ ...base, endpoint, status: 401 });
      const message = 'Request had invalid authentication credentials. Expected OAuth 2 access token.';
      return sendJson(response, 401, googleError(401, message, 'authError'));
    }
    const record = { ...base, account };
    if (sites) {
      return respond(request, response, endpoint, record, () => {
        const entries = propertiesOf(account).map(({ siteUrl, permissionLevel }) => ({ siteUrl, permissionLevel }));
        return { status: 200, body: entries.length ? { siteEntry: entries } : {} };
      });
    }
    const siteUrl = decodeURIComponent(query![1]!);
    respond(request, response, endpoint, record, () => queryAnswer(account, siteUrl, body));
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

  const fake: FakeSearchConsole = {
    origin,
    apiBaseUrl: origin,
    clientId,
    clientSecret,
    authorizeUrl: `${origin}/o/oauth2/v2/auth`,
    tokenUrl: `${origin}/token`,
    revokeUrl: `${origin}/revoke`,
    env: {
      GOOGLE_SEARCH_CONSOLE_API_BASE_URL: origin,
      GOOGLE_OAUTH_CLIENT_ID: clientId,
      GOOGLE_OAUTH_CLIENT_SECRET: clientSecret,
      GOOGLE_OAUTH_AUTHORIZE_URL: `${origin}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${origin}/token`,
      GOOGLE_OAUTH_REVOKE_URL: `${origin}/revoke`,
    },
    consentAs: 'default',
    consentError: null,
    emails: new Map(),
    grantedScope:
      'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/webmasters.readonly',
    revokeAll() {
      for (const grant of grants.values()) grant.revoked = true;
    },
    isRevoked: (refreshToken) => grants.get(refreshToken)?.revoked ?? false,
    refreshTokens: () => [...grants.keys()],
    requests: [],
    resolveToken: null,
    issueAccessToken(account = 'default') {
      const token = `ya29.fake-sc${++counter}.${randomBytes(12).toString('base64url')}`;
      accessTokens.set(token, { account, expired: false });
      return token;
    },
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.expired = true;
    },
    addProperty(property, account = 'default') {
      const added: FakeSearchConsoleProperty = {
        siteUrl: property.siteUrl,
        permissionLevel: property.permissionLevel ?? 'siteOwner',
        rowCount: property.rowCount ?? 0,
      };
      const properties = propertiesOf(account);
      const at = properties.findIndex((candidate) => candidate.siteUrl === added.siteUrl);
      if (at === -1) properties.push(added);
      else properties[at] = added;
      return added;
    },
    properties: (account = 'default') => propertiesOf(account),
    fail(endpoint, ...next) {
      failures.set(endpoint, [...(failures.get(endpoint) ?? []), ...next]);
    },
    reset() {
      fake.requests.length = 0;
      fake.resolveToken = null;
      accounts = new Map([['default', defaultProperties()]]);
      accessTokens = new Map();
      failures = new Map();
      codes = new Map();
      grants = new Map();
      fake.consentAs = 'default';
      fake.consentError = null;
      fake.emails = new Map();
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
