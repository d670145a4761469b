import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerWithFault, type HttpFault } from '../../test/fakes/faults';
import { createTestContext, request, type TestContext } from '../../test/harness';
import { oidcEnv } from '../../test/support/oidc-env';

/** A minimal cookie jar for one party of the flow. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(setCookie: string[] | string | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const APP_URL = 'http://localhost:3000';
const accounts: Record<string, { email: string; name: string }> = {
  alice: { email: 'alice@idp.example', name: 'Alice Idp' },
};
/** OIDC_TIMEOUT_SECONDS of the app: short, so a fault that waits for it ends soon. */
const timeoutSeconds = 1;

/** A fault of the provider's HTTP exchange, or an OAuth error answer with a status (and Retry-After). */
type ProviderFault = HttpFault | { status: number; error: string; description: string; retryAfter?: string };

let provider: Server;
let issuer: string;
let ctx: TestContext;
/** The next answer of a provider endpoint (by path: /token, /me), instead of oidc-provider's; used once. */
const faults = new Map<string, ProviderFault>();

function answerFault(response: ServerResponse, fault: ProviderFault) {
  if (typeof fault === 'object') {
    response.writeHead(fault.status, {
      'content-type': 'application/json',
      ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
    });
    response.end(JSON.stringify({ error: fault.error, error_description: fault.description }));
    return;
  }
  answerWithFault(response, fault, {
    answer: { access_token: 'never-issued', token_type: 'Bearer', expires_in: 3600, sub: 'nobody' },
    // What a misrouted call might answer: JSON, but neither tokens nor claims.
    wrongShape: { status: 'ok', data: [] },
  });
}

beforeAll(async () => {
  provider = createServer();
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'keywright',
        client_secret: 'keywright-secret',
        redirect_uris: [`${APP_URL}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => {
      const account = accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: true, name: account.name }),
      };
    },
  });
  const answer = oidc.callback();
  provider.on('request', (request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    const fault = faults.get(path);
    if (!fault) return answer(request, response);
    faults.delete(path);
    answerFault(response, fault);
  });
  ctx = await createTestContext({
    env: {
      APP_URL,
      ...oidcEnv(issuer, timeoutSeconds),
    },
  });
});

afterAll(async () => {
  await ctx?.close();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

/** Follows the identity provider's redirects and fills its login and consent forms. */
async function authorizeAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(APP_URL)) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response.headers.getSetCookie());
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).toString();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`Unexpected page from the provider: ${response.status} ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' && { login, password: 'any' }) });
    const submitted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    jar.store(submitted.headers.getSetCookie());
    url = new URL(submitted.headers.get('location')!, url).toString();
  }
  throw new Error('The provider never redirected back');
}

describe('single sign-on with an OpenID Connect provider', () => {
  it('offers the provider on the sign-in page', async () => {
    const config = await request(ctx, null, { method: 'GET', url: '/api/config' });
    expect(config.json().sso).toEqual({ enabled: true, providerId: 'oidc', label: 'Test IdP' });
  });

  it('signs a new user in through the provider and keeps the session', async () => {
    const appJar = new CookieJar();
    const start = await request(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: APP_URL },
      payload: { provider: 'oidc', callbackURL: '/' },
    });
    expect(start.statusCode).toBe(200);
    appJar.store(start.headers['set-cookie']);
    const { url: authorizationUrl } = start.json() as { url: string };
    expect(authorizationUrl.startsWith(`${issuer}/`)).toBe(true);

    const callback = new URL(await authorizeAtProvider(authorizationUrl, 'alice'));
    expect(callback.pathname).toBe('/api/auth/callback/oidc');

    const finish = await request(ctx, null, {
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: appJar.header() },
    });
    expect(finish.statusCode).toBe(302);
    expect(finish.headers.location).toBe('/');
    appJar.store(finish.headers['set-cookie']);

    const me = await request(ctx, null, { method: 'GET', url: '/api/me', headers: { cookie: appJar.header() } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'alice@idp.example', name: 'Alice Idp' });
  });
});

let clients = 0;

