import type { KeywordList } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { addToTeam } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { request } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';

const ctx = useTestContext();

async function lists(as: TestUser, headers: Record<string, string> = {}, query = '') {
  return request(ctx, as, { method: 'GET', url: `/api/keyword-lists${query}`, headers });
}

async function createList(as: TestUser, name: string, projectId?: number): Promise<KeywordList> {
  const response = await request(ctx, as, {
    method: 'POST',
    url: '/api/keyword-lists',
    payload: { name, ...(projectId && { project_id: projectId }) },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as KeywordList;
}

/** What the lists page shows of each list, as one line. */
const lines = async (as: TestUser) =>
  ((await lists(as)).json() as KeywordList[]).map(
    (list) => `${list.name}:${list.count}:${list.project_name ?? 'No Project'}:${list.owner_email}`,
  );

describe('the lists page as browsers revalidate it', () => {
  it('answers 304 to an unchanged page, the page in full on refresh, and the new page after a change', async () => {
    const owner = await buildUser(ctx);
    const list = await createList(owner, 'Ideas');
    const first = await lists(owner);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const unchanged = await lists(owner, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const refreshed = await lists(owner, { 'if-none-match': etag }, '?refresh=true');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual(first.json());

    const project = await buildProject(ctx, { owner });
    const keyword = await buildKeyword(ctx, { as: owner, projectId: project.id });
    await request(ctx, owner, {
      method: 'POST',
      url: '/api/keyword-list-items',
      payload: { list_id: list.id, keyword_id: keyword.id },
    });
    const changed = await lists(owner, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as KeywordList[])[0]!.count).toBe(1);
  });

  it('shows every change a teammate or another screen makes', async () => {
    const owner = await buildUser(ctx);
    const member = await buildUser(ctx);
    const project = await buildProject(ctx, { owner, name: 'Plumbing' });
    await createList(member, 'Mine');
    expect(await lines(member)).toEqual([`Mine:0:No Project:${member.email}`]);

    const theirs = await createList(owner, 'Theirs', project.id);
    await addToTeam(ctx, owner, member);
    expect(await lines(member)).toEqual([`Theirs:0:Plumbing:${owner.email}`, `Mine:0:No Project:${member.email}`]);

    // The project's name, a keyword added to it through the list, the owner's e-mail.
    await request(ctx, owner, {
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      payload: { name: 'Plumbing NYC', description: 'Renamed' },
    });
    await request(ctx, member, {
      method: 'POST',
      url: `/api/keyword-lists/${theirs.id}/add-text`,
      payload: { keyword_text: 'emergency plumber' },
    });
    const email = `renamed-${owner.email}`;
    await ctx.database.pool.query('update "user" set email = $1 where id = $2', [email, owner.id]);
    expect(await lines(member)).toEqual([`Theirs:1:Plumbing NYC:${email}`, `Mine:0:No Project:${member.email}`]);

    // Deleting the project unlinks the list and takes its keyword out.
    await request(ctx, owner, { method: 'DELETE', url: `/api/projects/${project.id}` });
    expect(await lines(member)).toEqual([`Theirs:0:No Project:${email}`, `Mine:0:No Project:${member.email}`]);

    await request(ctx, member, { method: 'POST', url: '/api/team/leave', payload: {} });
    expect(await lines(member)).toEqual([`Mine:0:No Project:${member.email}`]);
  });
});
