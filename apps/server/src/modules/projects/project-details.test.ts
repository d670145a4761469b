import { messages, type Project, type ProjectStatusAnswer } from '@keywright/contract';
import { describe, expect, it, vi } from 'vitest';
import { buildProject } from '../../../test/factories/projects';
import { buildSharedProject } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createTestContext, dataSnapshot, request, validationError } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';

// A project's full details (issue 24): site, audience, competitors, brand and currency, optional in SPEC's form.
const ctx = useTestContext();

const details = {
  site_url: 'https://motionphysio.example.co.uk',
  target_audience: 'runners and office workers in Leeds',
  competitors: 'Leeds Physio Hub, Back Pain Centre',
  brand: 'Motion Physio',
  currency: 'GBP',
};

function put(as: TestUser | null, id: number, payload: object) {
  return request(ctx, as, { method: 'PUT', url: `/api/projects/${id}`, payload });
}

async function read(as: TestUser, id: number): Promise<Project> {
  const response = await request(ctx, as, { method: 'GET', url: `/api/projects/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('a project answer', () => {
  it('has an empty brand and the currency of its country until one is chosen', async () => {
    const project = await buildProject(ctx, { country: 'United Kingdom', city: 'Leeds' });
    expect(project).toMatchObject({ brand: '', currency: 'GBP', currency_auto: true });
  });

  it.each([
    ['Germany', 'EUR'],
    ['Japan', 'JPY'],
    ['UK', 'GBP'],
    ['United States', 'USD'],
  ])('takes the currency of %s (%s)', async (country, currency) => {
    expect(await buildProject(ctx, { country })).toMatchObject({ currency, currency_auto: true });
  });

  it("falls back to the server's CURRENCY when the country is empty or unknown", async () => {
    const gbpServer = await createTestContext({ env: { CURRENCY: 'gbp' } });
    try {
      const unknown = await buildProject(gbpServer, { country: 'Atlantis' });
      const empty = await buildProject(gbpServer, { country: '' });
      const france = await buildProject(gbpServer, { country: 'France' });
      expect(unknown).toMatchObject({ currency: 'GBP', currency_auto: true });
      expect(empty).toMatchObject({ currency: 'GBP', currency_auto: true });
      expect(france).toMatchObject({ currency: 'EUR', currency_auto: true });
    } finally {
      await gbpServer.close();
    }
    // This server's default: USD.
    expect(await buildProject(ctx, { country: 'Atlantis' })).toMatchObject({ currency: 'USD' });
  });
});

describe('PUT /api/projects/:id with details', () => {
  it('saves every detail, shows them in GET and the list, and keeps them when SPEC’s form is saved again', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner, name: 'Motion Physio long-tail', country: 'United States' });
    const saved = await put(owner, project.id, { name: project.name, description: project.description, ...details });
    expect(saved.statusCode).toBe(200);
    const expected = { ...project, ...details, country: '', city: '', language: '', currency_auto: false };
    expect(saved.json()).toEqual(expected);
    expect(await read(owner, project.id)).toEqual(expected);
    const list = await request(ctx, owner, { method: 'GET', url: '/api/projects' });
    expect(list.json()).toEqual([expected]);

    // SPEC's form sends only name, description and places: the details stay.
    const specForm = {
      name: 'Renamed',
      description: 'New text',
      country: 'Canada',
      city: 'Leeds',
      language: 'English',
    };
    const again = await put(owner, project.id, specForm);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...expected, ...specForm });
  });

  it('clears a detail sent empty; an empty currency follows the country again', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner, country: 'Germany', ...details });
    expect(project).toMatchObject({ ...details, currency_auto: false });
    const cleared = await put(owner, project.id, {
      name: project.name,
      description: project.description,
      country: 'Germany',
      site_url: '',
      target_audience: '',
      competitors: '',
      brand: '',
      currency: '',
    });
    expect(cleared.json()).toMatchObject({
      site_url: '',
      target_audience: '',
      competitors: '',
      brand: '',
      currency: 'EUR',
      currency_auto: true,
    });
  });

  it('takes a bare host as the site and a lower-case currency code', async () => {
    const project = await buildProject(ctx, { site_url: 'motionphysio.co.uk/leeds', currency: 'chf' });
    expect(project).toMatchObject({ site_url: 'motionphysio.co.uk/leeds', currency: 'CHF', currency_auto: false });
  });

  it('lets a team member edit the details; a stranger and a signed-out caller get nothing and change nothing', async () => {
    const { owner, member, stranger, project } = await buildSharedProject(ctx);
    const body = { name: project.name, description: project.description, ...details };
    const byMember = await put(member, project.id, body);
    expect(byMember.statusCode).toBe(200);
    expect(await read(owner, project.id)).toMatchObject(details);

    const before = await dataSnapshot(ctx);
    const byStranger = await put(stranger, project.id, { ...body, brand: 'Stolen' });
    expect(byStranger.statusCode).toBe(404);
    const signedOut = await put(null, project.id, { ...body, brand: 'Stolen' });
    expect(signedOut.statusCode).toBe(401);
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  const valid = { name: 'Name', description: 'Description' };
  it.each([
    ['a site that is no web address', { site_url: 'not a site' }, 'body.site_url', messages.invalidSiteUrl],
    ['a site of another protocol', { site_url: 'ftp://files.example.com' }, 'body.site_url', messages.invalidSiteUrl],
    [
      'a site over 500 characters',
      { site_url: `https://example.com/${'a'.repeat(490)}` },
      'body.site_url',
      messages.atMostCharacters(500),
    ],
    [
      'an audience over 1000 characters',
      { target_audience: 'a'.repeat(1001) },
      'body.target_audience',
      messages.atMostCharacters(1000),
    ],
    [
      'competitors over 1000 characters',
      { competitors: 'c'.repeat(1001) },
      'body.competitors',
      messages.atMostCharacters(1000),
    ],
    ['a brand over 200 characters', { brand: 'b'.repeat(201) }, 'body.brand', messages.atMostCharacters(200)],
    ['an unknown currency', { currency: 'ABC' }, 'body.currency', messages.unknownCurrency],
    ['a currency that is no code', { currency: 'Pounds' }, 'body.currency', messages.atMostCharacters(3)],
    ['a numeric brand', { brand: 7 }, 'body.brand', 'Invalid input: expected string, received number'],
  ])('refuses %s with a clear 400 and changes nothing', async (_case, bad, path, message) => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const before = await dataSnapshot(ctx);
    const response = await put(owner, project.id, { ...valid, ...bad });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError(path, message));
    const created = await request(ctx, owner, { method: 'POST', url: '/api/projects', payload: { ...valid, ...bad } });
    expect(created.statusCode).toBe(400);
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});

