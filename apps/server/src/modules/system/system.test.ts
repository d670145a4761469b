import { messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { buildProject } from '../../../test/factories/projects';
import { buildUser } from '../../../test/factories/users';
import { createTestContext, dataSnapshot, errorBody, request, type TestContext } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';

const ctx = useTestContext();

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

describe('GET /api/config: where keyword figures come from', () => {
  it('names the offline estimate on a server without Google Ads, to anyone, signed in or not', async () => {
    for (const as of [null, await buildUser(ctx)]) {
      const config = await request(ctx, as, { method: 'GET', url: '/api/config' });
      expect(config.statusCode).toBe(200);
      expect(config.json()).toMatchObject({ metricsSource: 'estimate' });
    }
  });

  it('names Google Ads once its account is configured, and nothing when metrics are off', async () => {
    const googleAds = await createTestContext({
      env: {
        GOOGLE_ADS_CUSTOMER_ID: '1234567890',
        GOOGLE_ADS_CLIENT_ID: 'client-id',
        GOOGLE_ADS_CLIENT_SECRET: 'client-secret',
        GOOGLE_ADS_REFRESH_TOKEN: 'refresh-token',
        GOOGLE_ADS_DEVELOPER_TOKEN: 'developer-token',
      },
    });
    const off = await createTestContext({ env: { METRICS_PROVIDER: 'none' } });
    try {
      const answer = async (context: TestContext) =>
        (await request(context, null, { method: 'GET', url: '/api/config' })).json();
      expect(await answer(googleAds)).toMatchObject({ metricsSource: 'google-ads' });
      expect(await answer(off)).toMatchObject({ metricsSource: null });
    } finally {
      await googleAds.close();
      await off.close();
    }
  });
});

describe('errors', () => {
  it('answers an unknown path with 404 in the error body, signed in or not', async () => {
    const user = await buildUser(ctx);
    for (const as of [user, null]) {
      const response = await request(ctx, as, { method: 'GET', url: '/api/no-such-call' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('not_found', messages.notFound));
    }
  });

  it('answers a path that cannot be decoded with 400 in the error body', async () => {
    for (const as of [await buildUser(ctx), null]) {
      const response = await request(ctx, as, { method: 'GET', url: '/api/projects/%E0%A4%A' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorBody('validation_error', messages.invalidRequest));
    }
  });

  it('answers a body over 1 MB with 413 and writes nothing', async () => {
    const owner = await buildUser(ctx);
    const before = await dataSnapshot(ctx);
    const response = await request(ctx, owner, {
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'Big', description: 'x'.repeat(1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(errorBody('payload_too_large', 'Request body is too large'));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('answers a body it cannot read with 415 and writes nothing', async () => {
    const owner = await buildUser(ctx);
    const before = await dataSnapshot(ctx);
    const response = await request(ctx, owner, {
      method: 'POST',
      url: '/api/projects',
      headers: { 'content-type': 'application/xml' },
      payload: '<project><name>Plain</name></project>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('hides what went wrong inside behind a plain 500', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    // Break the database under the app for one call.
    await ctx.database.pool.query('alter table keywords rename to keywords_hidden_away');
    try {
      const response = await request(ctx, owner, { method: 'GET', url: `/api/projects/${project.id}/keywords` });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual(errorBody('internal', messages.internalError));
      expect(response.body).not.toMatch(/keywords|relation|select|stack/i);
    } finally {
      await ctx.database.pool.query('alter table keywords_hidden_away rename to keywords');
    }
    const healed = await request(ctx, owner, { method: 'GET', url: `/api/projects/${project.id}/keywords` });
    expect(healed.statusCode).toBe(200);
  });
});
