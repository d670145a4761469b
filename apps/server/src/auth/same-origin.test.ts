import { endpoints, messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories/users';
import { errorBody, sessionCookieOf } from '../../test/harness';
import { useTestContext } from '../../test/support/test-context';

// Issue 28: a change authorised by the session cookie is the app's own page's, or refused.
const ctx = useTestContext();

async function createProject(headers: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: endpoints.createProject.path,
    headers,
    payload: { name: 'Roastery', description: 'Coffee beans roasted in small batches' },
  });
}

describe('a change from another site', () => {
  it("is refused with the session cookie, from another site's page or a sibling subdomain", async () => {
    const owner = await buildUser(ctx);
    const cookie = await sessionCookieOf(ctx, owner);
    for (const origin of ['http://evil.example', 'http://app.localhost:3000', 'null']) {
      const response = await createProject({ cookie, origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual(errorBody('forbidden', messages.crossSiteRequest));
    }
    const list = await ctx.app.inject({ method: 'GET', url: endpoints.listProjects.path, headers: { cookie } });
    expect(list.json()).toEqual([]);
  });

  it("is made from the app's own page, by a client that names no page, and with a bearer token", async () => {
    const owner = await buildUser(ctx);
    const cookie = await sessionCookieOf(ctx, owner);
    expect((await createProject({ cookie, origin: ctx.env.APP_URL })).statusCode).toBe(201);
    expect((await createProject({ cookie, referer: `${ctx.env.APP_URL}/projects` })).statusCode).toBe(201);
    expect((await createProject({ cookie })).statusCode).toBe(201);
    expect((await createProject({ ...owner.headers, origin: 'http://evil.example' })).statusCode).toBe(201);
  });

  it('reads as before: a GET from another site is no change', async () => {
    const owner = await buildUser(ctx);
    const cookie = await sessionCookieOf(ctx, owner);
    const response = await ctx.app.inject({
      method: 'GET',
      url: endpoints.listProjects.path,
      headers: { cookie, origin: 'http://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});
