import { messages } from '@keywright/contract';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerWithFault, type HttpFault } from '../../test/fakes/faults';
import { UpstreamError } from '../lib/http-client';
import { createOidcClient } from './oidc-client';

/**
 * The provider's discovery, token and user info endpoints as a small loopback fake, answering
 * faults on demand; oidc.test.ts runs the whole sign-in against a real OpenID provider.
 */
type Fault = HttpFault | { status: number; body: unknown; retryAfter?: string; location?: string };

let server: Server;
let issuer: string;
const faults: Record<'discovery' | 'token' | 'userinfo', Fault[]> = { discovery: [], token: [], userinfo: [] };
const received: Array<{ path: string; headers: IncomingMessage['headers']; body: string }> = [];

const tokenAnswer = { access_token: 'at-1', token_type: 'Bearer', expires_in: 3600, id_token: 'not.a.jwt' };
const userInfo = { sub: 'alice', email: 'alice@idp.example', email_verified: true, name: 'Alice Idp' };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body });
      const endpoint =
        path === '/.well-known/openid-configuration' ? 'discovery' : path === '/token' ? 'token' : 'userinfo';
      const answer =
        endpoint === 'discovery'
          ? { issuer, token_endpoint: `${issuer}/token`, userinfo_endpoint: `${issuer}/me` }
          : endpoint === 'token'
            ? tokenAnswer
            : userInfo;
      const fault = faults[endpoint].shift();
      if (typeof fault === 'string') return answerWithFault(response, fault, { answer, wrongShape: { ok: true } });
      const status = fault?.status ?? 200;
      response.writeHead(status, {
        'content-type': 'application/json',
        ...(fault?.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
        ...(fault?.location ? { location: fault.location } : {}),
      });
      response.end(JSON.stringify(fault ? fault.body : answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  faults.discovery = [];
  faults.token = [];
  faults.userinfo = [];
});

const service = 'The sign-in provider';
const timeoutMs = 200;

function client(logged: Array<[unknown, string]> = []) {
  return createOidcClient({
    issuer,
    clientId: 'keywright',
    clientSecret: 'keywright-secret',
    http: { timeoutMs },
    log: (error, message) => logged.push([error, message]),
  });
}

const exchange = {
  code: 'code-1',
  codeVerifier: 'verifier-1',
  redirectURI: 'http://localhost:3000/api/auth/callback/oidc',
};

/** The UpstreamError of `call` and how long it took to come. */
async function timedFailure(call: () => Promise<unknown>) {
  const started = performance.now();
  const error = await call().then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return { message: (error as UpstreamError).message, ms: performance.now() - started };
}

describe('OIDC code exchange', () => {
  it('posts the code, the PKCE verifier and the client credentials as a form, and reads the tokens', async () => {
    const tokens = await client().getToken(exchange);
    expect(tokens).toMatchObject({ accessToken: 'at-1', tokenType: 'Bearer', idToken: 'not.a.jwt' });
    const sent = received.find((request) => request.path === '/token')!;
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      code_verifier: 'verifier-1',
      redirect_uri: exchange.redirectURI,
      client_id: 'keywright',
      client_secret: 'keywright-secret',
    });
  });

  it.each([
    ['no answer', 'no-answer' as const],
    ['headers, then a stalled body', 'stalled-body' as const],
  ])('%s: says the provider did not answer in time, after one time-out', async (_name, fault) => {
    faults.token.push(fault);
    const { message, ms } = await timedFailure(() => client().getToken(exchange));
    expect(message).toBe(messages.upstreamTimedOut(service));
    expect(ms).toBeGreaterThanOrEqual(timeoutMs - 10);
    expect(ms).toBeLessThan(timeoutMs + 1000);
  });

  const limited = { error: 'rate_limited', error_description: 'Too many requests' };
  it.each([
    ['429 without Retry-After', { status: 429, body: limited }, 'Too many requests (rate_limited)'],
    ['429 with Retry-After', { status: 429, body: limited, retryAfter: '1' }, 'Too many requests (rate_limited)'],
    ['503', { status: 503, body: { error: 'server_error' } }, 'server_error'],
    ['a proxy’s HTML 502 page', 'html-502' as const, 'HTTP 502'],
    ['a redirect, not followed', { status: 302, body: {}, location: 'http://127.0.0.1:1/token' }, 'HTTP 302'],
  ])('%s: reports the provider’s error at once, without sending the code again', async (_name, fault, detail) => {
    faults.token.push(fault);
    const { message, ms } = await timedFailure(() => client().getToken(exchange));
    expect(message).toBe(messages.upstreamFailed(service, detail));
    expect(ms).toBeLessThan(1000);
    expect(received.filter((request) => request.path === '/token')).toHaveLength(1);
  });

  it.each([
    ['cut-off JSON', 'truncated-json' as const],
    ['an HTML page with 200', 'html' as const],
    ['JSON of another shape', 'wrong-schema' as const],
  ])('%s: says the answer could not be read, at once', async (_name, fault) => {
    faults.token.push(fault);
    const { message, ms } = await timedFailure(() => client().getToken(exchange));
    expect(message).toBe(messages.upstreamUnreadable(service));
    expect(ms).toBeLessThan(1000);
  });

  it('a discovery document that cannot be read fails the exchange, and is read again next time', async () => {
    const oidc = client();
    faults.discovery.push('html');
    const { message } = await timedFailure(() => oidc.getToken(exchange));
    expect(message).toBe(messages.upstreamUnreadable(service));
    expect((await oidc.getToken(exchange)).accessToken).toBe('at-1');
    expect(received.filter((request) => request.path.startsWith('/.well-known'))).toHaveLength(2);
  });
});

