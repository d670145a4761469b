import type { Project } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { addToTeam } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { request } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';

const ctx = useTestContext();

async function list(as: TestUser, etag?: string) {
  return request(ctx, as, { method: 'GET', url: '/api/projects', headers: etag ? { 'if-none-match': etag } : {} });
}

describe('the projects list as browsers revalidate it', () => {
  it('answers 304 to an unchanged list and the new list after any change', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner, name: 'First' });
    const first = await list(owner);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const unchanged = await list(owner, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    await buildKeyword(ctx, { as: owner, projectId: project.id });
    const changed = await list(owner, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as Project[])[0]!.keywords_count).toBe(1);
  });

  it("shows an owner's new e-mail address to their team", async () => {
    const owner = await buildUser(ctx);
    const member = await buildUser(ctx);
    await buildProject(ctx, { owner, name: 'Shared' });
    await addToTeam(ctx, owner, member);
    const first = await list(member);
    expect((first.json() as Project[])[0]!.owner_email).toBe(owner.email);

    const renamed = `renamed-${owner.email}`;
    await ctx.database.pool.query('update "user" set email = $1 where id = $2', [renamed, owner.id]);
    const after = await list(member, first.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect((after.json() as Project[])[0]!.owner_email).toBe(renamed);
  });

  it('shows every change to the same caller: edits, keyword counts, sharing, leaving, deleting', async () => {
    const owner = await buildUser(ctx);
    const member = await buildUser(ctx);
    const mine = await buildProject(ctx, { owner: member, name: 'Mine' });
    const names = async () =>
      ((await list(member)).json() as Project[]).map((project) => `${project.name}:${project.keywords_count}`);
    expect(await names()).toEqual(['Mine:0']);

    const theirs = await buildProject(ctx, { owner, name: 'Theirs' });
    await addToTeam(ctx, owner, member);
    expect(await names()).toEqual(['Theirs:0', 'Mine:0']);

    await request(ctx, member, {
      method: 'PUT',
      url: `/api/projects/${theirs.id}`,
      payload: { name: 'Theirs renamed', description: 'Changed by the member' },
    });
    expect(await names()).toEqual(['Theirs renamed:0', 'Mine:0']);

    await buildKeyword(ctx, { as: member, projectId: mine.id });
    expect(await names()).toEqual(['Theirs renamed:0', 'Mine:1']);

    await request(ctx, member, { method: 'POST', url: '/api/team/leave', payload: {} });
    expect(await names()).toEqual(['Mine:1']);

    await request(ctx, member, { method: 'DELETE', url: `/api/projects/${mine.id}` });
    expect(await names()).toEqual([]);
  });
});
