import { endpoints, type GenerateFilteredKeywordsAnswer, type ProjectStatusAnswer } from '@keywright/contract';
import { describe, expect, it, vi } from 'vitest';
import { createFakeMetricsProvider } from '../../../test/fakes/metrics-provider';
import { buildProject } from '../../../test/factories/projects';
import { buildUser } from '../../../test/factories/users';
import { request, type TestContext } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import type { KeywordGenerator } from '../../providers/keyword-generator/keyword-generator';
import { createOfflineKeywordGenerator } from '../../providers/keyword-generator/offline';
import { searchConsoleImports, searchConsoleProjects, searchConsoleQueries } from '../../db/schema';

// Issue 26: the queries people typed before they saw the site are the project's real vocabulary.

/** Offline keywords, except for projects named "Fixed", whose candidates come in a fixed order. */
const fixedOrder = ['leather wallet repair', 'vegan leather wallets', 'slim leather wallets', 'leather card holders'];
const generator: KeywordGenerator = {
  name: 'offline',
  generate: (ideas) =>
    ideas.project.name.startsWith('Fixed')
      ? Promise.resolve(fixedOrder.filter((keyword) => !ideas.avoid.includes(keyword)))
      : createOfflineKeywordGenerator().generate(ideas),
};
const metrics = createFakeMetricsProvider();
const ctx = useTestContext({ app: { providers: { keywordGenerator: generator, metrics: metrics.provider } } });

/** A completed import of these queries, as a refresh or an upload leaves it. */
async function importQueries(context: TestContext, projectId: number, owner: { id: string }, queries: string[][]) {
  const { db } = context.database;
  const [made] = await db
    .insert(searchConsoleImports)
    .values({ projectId, userId: owner.id, source: 'upload', status: 'completed', rows: queries.length })
    .returning({ id: searchConsoleImports.id });
  await db.insert(searchConsoleQueries).values(
    queries.map(([query, impressions]) => ({
      importId: made!.id,
      query: query!,
      normalized: query!.toLowerCase(),
      clicks: 1,
      impressions: Number(impressions),
      ctr: 0.01,
      position: 8.5,
    })),
  );
  await db.insert(searchConsoleProjects).values({ projectId, currentImportId: made!.id });
}

describe("a project's Search Console queries", () => {
  it('are searched by a generation run, in the words people typed', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    await importQueries(ctx, project.id, owner, [
      ['mens leather wallet', '12000'],
      ['handmade leather belt', '3100'],
    ]);
    const started = await request(ctx, owner, {
      method: 'POST',
      url: endpoints.startKeywordGeneration.path,
      payload: {
        projectId: project.id,
        projectName: project.name,
        productService: 'Handmade leather wallets, belts and bags',
        siteUrl: '',
        targetAudience: '',
        competitors: '',
        country: 'United States',
        city: '',
        language: 'English',
        keywordCount: 20,
        keywordLength: '2-3',
      },
    });
    expect(started.statusCode).toBe(202);
    const done = await vi.waitFor(
      async () => {
        const status = await request(ctx, owner, { method: 'GET', url: `/api/project-status/${project.id}` });
        const body = status.json() as ProjectStatusAnswer;
        if (body.status === 'pending') throw new Error('still running');
        return body;
      },
      { timeout: 15_000, interval: 100 },
    );
    const keywords = (done.keywords ?? []).map((keyword) => keyword.keyword);
    expect(keywords).toContain('mens leather wallet');
    expect(keywords).toContain('handmade leather belt');
  });

  it("rank Generate More's candidates by how often the site showed for them", async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner, name: 'Fixed Order Leather' });
    await importQueries(ctx, project.id, owner, [
      ['slim leather wallets', '900'],
      ['leather card holders', '4000'],
    ]);
    const response = await request(ctx, owner, {
      method: 'POST',
      url: endpoints.generateFilteredKeywords.path,
      payload: { projectId: project.id, count: 3, keywordLength: 'any' },
    });
    expect(response.statusCode).toBe(200);
    const { generated } = response.json() as GenerateFilteredKeywordsAnswer;
    expect(generated.map((keyword) => keyword.keyword).sort()).toEqual(
      ['leather card holders', 'slim leather wallets', 'leather wallet repair'].sort(),
    );
  });

  it("seed the project's suggestions", async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    await importQueries(ctx, project.id, owner, [['bifold wallet', '700']]);
    const before = metrics.calls.ideas.length;
    const response = await request(ctx, owner, {
      method: 'POST',
      url: endpoints.keywordSuggestions.path,
      payload: { projectId: project.id },
    });
    expect(response.statusCode).toBe(200);
    expect(metrics.calls.ideas.slice(before).flatMap((call) => call.seeds)).toContain('bifold wallet');
  });
});