describe('OIDC user info', () => {
  const tokens = { accessToken: 'at-1', idToken: 'not.a.jwt' };

  it('asks the user info endpoint with the access token when the ID token does not name the person', async () => {
    const info = await client().getUserInfo(tokens);
    expect(info).toMatchObject({ sub: 'alice', email: 'alice@idp.example', emailVerified: true, name: 'Alice Idp' });
    expect(received.find((request) => request.path === '/me')!.headers.authorization).toBe('Bearer at-1');
  });

  it('takes the person from an ID token that names them, without a call', async () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'bob', email: 'bob@idp.example' })).toString('base64url');
    const info = await client().getUserInfo({ accessToken: 'at-1', idToken: `e30.${payload}.sig` });
    expect(info).toMatchObject({ id: 'bob', email: 'bob@idp.example', emailVerified: false });
    expect(received.filter((request) => request.path === '/me')).toHaveLength(0);
  });

  it.each([
    ['no answer', 'no-answer' as const, messages.upstreamTimedOut(service)],
    ['headers, then a stalled body', 'stalled-body' as const, messages.upstreamTimedOut(service)],
    [
      '429',
      { status: 429, body: { error: 'rate_limited' }, retryAfter: '1' },
      messages.upstreamFailed(service, 'rate_limited'),
    ],
    ['503', { status: 503, body: {} }, messages.upstreamFailed(service, 'HTTP 503')],
    ['cut-off JSON', 'truncated-json' as const, messages.upstreamUnreadable(service)],
    ['an HTML page with 200', 'html' as const, messages.upstreamUnreadable(service)],
    [
      'claims without a subject',
      { status: 200, body: { email: 'mallory@idp.example' } },
      messages.upstreamUnreadable(service),
    ],
  ])('%s: answers no person, in time, and logs why', async (_name, fault, message) => {
    const logged: Array<[unknown, string]> = [];
    faults.userinfo.push(fault);
    const started = performance.now();
    expect(await client(logged).getUserInfo(tokens)).toBeNull();
    expect(performance.now() - started).toBeLessThan(timeoutMs + 1000);
    expect(logged).toHaveLength(1);
    expect((logged[0]![0] as Error).message).toBe(message);
  });
});
