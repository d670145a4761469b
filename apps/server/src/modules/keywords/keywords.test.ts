import { messages, type Keyword, type Project } from '@keywright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildSharedProject } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { dataSnapshot, errorBody, request, validationError } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';

const ctx = useTestContext();

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function addKeyword(as: TestUser, projectId: number, keyword: unknown) {
  return request(ctx, as, { method: 'POST', url: `/api/projects/${projectId}/keywords`, payload: { keyword } });
}

async function listKeywords(as: TestUser, projectId: number): Promise<Keyword[]> {
  const response = await request(ctx, as, { method: 'GET', url: `/api/projects/${projectId}/keywords` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function keywordsCount(as: TestUser, projectId: number): Promise<number> {
  const response = await request(ctx, as, { method: 'GET', url: `/api/projects/${projectId}` });
  return response.json<Project>().keywords_count;
}

describe('POST /api/projects/:projectId/keywords', () => {
  it('answers 201 with the keyword in its tidy form', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const response = await addKeyword(owner, project.id, '  Best  Coffee ');
    expect(response.statusCode).toBe(201);
    const keyword = response.json<Keyword>();
    expect(keyword).toEqual({
      id: expect.any(Number),
      keyword: 'Best Coffee',
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      source: 'manual',
      generation_id: null,
      intent: ['commercial'],
    });
    expect(await listKeywords(owner, project.id)).toEqual([keyword]);
  });

  it('refuses the same keyword again after trimming, collapsing spaces and lower-casing', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const first = await addKeyword(owner, project.id, '  Best  Coffee ');
    expect(first.statusCode).toBe(201);

    for (const variant of ['best coffee', 'BEST COFFEE', ' best\tcoffee  ', 'Best Coffee']) {
      const before = await dataSnapshot(ctx);
      const response = await addKeyword(owner, project.id, variant);
      expect(response.statusCode, variant).toBe(409);
      expect(response.json()).toEqual(errorBody('conflict', messages.keywordExists));
      expect(await dataSnapshot(ctx)).toEqual(before);
    }
    expect(await listKeywords(owner, project.id)).toEqual([first.json()]);
    expect(await keywordsCount(owner, project.id)).toBe(1);
  });

  it('refuses a duplicate from a team member too', async () => {
    const { member, project, keyword } = await buildSharedProject(ctx);
    const response = await addKeyword(member, project.id, keyword.keyword.toUpperCase());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorBody('conflict', messages.keywordExists));
  });

  it('adds a keyword once when the same one arrives twice at the same time', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const responses = await Promise.all([
      addKeyword(owner, project.id, 'cold brew'),
      addKeyword(owner, project.id, 'Cold Brew'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await listKeywords(owner, project.id)).toHaveLength(1);
    expect(await keywordsCount(owner, project.id)).toBe(1);
  });

  it('allows the same keyword in another project', async () => {
    const owner = await buildUser(ctx);
    const [first, second] = await Promise.all([buildProject(ctx, { owner }), buildProject(ctx, { owner })]);
    expect((await addKeyword(owner, first.id, 'espresso machine')).statusCode).toBe(201);
    const response = await addKeyword(owner, second.id, 'Espresso Machine');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ keyword: 'Espresso Machine' });
    expect(await listKeywords(owner, first.id)).toMatchObject([{ keyword: 'espresso machine' }]);
    expect(await listKeywords(owner, second.id)).toMatchObject([{ keyword: 'Espresso Machine' }]);
  });

  describe('validation', () => {
    let owner: TestUser;
    let project: Project;
    beforeAll(async () => {
      owner = await buildUser(ctx);
      project = await buildProject(ctx, { owner });
    });

    it.each([
      ['an empty keyword', '', validationError('body.keyword', 'Please enter a keyword')],
      ['a blank keyword', '  \t ', validationError('body.keyword', 'Please enter a keyword')],
      [
        'a keyword over 200 characters',
        'k'.repeat(201),
        validationError('body.keyword', 'Must be at most 200 characters'),
      ],
      [
        'a missing keyword',
        undefined,
        validationError('body.keyword', 'Invalid input: expected string, received undefined'),
      ],
      ['a numeric keyword', 7, validationError('body.keyword', 'Invalid input: expected string, received number')],
    ])('refuses %s with 400 and writes nothing', async (_case, keyword, expected) => {
      const before = await dataSnapshot(ctx);
      const response = await addKeyword(owner, project.id, keyword);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected);
      expect(await dataSnapshot(ctx)).toEqual(before);
    });

    it('refuses malformed JSON with 400 and writes nothing', async () => {
      const before = await dataSnapshot(ctx);
      const response = await request(ctx, owner, {
        method: 'POST',
        url: `/api/projects/${project.id}/keywords`,
        headers: { 'content-type': 'application/json' },
        payload: '{"keyword": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(
        errorBody('validation_error', "Body is not valid JSON but content-type is set to 'application/json'"),
      );
      expect(await dataSnapshot(ctx)).toEqual(before);
    });

    it('accepts 200 characters, counted after trimming', async () => {
      const response = await addKeyword(owner, project.id, `  ${'k'.repeat(200)}  `);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ keyword: 'k'.repeat(200) });
    });
  });
});

describe('GET /api/projects/:projectId/keywords', () => {
  it('lists newest first, only for that project', async () => {
    const owner = await buildUser(ctx);
    const [project, other] = await Promise.all([buildProject(ctx, { owner }), buildProject(ctx, { owner })]);
    const first = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'first' });
    await buildKeyword(ctx, { as: owner, projectId: other.id, keyword: 'elsewhere' });
    const second = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'second' });
    expect(await listKeywords(owner, project.id)).toEqual([second, first]);
  });

  it('is empty for a new project', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    expect(await listKeywords(owner, project.id)).toEqual([]);
  });
});

describe('DELETE /api/keywords/:id', () => {
  it('deletes the keyword once; again is 404', async () => {
    const { owner, member, project, keyword } = await buildSharedProject(ctx);
    const kept = await buildKeyword(ctx, { as: owner, projectId: project.id });

    const response = await request(ctx, member, { method: 'DELETE', url: `/api/keywords/${keyword.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await listKeywords(owner, project.id)).toEqual([kept]);
    expect(await keywordsCount(owner, project.id)).toBe(1);

    const again = await request(ctx, owner, { method: 'DELETE', url: `/api/keywords/${keyword.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(errorBody('not_found', messages.notFound));
  });

  it('lets the keyword be added again after it was deleted', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const keyword = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'latte art' });
    await request(ctx, owner, { method: 'DELETE', url: `/api/keywords/${keyword.id}` });
    const response = await addKeyword(owner, project.id, 'Latte Art');
    expect(response.statusCode).toBe(201);
    expect(await listKeywords(owner, project.id)).toEqual([response.json()]);
  });
});
