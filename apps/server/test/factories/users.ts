import { hashPassword } from 'better-auth/crypto';
import { randomBytes } from 'node:crypto';
import { account, session, user } from '../../src/db/schema';
import type { TestContext } from '../harness';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

type UserFields = Partial<{ email: string; name: string; password: string }>;

const DEFAULT_PASSWORD = 'correct-horse-battery';
const SESSION_MS = 7 * 24 * 60 * 60 * 1000;
let defaultPasswordHash: Promise<string> | undefined;

const randomId = () => randomBytes(16).toString('hex');

function fields(overrides: UserFields) {
  const suffix = randomBytes(6).toString('hex');
  return {
    email: overrides.email ?? `user-${suffix}@example.com`,
    name: overrides.name ?? `User ${suffix}`,
    password: overrides.password ?? DEFAULT_PASSWORD,
  };
}

/**
 * A user with a password account and a live session, written straight to
 * the database as better-auth would: a real sign-up hashes the password with
 * scrypt, too slow to repeat for every test user. auth.test.ts covers the real
 * sign-up; the session works like any other (an unsigned bearer token is
 * signed by the bearer plugin).
 */
export async function buildUser(ctx: TestContext, overrides: UserFields = {}): Promise<TestUser> {
  const { email, name, password } = fields(overrides);
  const passwordHash =
    password === DEFAULT_PASSWORD
      ? await (defaultPasswordHash ??= hashPassword(DEFAULT_PASSWORD))
      : await hashPassword(password);
  const id = randomId();
  const token = randomId();
  await ctx.database.db.transaction(async (tx) => {
    await tx.insert(user).values({ id, email: email.toLowerCase(), name });
    await tx
      .insert(account)
      .values({ id: randomId(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
    await tx
      .insert(session)
      .values({ id: randomId(), token, userId: id, expiresAt: new Date(Date.now() + SESSION_MS) });
  });
  return { id, email: email.toLowerCase(), name, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** Signs a new user up through the real auth endpoint and returns its bearer token. */
export async function signUpUser(ctx: TestContext, overrides: UserFields = {}): Promise<TestUser> {
  const { email, name, password } = fields(overrides);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ctx.env.APP_URL },
    payload: { email, name, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const token = response.headers['set-auth-token'];
  if (typeof token !== 'string') throw new Error('sign-up gave no bearer token');
  const body = response.json() as { user: { id: string; email: string } };
  return {
    id: body.user.id,
    email: body.user.email,
    name,
    password,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}
