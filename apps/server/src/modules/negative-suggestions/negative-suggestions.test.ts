import {
  buildPath,
  clustersAnswerSchema,
  endpoints,
  messages,
  negativeSuggestionsAnswerSchema,
  type NegativeSuggestion,
  type NegativeSuggestionsAnswer,
  type ProjectInput,
} from '@keywright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { errorBody, request } from '../../../test/harness';
import { multipart } from '../../../test/support/multipart';
import { termsFile, termsRow, type TermsRow } from '../../../test/support/search-terms-files';
import { useTestContext } from '../../../test/support/test-context';

const ctx = useTestContext({ app: { jobs: 'off' } });
let owner: TestUser;
beforeAll(async () => {
  owner = await buildUser(ctx);
});

async function importReport(projectId: number, rows: TermsRow[]) {
  const response = await request(ctx, owner, {
    method: 'POST',
    url: buildPath(endpoints.importSearchTerms.path, { projectId }),
    ...multipart([{ field: 'file', name: 'Search terms report.csv', bytes: termsFile(rows), type: 'text/csv' }]),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function suggestions(projectId: number, query = '', as: TestUser | null = owner) {
  return request(ctx, as, {
    method: 'GET',
    url: `${buildPath(endpoints.negativeSuggestions.path, { projectId })}${query}`,
  });
}

async function suggested(projectId: number, query = ''): Promise<NegativeSuggestionsAnswer> {
  const response = await suggestions(projectId, query);
  expect(response.statusCode, response.body).toBe(200);
  return negativeSuggestionsAnswerSchema.parse(response.json());
}

/** A project with its keywords and a report imported. */
async function projectWith(rows: TermsRow[], keywords: string[] = [], details: Partial<ProjectInput> = {}) {
  const project = await buildProject(ctx, { owner, ...details });
  for (const keyword of keywords) await buildKeyword(ctx, { as: owner, projectId: project.id, keyword });
  await importReport(project.id, rows);
  return project;
}

const lost = (term: string, cost: string, cells: TermsRow = {}) =>
  termsRow(term, { Cost: cost, Conversions: '0.00', 'Conv. value': '0.00', 'Cost / conv.': '0.00', ...cells });
const find = (answer: NegativeSuggestionsAnswer, text: string, level = 'campaign'): NegativeSuggestion | undefined =>
  answer.suggestions.find((item) => item.text === text && item.level === level);

describe('negative keyword suggestions', () => {
  it('suggests nothing before a report is imported', async () => {
    const project = await buildProject(ctx, { owner });
    expect(await suggested(project.id)).toEqual({ suggestions: [], currency: null, has_report: false, capped: false });
  });

  it('suggests an exact negative of a search that cost at least the amount without a conversion, in the report’s money', async () => {
    const eur = { 'Currency code': 'EUR' };
    const project = await projectWith([
      lost('leather wallet sale', '84.00', eur),
      lost('wallet chain', '12.40', eur),
      lost('wallet insert', '6.00', eur),
      termsRow('mens leather wallet', { Cost: '150.00', Conversions: '2.00', ...eur }),
    ]);
    const answer = await suggested(project.id);
    expect(answer.currency).toBe('EUR');
    // Without minCost: 10 in the report's currency.
    expect(answer.suggestions).toEqual([
      {
        text: 'leather wallet sale',
        match_type: 'exact',
        level: 'campaign',
        ad_group: null,
        reason: '€84 spent, 0 conversions',
        cost: 84,
        blocks: [],
        blocks_count: 0,
        selected: true,
      },
      expect.objectContaining({ text: 'wallet chain', reason: '€12.40 spent, 0 conversions' }),
    ]);
    const dear = await suggested(project.id, '?minCost=50');
    expect(dear.suggestions.map((item) => item.text)).toEqual(['leather wallet sale']);
    const all = await suggested(project.id, '?minCost=0');
    expect(all.suggestions.map((item) => item.text)).toEqual(['leather wallet sale', 'wallet chain', 'wallet insert']);
  });

  it('refuses a minCost that is no amount', async () => {
    const project = await buildProject(ctx, { owner });
    const response = await suggestions(project.id, '?minCost=-5');
    expect(response.statusCode).toBe(400);
    const wrong = await suggestions(project.id, '?minCost=lots');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'validation_error' } });
  });

  it('suggests phrase negatives of words naming searchers a shop does not serve, with the kind of searcher', async () => {
    const project = await projectWith([
      lost('leather wallet jobs', '3.00'),
      lost('leather goods jobs', '2.00'),
      lost('how to make a leather wallet', '1.50'),
      lost('leather wallet repair manual', '1.00'),
      lost('used leather wallet', '0.50'),
    ]);
    const answer = await suggested(project.id);
    expect(answer.suggestions).toEqual([
      expect.objectContaining({ text: 'jobs', match_type: 'phrase', reason: 'job seekers', cost: 5, selected: true }),
      expect.objectContaining({ text: 'how to', match_type: 'phrase', reason: 'do it yourself' }),
      expect.objectContaining({ text: 'repair manual', reason: 'looking for a manual or a document' }),
      expect.objectContaining({ text: 'used', reason: 'looking for second-hand goods' }),
    ]);
  });

  it('reads the business as the generator does: "jobs" is no negative for a recruiter, "repair" none for a repair service', async () => {
    const recruiter = await projectWith([lost('nursing jobs leeds', '2.00')], [], {
      description: 'Recruitment agency placing nurses and carers in hospitals',
    });
    expect(find(await suggested(recruiter.id), 'jobs')).toBeUndefined();
    const repairs = await projectWith([lost('iphone screen repair', '2.00'), lost('iphone repair jobs', '2.00')], [], {
      description: 'Phone repair shop: cracked screens and batteries fixed while you wait',
    });
    const answer = await suggested(repairs.id);
    expect(find(answer, 'repair')).toBeUndefined();
    expect(find(answer, 'jobs')).toMatchObject({ reason: 'job seekers' });
  });

  it('flags a negative that would block one of the project’s keywords or a converting search, and does not choose it', async () => {
    const project = await projectWith(
      [
        lost('free leather wallet pattern', '20.00'),
        termsRow('free engraving leather wallet', { Cost: '30.00', Conversions: '3.00' }),
        lost('leather card holder', '25.00'),
      ],
      ['leather card holder', 'leather wallet'],
    );
    const answer = await suggested(project.id);
    expect(find(answer, 'free')).toMatchObject({
      match_type: 'phrase',
      blocks: ['free engraving leather wallet'],
      blocks_count: 1,
      selected: false,
    });
    expect(find(answer, 'leather card holder')).toMatchObject({
      match_type: 'exact',
      blocks: ['leather card holder'],
      selected: false,
    });
    expect(find(answer, 'free leather wallet pattern')).toMatchObject({ blocks: [], selected: true });
  });

  it('suggests a competitor’s name where the project bids on none, and not once it does', async () => {
    const rows = [lost('bellroy slim wallet', '4.00')];
    const project = await projectWith(rows, [], { competitors: 'Bellroy, Ridge' });
    expect(find(await suggested(project.id), 'bellroy')).toMatchObject({
      match_type: 'phrase',
      reason: 'looking for a competitor, Bellroy',
    });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'bellroy alternative' });
    expect(find(await suggested(project.id), 'bellroy')).toBeUndefined();
  });

  it('suggests a city far from a local business’s own', async () => {
    const project = await projectWith(
      [lost('emergency plumber london', '4.00'), lost('emergency plumber leeds', '4.00')],
      [],
      {
        description: 'Emergency plumber: leaks, burst pipes and boiler repairs',
        city: 'Leeds',
        country: 'United Kingdom',
      },
    );
    const places = (await suggested(project.id)).suggestions.filter((item) => item.reason.startsWith('searching in'));
    expect(places).toEqual([expect.objectContaining({ text: 'london', match_type: 'phrase', level: 'campaign' })]);
    expect(places[0]!.reason).toMatch(/^searching in London, \d+ miles away$/);
  });

  it('suggests an ad-group negative for a search that belongs in another of the project’s groups', async () => {
    const project = await buildProject(ctx, { owner });
    const keywords = [
      'leather belt',
      'brown leather belt',
      'black leather belt',
      'leather wallet',
      'slim leather wallet',
    ];
    for (const keyword of keywords) await buildKeyword(ctx, { as: owner, projectId: project.id, keyword });
    const groupsResponse = await request(ctx, owner, {
      method: 'GET',
      url: buildPath(endpoints.projectClusters.path, { projectId: project.id }),
    });
    expect(groupsResponse.statusCode, groupsResponse.body).toBe(200);
    const groups = clustersAnswerSchema.parse(groupsResponse.json()).clusters;
    const groupOf = (keyword: string) => groups.find((group) => group.keywords.some((k) => k.keyword === keyword))!;
    const belts = groupOf('brown leather belt');
    const wallets = groupOf('slim leather wallet');
    expect(belts.name).not.toBe(wallets.name);
    await importReport(project.id, [
      termsRow('brown leather belt', { 'Ad group': wallets.name, Cost: '3.00', Conversions: '1.00' }),
      termsRow('brown leather belt', { 'Ad group': belts.name, Cost: '9.00', Conversions: '2.00' }),
    ]);
    const answer = await suggested(project.id);
    expect(find(answer, 'brown leather belt', 'ad_group')).toEqual({
      text: 'brown leather belt',
      match_type: 'exact',
      level: 'ad_group',
      ad_group: wallets.name,
      reason: messages.negativeSuggestionReasons.otherGroup(belts.name),
      cost: 12,
      blocks: [],
      blocks_count: 0,
      selected: true,
    });
    expect(answer.suggestions.filter((item) => item.level === 'ad_group')).toHaveLength(1);
  });

  it('leaves out what the project’s negative lists hold or block already', async () => {
    const project = await projectWith([lost('leather wallet jobs', '30.00'), lost('wallet stand', '30.00')]);
    const list = await request(ctx, owner, {
      method: 'POST',
      url: buildPath(endpoints.createNegativeList.path, { projectId: project.id }),
      payload: { name: 'Job seekers' },
    });
    const added = await request(ctx, owner, {
      method: 'POST',
      url: buildPath(endpoints.addNegativeItems.path, { id: list.json().id }),
      payload: { text: 'jobs', match_type: 'phrase' },
    });
    expect(added.statusCode).toBe(200);
    const answer = await suggested(project.id);
    expect(answer.suggestions.map((item) => `${item.match_type}:${item.text}`)).toEqual(['exact:wallet stand']);
  });

  it('answers 404 for a project the caller may not read, and 401 without a session', async () => {
    const project = await projectWith([lost('leather wallet jobs', '30.00')]);
    const stranger = await buildUser(ctx);
    const hidden = await suggestions(project.id, '', stranger);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(errorBody('not_found', messages.notFound));
    expect((await suggestions(project.id, '', null)).statusCode).toBe(401);
  });
});
