import { messages, type Project } from '@keywright/contract';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { addToTeam, buildSharedProject } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { dataSnapshot, errorBody, request, validationError } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';

const ctx = useTestContext();

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function getProject(as: TestUser, id: number) {
  const response = await request(ctx, as, { method: 'GET', url: `/api/projects/${id}` });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function listProjects(as: TestUser): Promise<Project[]> {
  const response = await request(ctx, as, { method: 'GET', url: '/api/projects' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('POST /api/projects', () => {
  it('answers 201 with the whole project', async () => {
    const owner = await buildUser(ctx);
    const before = Date.now();
    const response = await request(ctx, owner, {
      method: 'POST',
      url: '/api/projects',
      payload: {
        name: '  Coffee Shop  ',
        description: 'Specialty coffee in Brooklyn',
        country: 'United States',
        city: 'New York',
        language: 'English',
      },
    });
    expect(response.statusCode).toBe(201);
    const project = response.json<Project>();
    expect(project).toEqual({
      id: expect.any(Number),
      user_id: owner.id,
      owner_email: owner.email,
      name: 'Coffee Shop',
      description: 'Specialty coffee in Brooklyn',
      country: 'United States',
      city: 'New York',
      language: 'English',
      site_url: '',
      target_audience: '',
      competitors: '',
      brand: '',
      currency: 'USD',
      currency_auto: true,
      keywords_count: 0,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(Date.parse(project.created_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(project.created_at)).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(await getProject(owner, project.id)).toEqual({ status: 200, body: project });
  });

  it('keeps country, city and language empty when they are not sent', async () => {
    const owner = await buildUser(ctx);
    const response = await request(ctx, owner, {
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'Bare', description: 'Only the required fields' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ country: '', city: '', language: '' });
  });

  it('makes the caller the owner, whatever the body says', async () => {
    const [owner, someoneElse] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
    const response = await request(ctx, owner, {
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'Mine', description: 'Mine', user_id: someoneElse.id, keywords_count: 99, id: 1 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user_id: owner.id, owner_email: owner.email, keywords_count: 0 });
    expect(await listProjects(someoneElse)).toEqual([]);
  });
});

describe('GET /api/projects', () => {
  it("lists the caller's projects and their teams' projects, newest first, with each owner's e-mail", async () => {
    const [owner, member, stranger] = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
    await addToTeam(ctx, owner, member);
    const oldest = await buildProject(ctx, { owner });
    const membersOwn = await buildProject(ctx, { owner: member });
    await buildProject(ctx, { owner: stranger });
    const newest = await buildProject(ctx, { owner });

    const memberList = await listProjects(member);
    expect(memberList).toEqual([newest, membersOwn, oldest]);
    expect(memberList.map((project) => project.owner_email)).toEqual([owner.email, member.email, owner.email]);
    // The team goes one way: the owner does not see the member's projects.
    expect(await listProjects(owner)).toEqual([newest, oldest]);
  });

  it('is empty for a new user', async () => {
    expect(await listProjects(await buildUser(ctx))).toEqual([]);
  });
});

describe('PUT /api/projects/:id', () => {
  it('lets a team member change the project; the owner stays the owner', async () => {
    const { owner, member, project } = await buildSharedProject(ctx);
    const response = await request(ctx, member, {
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      payload: { name: 'Renamed', description: 'New text', country: 'Canada', city: 'Toronto', language: 'French' },
    });
    const expected = {
      ...project,
      name: 'Renamed',
      description: 'New text',
      country: 'Canada',
      city: 'Toronto',
      language: 'French',
      // No currency chosen: Canada's.
      currency: 'CAD',
      keywords_count: 1,
    };
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
    expect(await getProject(owner, project.id)).toEqual({ status: 200, body: expected });
  });

  it('ignores an owner or a count in the body', async () => {
    const { owner, stranger, project } = await buildSharedProject(ctx);
    const response = await request(ctx, owner, {
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      payload: { name: 'Same', description: 'Same', user_id: stranger.id, keywords_count: 50 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user_id: owner.id, keywords_count: 1 });
    expect(await getProject(stranger, project.id)).toMatchObject({ status: 404 });
  });

  it('answers 404 for a missing project', async () => {
    const owner = await buildUser(ctx);
    const response = await request(ctx, owner, {
      method: 'PUT',
      url: '/api/projects/424242424',
      payload: { name: 'Name', description: 'Description' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('not_found', messages.notFound));
  });
});

describe('DELETE /api/projects/:id', () => {
  it("deletes the project and its keywords, and nobody else's", async () => {
    const { owner, member, project } = await buildSharedProject(ctx);
    await buildKeyword(ctx, { as: member, projectId: project.id });
    const other = await buildProject(ctx, { owner });
    const otherKeyword = await buildKeyword(ctx, { as: owner, projectId: other.id });

    const response = await request(ctx, owner, { method: 'DELETE', url: `/api/projects/${project.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const notFound = { status: 404, body: errorBody('not_found', messages.notFound) };
    expect(await getProject(owner, project.id)).toEqual(notFound);
    const keywords = await request(ctx, owner, { method: 'GET', url: `/api/projects/${project.id}/keywords` });
    expect(keywords.statusCode).toBe(404);
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as count from keywords where project_id = $1',
      [project.id],
    );
    expect(rows[0]).toEqual({ count: 0 });

    expect(await listProjects(owner)).toEqual([{ ...other, keywords_count: 1 }]);
    const otherKeywords = await request(ctx, owner, { method: 'GET', url: `/api/projects/${other.id}/keywords` });
    expect(otherKeywords.json()).toEqual([otherKeyword]);

    const again = await request(ctx, owner, { method: 'DELETE', url: `/api/projects/${project.id}` });
    expect({ status: again.statusCode, body: again.json() }).toEqual(notFound);
  });

  it('refuses a team member with 403 and keeps the project', async () => {
    const { owner, member, project } = await buildSharedProject(ctx);
    const before = await dataSnapshot(ctx);
    const response = await request(ctx, member, { method: 'DELETE', url: `/api/projects/${project.id}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(errorBody('forbidden', messages.forbiddenDelete));
    expect(await dataSnapshot(ctx)).toEqual(before);
    expect(await getProject(owner, project.id)).toMatchObject({ status: 200 });
  });
});

describe('keywords_count', () => {
  it('follows keywords added and deleted', async () => {
    const { owner, member, project } = await buildSharedProject(ctx);
    const count = async () => ((await getProject(owner, project.id)).body as Project).keywords_count;
    expect(await count()).toBe(1);

    const added = await Promise.all(
      ['alpha', 'beta', 'gamma'].map((keyword) => buildKeyword(ctx, { as: member, projectId: project.id, keyword })),
    );
    expect(await count()).toBe(4);
    // A refused duplicate does not count.
    const duplicate = await request(ctx, owner, {
      method: 'POST',
      url: `/api/projects/${project.id}/keywords`,
      payload: { keyword: 'ALPHA' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(await count()).toBe(4);

    for (const keyword of added.slice(0, 2)) {
      const response = await request(ctx, owner, { method: 'DELETE', url: `/api/keywords/${keyword.id}` });
      expect(response.statusCode).toBe(200);
    }
    expect(await count()).toBe(2);
    const listed = (await listProjects(member)).find((item) => item.id === project.id);
    expect(listed?.keywords_count).toBe(2);
  });
});

describe('validation', () => {
  const fill = messages.fillInAllFields;
  const atMost = (max: number) => `Must be at most ${max} characters`;
  const valid = { name: 'Name', description: 'Description' };
  const invalidBodies: [string, InjectOptions['payload'], ReturnType<typeof errorBody>][] = [
    ['a missing name', { description: 'x' }, validationError('body.name', fill)],
    ['a missing description', { name: 'x' }, validationError('body.description', fill)],
    [
      'both missing',
      { country: 'France' },
      errorBody('validation_error', fill, [
        { path: 'body.name', message: fill },
        { path: 'body.description', message: fill },
      ]),
    ],
    ['a blank name', { ...valid, name: '   ' }, validationError('body.name', fill)],
    ['an empty description', { ...valid, description: '' }, validationError('body.description', fill)],
    ['a null name', { ...valid, name: null }, validationError('body.name', fill)],
    [
      'a numeric name',
      { ...valid, name: 42 },
      validationError('body.name', 'Invalid input: expected string, received number'),
    ],
    [
      'an array description',
      { ...valid, description: ['x'] },
      validationError('body.description', 'Invalid input: expected string, received array'),
    ],
    [
      'a numeric country',
      { ...valid, country: 1 },
      validationError('body.country', 'Invalid input: expected string, received number'),
    ],
    ['a name over 200 characters', { ...valid, name: 'n'.repeat(201) }, validationError('body.name', atMost(200))],
    [
      'a description over 5000 characters',
      { ...valid, description: 'd'.repeat(5001) },
      validationError('body.description', atMost(5000)),
    ],
    [
      'a country over 200 characters',
      { ...valid, country: 'c'.repeat(201) },
      validationError('body.country', atMost(200)),
    ],
    ['a city over 200 characters', { ...valid, city: 'c'.repeat(201) }, validationError('body.city', atMost(200))],
    [
      'a language over 200 characters',
      { ...valid, language: 'l'.repeat(201) },
      validationError('body.language', atMost(200)),
    ],
    ['an array body', [valid], validationError('body', 'Invalid input: expected object, received array')],
  ];

  let owner: TestUser;
  let project: Project;
  beforeAll(async () => {
    owner = await buildUser(ctx);
    project = await buildProject(ctx, { owner });
  });

  describe.each([
    ['POST /api/projects', () => ({ method: 'POST' as const, url: '/api/projects' })],
    ['PUT /api/projects/:id', () => ({ method: 'PUT' as const, url: `/api/projects/${project.id}` })],
  ])('%s', (_name, target) => {
    it.each(invalidBodies)('refuses %s with 400 and writes nothing', async (_case, payload, expected) => {
      const before = await dataSnapshot(ctx);
      const response = await request(ctx, owner, { ...target(), payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected);
      expect(await dataSnapshot(ctx)).toEqual(before);
    });

    it('refuses malformed JSON and a missing body with 400 and writes nothing', async () => {
      const before = await dataSnapshot(ctx);
      const malformed = await request(ctx, owner, {
        ...target(),
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Coffee", ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual(
        errorBody('validation_error', "Body is not valid JSON but content-type is set to 'application/json'"),
      );
      const missing = await request(ctx, owner, target());
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual(validationError('body', 'Invalid input: expected object, received null'));
      expect(await dataSnapshot(ctx)).toEqual(before);
    });

    it('accepts the longest allowed values', async () => {
      const response = await request(ctx, owner, {
        ...target(),
        payload: {
          name: 'n'.repeat(200),
          description: 'd'.repeat(5000),
          country: 'c'.repeat(200),
          city: 'c'.repeat(200),
          language: 'l'.repeat(200),
        },
      });
      expect(response.statusCode).toBeLessThan(300);
      expect(response.json()).toMatchObject({ name: 'n'.repeat(200), description: 'd'.repeat(5000) });
    });
  });
});