/** Starts a sign-in at the app, and goes through the provider's pages as `login`, up to the callback. */
async function signInUpToCallback(login: string) {
  const appJar = new CookieJar();
  const start = await request(ctx, null, {
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: APP_URL },
    payload: { provider: 'oidc', callbackURL: '/' },
    // better-auth allows 3 social sign-ins per 10 s from one address: each comes from another.
    remoteAddress: `10.0.0.${++clients}`,
  });
  expect(start.statusCode).toBe(200);
  appJar.store(start.headers['set-cookie']);
  const callback = new URL(await authorizeAtProvider((start.json() as { url: string }).url, login));
  return { appJar, callback };
}

async function userCount(email: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ count: number }>(
    'select count(*)::int as count from "user" where email = $1',
    [email],
  );
  return rows[0]!.count;
}

describe('single sign-on when the provider fails', () => {
  const limited = { status: 429, error: 'rate_limited', description: 'Too many requests' };
  const unavailable = { status: 503, error: 'server_error', description: 'Try again later' };
  const providerFaults: Array<[string, ProviderFault]> = [
    ['no answer', 'no-answer'],
    ['headers, then a stalled body', 'stalled-body'],
    ['429 without Retry-After', limited],
    // Not waited for: the person is looking at a redirect, and a code is good for moments.
    ['429 with a Retry-After of a second', { ...limited, retryAfter: '1' }],
    ['503', unavailable],
    ['cut-off JSON', 'truncated-json'],
    ['an HTML page with 200', 'html'],
    ['a proxy’s HTML 502 page', 'html-502'],
    ['JSON of another shape', 'wrong-schema'],
  ];
  const steps = [
    ['the code exchange', '/token', 'invalid_code'],
    ['the user info', '/me', 'unable_to_get_user_info'],
  ] as const;
  const cases = steps.flatMap(([step, path, code]) =>
    providerFaults.map(([name, fault]) => [step, name, path, fault, code] as const),
  );
  let round = 0;

  it.each(cases)(
    '%s meeting %s: sends the person to the error page in time, signed out, with no account made',
    async (_step, _name, path, fault, code) => {
      const login = `fault-${++round}`;
      const email = `${login}@idp.example`;
      accounts[login] = { email, name: `Fault ${round}` };
      const { appJar, callback } = await signInUpToCallback(login);
      faults.set(path, fault);

      const started = performance.now();
      const finish = await request(ctx, null, {
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: appJar.header() },
      });
      const ms = performance.now() - started;

      expect(faults.has(path), 'the fault was met').toBe(false);
      expect(finish.statusCode).toBe(302);
      expect(finish.headers.location).toBe(`${APP_URL}/api/auth/error?error=${code}`);
      expect(ms).toBeLessThan(timeoutSeconds * 1000 + 2000);
      if (fault === 'no-answer' || fault === 'stalled-body')
        expect(ms).toBeGreaterThanOrEqual(timeoutSeconds * 1000 - 10);
      appJar.store(finish.headers['set-cookie']);
      const me = await request(ctx, null, { method: 'GET', url: '/api/me', headers: { cookie: appJar.header() } });
      expect(me.statusCode).toBe(401);
      expect(await userCount(email)).toBe(0);
    },
  );

  it('signs in after a failed attempt: the next try goes through', async () => {
    accounts.retry = { email: 'retry@idp.example', name: 'Retry Idp' };
    const first = await signInUpToCallback('retry');
    faults.set('/token', 'no-answer');
    await request(ctx, null, {
      method: 'GET',
      url: `${first.callback.pathname}${first.callback.search}`,
      headers: { cookie: first.appJar.header() },
    });

    const second = await signInUpToCallback('retry');
    const finish = await request(ctx, null, {
      method: 'GET',
      url: `${second.callback.pathname}${second.callback.search}`,
      headers: { cookie: second.appJar.header() },
    });
    expect(finish.statusCode).toBe(302);
    expect(finish.headers.location).toBe('/');
    expect(await userCount('retry@idp.example')).toBe(1);
  });
});

describe('without OIDC configuration', () => {
  it('does not offer single sign-on', async () => {
    const plain = await createTestContext();
    try {
      const config = await request(plain, null, { method: 'GET', url: '/api/config' });
      expect(config.json().sso.enabled).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
