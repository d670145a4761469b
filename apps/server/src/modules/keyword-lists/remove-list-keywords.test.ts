import { buildPath, endpoints, messages, type KeywordList, type KeywordListDetail } from '@keywright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildKeywordList } from '../../../test/factories/keyword-lists';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildSharedProject, type SharedProject } from '../../../test/factories/team';
import type { TestUser } from '../../../test/factories/users';
import { dataSnapshot, errorBody, request, validationError } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';

const ctx = useTestContext();
let world: SharedProject;
beforeAll(async () => {
  world = await buildSharedProject(ctx);
});

function removeKeywords(listId: number, payload: object, as: TestUser = world.owner) {
  return request(ctx, as, {
    method: 'POST',
    url: buildPath(endpoints.removeKeywordListKeywords.path, { id: listId }),
    payload,
  });
}

async function readList(listId: number): Promise<KeywordListDetail> {
  return (await request(ctx, world.owner, { method: 'GET', url: `/api/keyword-lists/${listId}` })).json();
}

async function threeKeywordList() {
  const keywords = [];
  for (const keyword of ['wool socks', 'silk socks', 'cotton socks']) {
    keywords.push(
      await buildKeyword(ctx, { as: world.owner, projectId: world.project.id, keyword: `${keyword} ${Math.random()}` }),
    );
  }
  const list = await buildKeywordList(ctx, {
    owner: world.owner,
    projectId: world.project.id,
    keywordIds: keywords.map((keyword) => keyword.id),
  });
  return { list, keywords };
}

describe('POST /api/keyword-lists/:id/keywords/remove', () => {
  it('takes several keywords out at once for a team member; they stay in the project', async () => {
    const { list, keywords } = await threeKeywordList();
    const [first, second, kept] = keywords;
    const response = await removeKeywords(list.id, { keywordIds: [first!.id, second!.id, first!.id] }, world.member);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ removed: 2 });

    expect(await readList(list.id)).toMatchObject({ count: 1, keywords: [{ id: kept!.id }] });
    const lists = await request(ctx, world.owner, { method: 'GET', url: '/api/keyword-lists' });
    expect(lists.json<KeywordList[]>().find((row) => row.id === list.id)).toMatchObject({ count: 1 });
    const projectKeywords = await request(ctx, world.owner, {
      method: 'GET',
      url: `/api/projects/${world.project.id}/keywords`,
    });
    const ids = projectKeywords.json<{ id: number }[]>().map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([first!.id, second!.id]));
  });

  it('removes nothing and answers 404 when one keyword is not in the list', async () => {
    const { list, keywords } = await threeKeywordList();
    const other = await threeKeywordList();
    const notListed = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id });
    const before = await dataSnapshot(ctx);
    for (const foreign of [other.keywords[0]!.id, notListed.id, 999_999_999]) {
      const response = await removeKeywords(list.id, { keywordIds: [keywords[0]!.id, foreign] });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('not_found', messages.notFound));
    }
    // A stranger may not touch the list at all.
    expect((await removeKeywords(list.id, { keywordIds: [keywords[0]!.id] }, world.stranger)).statusCode).toBe(404);
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it.each([
    ['no ids', { keywordIds: [] }, messages.keywordIdsRequired],
    ['1,001 ids', { keywordIds: Array.from({ length: 1001 }, (_, i) => i + 1) }, messages.tooManyKeywordIds],
  ])('refuses %s with 400', async (_name, payload, message) => {
    const { list } = await threeKeywordList();
    const before = await dataSnapshot(ctx);
    const response = await removeKeywords(list.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('body.keywordIds', message));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});
