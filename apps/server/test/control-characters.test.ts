import { endpoints, messages, type Project } from '@keywright/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeywordList } from './factories/keyword-lists';
import { buildKeyword } from './factories/keywords';
import { buildProject } from './factories/projects';
import { buildUser, type TestUser } from './factories/users';
import { createTestContext, dataSnapshot, request, validationError, type TestContext } from './harness';

/**
 * PostgreSQL cannot store NUL, and no control character belongs in text a person typed: the
 * contract refuses them before anything reaches the database. Tab and line breaks are kept in
 * multi-line text and read as a space in one-line text.
 */

let ctx: TestContext;
let owner: TestUser;
let project: Project;
let listId: number;
beforeAll(async () => {
  // Generation runs are only queued, so nothing writes in the background between two snapshots.
  ctx = await createTestContext({ app: { jobs: 'off' } });
  owner = await buildUser(ctx);
  project = await buildProject(ctx, { owner });
  const keyword = await buildKeyword(ctx, { as: owner, projectId: project.id });
  listId = (await buildKeywordList(ctx, { owner, projectId: project.id, keywordIds: [keyword.id] })).id;
});
afterAll(() => ctx.close());

const refused = (path: string) => validationError(path, messages.invalidCharacters);

async function expectRefused(call: InjectOptions, path: string) {
  const before = await dataSnapshot(ctx);
  const response = await request(ctx, owner, call);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual(refused(path));
  expect(await dataSnapshot(ctx)).toEqual(before);
}

describe('a NUL character answers 400 and writes nothing', () => {
  it('POST /api/projects', async () => {
    await expectRefused(
      { method: 'POST', url: '/api/projects', payload: { name: 'Coffee\u0000Shop', description: 'Beans' } },
      'body.name',
    );
  });

  it('PUT /api/projects/{id}', async () => {
    await expectRefused(
      { method: 'PUT', url: `/api/projects/${project.id}`, payload: { name: 'Renamed', description: 'Beans\u0000' } },
      'body.description',
    );
  });

  it('POST /api/team/members', async () => {
    const member = await buildUser(ctx);
    await expectRefused(
      { method: 'POST', url: '/api/team/members', payload: { email: `${member.email}\u0000` } },
      'body.email',
    );
  });

  it('POST /api/start-keyword-generation', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: endpoints.startKeywordGeneration.path,
        payload: { projectName: 'Roastery', productService: 'Coffee beans', competitors: 'Blue\u0000Bottle' },
      },
      'body.competitors',
    );
  });
});

describe('every text the contract accepts refuses control characters', () => {
  const cases: [string, () => InjectOptions, string][] = [
    [
      'a project keyword',
      () => ({ method: 'POST', url: `/api/projects/${project.id}/keywords`, payload: { keyword: 'cold\u0000brew' } }),
      'body.keyword',
    ],
    [
      'a keyword page search',
      () => ({ method: 'GET', url: `/api/projects/${project.id}/keywords/page?search=%00` }),
      'querystring.search',
    ],
    [
      'a list name',
      () => ({ method: 'POST', url: '/api/keyword-lists', payload: { name: 'List\u0000' } }),
      'body.name',
    ],
    [
      'a list rename',
      () => ({ method: 'PUT', url: `/api/keyword-lists/${listId}`, payload: { name: '\u0007', project_id: null } }),
      'body.name',
    ],
    [
      'a keyword added to a list by its text',
      () => ({ method: 'POST', url: `/api/keyword-lists/${listId}/add-text`, payload: { keyword_text: 'iced\u0000' } }),
      'body.keyword_text',
    ],
    [
      'a keyword added to a list by its text in a project',
      () => ({
        method: 'POST',
        url: '/api/keyword-list-items',
        payload: { list_id: listId, project_id: project.id, keyword_text: 'iced\u0000', create_keyword: true },
      }),
      'body.keyword_text',
    ],
    [
      'a similar-keywords seed',
      () => ({ method: 'POST', url: '/api/keywords/similar', payload: { keyword: 'latte', city: 'Paris\u0000' } }),
      'body.city',
    ],
    [
      'an e-mail to remove from the team',
      () => ({ method: 'DELETE', url: '/api/team/members', payload: { email: 'someone@example.com\u0000' } }),
      'body.email',
    ],
    [
      'a C1 control character (NEL) in a name',
      () => ({ method: 'POST', url: '/api/projects', payload: { name: 'Caf\u0085', description: 'Beans' } }),
      'body.name',
    ],
    [
      'an escape sequence in a name',
      () => ({ method: 'POST', url: '/api/projects', payload: { name: '\u001b[31mRed', description: 'Beans' } }),
      'body.name',
    ],
    [
      // Half a surrogate pair cannot be written as UTF-8; PostgreSQL refuses its JSON escape.
      'a lone surrogate',
      () => ({
        method: 'POST',
        url: endpoints.startKeywordGeneration.path,
        headers: { 'content-type': 'application/json' },
        payload: '{"projectName":"Roastery\\ud800","productService":"Coffee beans"}',
      }),
      'body.projectName',
    ],
  ];

  it.each(cases)('%s', async (_name, call, path) => {
    await expectRefused(call(), path);
  });
});

describe('tabs and line breaks', () => {
  it('read as one space in one-line text', async () => {
    const response = await request(ctx, owner, {
      method: 'POST',
      url: '/api/projects',
      payload: { name: ' Two\r\nlines\tand a tab\n', description: 'Beans', city: 'New\tYork' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Two lines and a tab', city: 'New York' });
  });

  it('are kept in a description, whose ends are trimmed', async () => {
    const response = await request(ctx, owner, {
      method: 'POST',
      url: '/api/projects',
      payload: { name: '  Roastery ', description: '\nSingle origin:\r\n\tEthiopia\n\tKenya\n' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Roastery', description: 'Single origin:\r\n\tEthiopia\n\tKenya' });
  });

  it('are the only control characters a description may hold', async () => {
    await expectRefused(
      { method: 'POST', url: '/api/projects', payload: { name: 'Roastery', description: 'Line one\n\u0000' } },
      'body.description',
    );
  });
});
