import { buildPath, constants, endpoints, messages, type BulkKeywordsAnswer, type Keyword } from '@keywright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { dataSnapshot, errorBody, request, validationError } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';

const ctx = useTestContext();
let owner: TestUser;
beforeAll(async () => {
  owner = await buildUser(ctx);
});

function addKeywords(projectId: number, payload: unknown, as: TestUser = owner) {
  return request(ctx, as, {
    method: 'POST',
    url: buildPath(endpoints.addProjectKeywords.path, { projectId }),
    payload: payload as object,
  });
}

async function projectKeywords(projectId: number): Promise<string[]> {
  const response = await request(ctx, owner, { method: 'GET', url: `/api/projects/${projectId}/keywords` });
  return response.json<Keyword[]>().map((keyword) => keyword.keyword);
}

describe('POST /api/projects/:projectId/keywords/bulk', () => {
  it('adds a pasted list in its order, skipping repeats and the keywords the project has', async () => {
    const project = await buildProject(ctx, { owner, name: 'Motion Physio', city: 'Leeds' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'physio leeds' });

    const response = await addKeywords(project.id, {
      keywords: [
        'physio near me',
        '  Back  pain physio Leeds ',
        'Physio Leeds',
        '',
        '   ',
        'PHYSIO NEAR ME',
        'sports massage',
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<BulkKeywordsAnswer>();
    expect(answer.added.map((keyword) => keyword.keyword)).toEqual([
      'physio near me',
      'Back pain physio Leeds',
      'sports massage',
    ]);
    expect(answer.added[0]).toMatchObject({ source: 'manual', generation_id: null, id: expect.any(Number) });
    // Their intents are read as a single add's are.
    expect(answer.added.every((keyword) => Array.isArray(keyword.intent))).toBe(true);
    expect(answer.repeated).toEqual(['PHYSIO NEAR ME']);
    expect(answer.existing).toEqual(['Physio Leeds']);

    expect((await projectKeywords(project.id)).sort()).toEqual(
      ['Back pain physio Leeds', 'physio leeds', 'physio near me', 'sports massage'].sort(),
    );
    const read = await request(ctx, owner, { method: 'GET', url: `/api/projects/${project.id}` });
    expect(read.json()).toMatchObject({ keywords_count: 4 });
  });

  it('adds nothing when every keyword is there already, and says which', async () => {
    const project = await buildProject(ctx, { owner });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'knee clinic' });
    const before = await dataSnapshot(ctx);
    const response = await addKeywords(project.id, { keywords: ['Knee Clinic', 'knee  clinic'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ added: [], repeated: ['knee clinic'], existing: ['Knee Clinic'] });
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it(`refuses more than ${constants.limits.bulkKeywords} keywords with 400 and writes none of them`, async () => {
    const project = await buildProject(ctx, { owner });
    const keywords = Array.from({ length: constants.limits.bulkKeywords + 1 }, (_, i) => `pasted keyword ${i}`);
    const before = await dataSnapshot(ctx);
    const response = await addKeywords(project.id, { keywords });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      validationError('body.keywords', messages.tooManyPastedKeywords(constants.limits.bulkKeywords)),
    );
    expect(await dataSnapshot(ctx)).toEqual(before);

    // The most there may be is added in full.
    const most = await addKeywords(project.id, { keywords: keywords.slice(1) });
    expect(most.statusCode).toBe(200);
    expect(most.json<BulkKeywordsAnswer>().added).toHaveLength(constants.limits.bulkKeywords);
  });

  it.each([
    ['an empty list', { keywords: [] }, 'body.keywords', messages.pasteKeywordsRequired],
    ['only blanks', { keywords: ['', '  ', '\t'] }, 'body.keywords', messages.pasteKeywordsRequired],
    ['no list', {}, 'body.keywords', messages.pasteKeywordsRequired],
    [
      'one keyword over 200 characters',
      { keywords: ['fine keyword', 'k'.repeat(201)] },
      'body.keywords.1',
      messages.atMostCharacters(200),
    ],
  ])('refuses %s with 400 and adds nothing', async (_name, payload, path, message) => {
    const project = await buildProject(ctx, { owner });
    const before = await dataSnapshot(ctx);
    const response = await addKeywords(project.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError(path, message));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('answers a stranger as if the project did not exist, and adds nothing to it', async () => {
    const project = await buildProject(ctx, { owner });
    const stranger = await buildUser(ctx);
    const before = await dataSnapshot(ctx);
    const response = await addKeywords(project.id, { keywords: ['a', 'b'] }, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('not_found', messages.notFound));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('keeps the single add as it was: a comma is part of the one keyword', async () => {
    const project = await buildProject(ctx, { owner });
    const response = await request(ctx, owner, {
      method: 'POST',
      url: `/api/projects/${project.id}/keywords`,
      payload: { keyword: 'physio near me, back pain physio leeds' },
    });
    expect(response.statusCode).toBe(201);
    expect(await projectKeywords(project.id)).toEqual(['physio near me, back pain physio leeds']);
  });
});
