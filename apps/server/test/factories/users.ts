import { randomBytes } from 'node:crypto';
import type { TestContext } from '../harness';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

/** Signs a new user up through the real auth endpoint and returns a bearer token. */
export async function buildUser(ctx: TestContext, overrides: Partial<{ email: string; name: string; password: string }> = {}): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const email = overrides.email ?? `user-${suffix}@example.com`;
  const name = overrides.name ?? `User ${suffix}`;
  const password = overrides.password ?? 'correct-horse-battery';
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ctx.env.APP_URL },
    payload: { email, name, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const token = response.headers['set-auth-token'];
  if (typeof token !== 'string') throw new Error('sign-up gave no bearer token');
  const body = response.json() as { user: { id: string } };
  return { id: body.user.id, email, name, password, token, headers: { authorization: `Bearer ${token}` } };
}
