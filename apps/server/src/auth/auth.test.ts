import { messages } from '@keywright/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signUpUser, type TestUser } from '../../test/factories/users';
import { createTestContext, dataSnapshot, errorBody, request, type TestContext } from '../../test/harness';
import { useTestContext } from '../../test/support/test-context';

const ctx = useTestContext();

const SESSION_COOKIE = 'better-auth.session_token';
const signedOut = errorBody('unauthorized', messages.signInRequired);

/** The `name=value` pair of the session cookie a response sets. */
function sessionCookie(response: LightMyRequestResponse): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return cookie.split(';')[0]!;
}

function bearer(response: LightMyRequestResponse): string {
  const token = response.headers['set-auth-token'];
  if (typeof token !== 'string') throw new Error('no set-auth-token header');
  return `Bearer ${token}`;
}

function me(headers: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url: '/api/me', headers });
}

function signIn(
  target: TestContext,
  email: string,
  password: string,
  extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return target.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    ...extra,
  });
}

describe('sign-up', () => {
  it('creates the account and signs it in, by cookie and by bearer token', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ctx.env.APP_URL },
      payload: { email: 'New.Person@Example.com', name: 'New Person', password: 'a-long-password' },
    });
    expect(response.statusCode).toBe(200);
    const { user } = response.json<{ user: { id: string; email: string; name: string } }>();
    expect(user).toMatchObject({ email: 'new.person@example.com', name: 'New Person' });
    const expected = { id: user.id, email: 'new.person@example.com', name: 'New Person' };

    const byCookie = await me({ cookie: sessionCookie(response) });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toEqual(expected);
    const byToken = await me({ authorization: bearer(response) });
    expect(byToken.json()).toEqual(expected);
  });

  it('refuses an e-mail that already has an account, and writes nothing', async () => {
    const existing = await buildUser(ctx);
    const before = await dataSnapshot(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: existing.email.toUpperCase(), name: 'Impostor', password: 'another-password' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('refuses a password under 8 characters', async () => {
    const before = await dataSnapshot(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'short@example.com', name: 'Short', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});

describe('sign-in', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await buildUser(ctx);
  });

  it('gives a session that works as a cookie and as a bearer token', async () => {
    const response = await signIn(ctx, user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    const expected = { id: user.id, email: user.email, name: user.name };
    expect((await me({ cookie: sessionCookie(response) })).json()).toEqual(expected);
    expect((await me({ authorization: bearer(response) })).json()).toEqual(expected);
  });

  it('refuses a wrong password with 401 and no session', async () => {
    const response = await signIn(ctx, user.email, 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthorized', message: 'Invalid email or password' } });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['set-auth-token']).toBeUndefined();
  });

  it('refuses an unknown e-mail the same way', async () => {
    const wrongPassword = await signIn(ctx, user.email, 'not-the-password');
    const unknown = await signIn(ctx, 'nobody@example.com', 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrongPassword.json());
  });
});

describe('sessions', () => {
  it.each([
    ['a made-up bearer token', { authorization: 'Bearer made-up-token' }],
    ['a made-up signed bearer token', { authorization: 'Bearer made-up.c2lnbmF0dXJl' }],
    ['a made-up cookie', { cookie: `${SESSION_COOKIE}=made-up.c2lnbmF0dXJl` }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 to %s', async (_case, headers) => {
    const response = await me(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(signedOut);
  });

  it('answers 401 to a real token whose signature was tampered with', async () => {
    const user = await signUpUser(ctx);
    const signedIn = await signIn(ctx, user.email, user.password);
    const [token] = bearer(signedIn).slice(7).split('.');
    const forged = `${token}.${Buffer.alloc(32, 7).toString('base64')}`;
    expect((await me({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
    expect((await me({ cookie: `${SESSION_COOKIE}=${encodeURIComponent(forged)}` })).statusCode).toBe(401);
  });

  it('falls back to the session cookie when the bearer token is not valid', async () => {
    const user = await signUpUser(ctx);
    const signedIn = await signIn(ctx, user.email, user.password);
    const response = await me({ authorization: 'Bearer made-up.c2lnbmF0dXJl', cookie: sessionCookie(signedIn) });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(user.email);
  });

  it('slides a day-old session forward and renews its cookie', async () => {
    const user = await signUpUser(ctx);
    const signedIn = await signIn(ctx, user.email, user.password);
    const token = bearer(signedIn).slice(7).split('.')[0]!;
    // Signed in two days ago: five of its seven days are left, so it is due for renewal.
    await ctx.database.pool.query(`update session set expires_at = now() + interval '5 days' where token = $1`, [
      token,
    ]);
    const response = await me({ cookie: sessionCookie(signedIn) });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(user.email);
    expect(sessionCookie(response)).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    const { rows } = await ctx.database.pool.query<{ days: number }>(
      `select extract(epoch from expires_at - now()) / 86400 as days from session where token = $1`,
      [token],
    );
    expect(Number(rows[0]!.days)).toBeGreaterThan(6.9);
  });

  it('answers 401 once the session has expired', async () => {
    const user = await buildUser(ctx);
    expect((await me(user.headers)).statusCode).toBe(200);
    await ctx.database.pool.query(`update session set expires_at = now() - interval '1 minute' where token = $1`, [
      user.token,
    ]);
    const response = await me(user.headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(signedOut);
  });

  it('ends a cookie session on sign-out: neither the cookie nor its token works any more', async () => {
    const user = await buildUser(ctx);
    const signedIn = await signIn(ctx, user.email, user.password);
    const cookie = sessionCookie(signedIn);
    const token = bearer(signedIn);
    expect((await me({ cookie })).statusCode).toBe(200);

    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: ctx.env.APP_URL },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect(signOut.json()).toEqual({ success: true });
    for (const headers of [{ cookie }, { authorization: token }] as Record<string, string>[]) {
      const response = await me(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(signedOut);
    }
    // The account's other session lives on.
    expect((await me(user.headers)).statusCode).toBe(200);
  });

  it('ends a bearer session on sign-out', async () => {
    const user = await signUpUser(ctx);
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: user.headers,
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    const response = await request(ctx, user, { method: 'GET', url: '/api/projects' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(signedOut);
  });
});

describe('sign-in rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ authRateLimits: { signInPerMinute: 3, signUpPerMinute: 100 } });
  });
  afterAll(() => limited.close());

  it('answers 429 to the 4th attempt in a minute from one address, not to another address', async () => {
    const user = await buildUser(limited);
    const address = '203.0.113.7';
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await signIn(limited, user.email, 'wrong-password', { remoteAddress: address });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const fourth = await signIn(limited, user.email, 'wrong-password', { remoteAddress: address });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ error: { code: 'rate_limited', message: messages.tooManyRequests } });
    expect(Number(fourth.headers['x-retry-after'])).toBeGreaterThan(0);

    // Even the right password waits, and headers a client can set do not change its address.
    const spoofs: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '198.51.100.1' },
      { 'x-real-ip': '198.51.100.2' },
      { 'x-keywright-client-ip': '198.51.100.3' },
    ];
    for (const headers of spoofs) {
      const response = await signIn(limited, user.email, user.password, { remoteAddress: address, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(429);
      expect(response.headers['set-cookie']).toBeUndefined();
    }

    const elsewhere = await signIn(limited, user.email, user.password, { remoteAddress: '198.51.100.20' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['set-auth-token']).toEqual(expect.any(String));
  });
});