describe('generation and the brand', () => {
  async function finished(as: TestUser, projectId: number): Promise<ProjectStatusAnswer> {
    return vi.waitFor(
      async () => {
        const answer = (await request(ctx, as, { method: 'GET', url: `/api/project-status/${projectId}` })).json();
        if (answer.status === 'pending') throw new Error('still pending');
        return answer as ProjectStatusAnswer;
      },
      { timeout: 20_000, interval: 100 },
    );
  }

  it("searches for the brand, not the project's working name", async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, {
      owner,
      name: 'Motion Physio long-tail',
      description: 'Physiotherapy clinic in Leeds for back pain, sports injuries and neck pain',
      country: 'United Kingdom',
      city: 'Leeds',
      competitors: 'Leeds Physio Hub',
      brand: 'Motion Physio',
    });
    const started = await request(ctx, owner, {
      method: 'POST',
      url: '/api/start-keyword-generation',
      payload: {
        projectId: project.id,
        projectName: project.name,
        productService: project.description,
        competitors: 'Leeds Physio Hub',
        country: 'United Kingdom',
        city: 'Leeds',
        keywordCount: 30,
        keywordLength: '2-3',
      },
    });
    expect(started.statusCode).toBe(202);
    const answer = await finished(owner, project.id);
    expect(answer.status).toBe('completed');
    const keywords = answer.keywords!.map((row) => row.keyword);
    expect(keywords).toContain('motion physio reviews');
    expect(keywords.filter((keyword) => keyword.includes('long'))).toEqual([]);
    // The brand is the project's: read as navigational, the generator's facts left it as it was.
    expect(await read(owner, project.id)).toMatchObject({ brand: 'Motion Physio', name: 'Motion Physio long-tail' });
  });
});
