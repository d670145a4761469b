import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories/users';
import { createTestContext, request, type TestContext } from '../../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('system calls', () => {
  it('answers health and readiness without a session', async () => {
    expect((await request(ctx, null, { method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await request(ctx, null, { method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('tells who is signed in, and 401 when nobody is', async () => {
    const user = await buildUser(ctx);
    const me = await request(ctx, user, { method: 'GET', url: '/api/me' });
    expect(me.json()).toEqual({ id: user.id, email: user.email, name: user.name });
    const signedOut = await request(ctx, null, { method: 'GET', url: '/api/me' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } });
  });
});
