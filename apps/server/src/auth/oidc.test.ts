import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, request, type TestContext } from '../../test/harness';

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

let provider: Server;
let issuer: string;
let ctx: TestContext;

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
  provider.on('request', oidc.callback());
  ctx = await createTestContext({
    env: {
      APP_URL,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'keywright',
      OIDC_CLIENT_SECRET: 'keywright-secret',
      OIDC_PROVIDER_NAME: 'Test IdP',
    },
  });
});

afterAll(async () => {
  await ctx?.close();
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
