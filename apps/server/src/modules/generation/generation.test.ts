import { messages, type ProjectStatusAnswer } from '@keywright/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProject } from '../../../test/factories/projects';
import { addToTeam } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createTestContext, errorBody, request, type TestContext } from '../../../test/harness';
import type { KeywordGenerator } from '../../providers/keyword-generator/keyword-generator';
import { LlmError } from '../../providers/keyword-generator/llm';
import { createOfflineKeywordGenerator } from '../../providers/keyword-generator/offline';

/** The offline generator, or a failing one for projects whose name says so. */
const generator: KeywordGenerator = {
  name: 'offline',
  generate: (request) =>
    request.project.name.startsWith('Failing')
      ? Promise.reject(new LlmError('The language model endpoint failed (HTTP 500): boom'))
      : createOfflineKeywordGenerator().generate(request),
};

let ctx: TestContext;
let owner: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({
    app: {
      providers: { keywordGenerator: generator },
      generationTimings: { staleAfterSeconds: 2, heartbeatSeconds: 1, maxAttempts: 3, sweepSeconds: 1 },
    },
  });
  owner = await buildUser(ctx);
});
afterAll(() => ctx.close());

const form = {
  projectName: 'Green Leaf Coffee',
  siteUrl: 'https://greenleaf.example',
  targetAudience: 'home baristas',
  productService: 'Organic coffee beans roasted in small batches, delivered by subscription',
  competitors: 'Blue Bottle, Starbucks',
  country: 'United States',
  city: 'Austin',
  language: 'English',
  keywordCount: 20,
  // Two or three words: this coffee roaster has fewer than twenty real two-word searches.
  keywordLength: '2-3',
};

async function start(as: TestUser, body: object) {
  return request(ctx, as, { method: 'POST', url: '/api/start-keyword-generation', payload: body });
}

async function status(as: TestUser, projectId: number): Promise<ProjectStatusAnswer> {
  const response = await request(ctx, as, { method: 'GET', url: `/api/project-status/${projectId}` });
  expect(response.statusCode).toBe(200);
  return response.json() as ProjectStatusAnswer;
}

/** Polls as the web app does, until the run is no longer pending. */
async function finished(as: TestUser, projectId: number): Promise<ProjectStatusAnswer> {
  return vi.waitFor(
    async () => {
      const answer = await status(as, projectId);
      if (answer.status === 'pending') throw new Error('still pending');
      return answer;
    },
    { timeout: 20_000, interval: 100 },
  );
}

async function runCount(): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ count: number }>(
    'select count(*)::int as count from generation_runs',
  );
  return rows[0]!.count;
}

describe('keyword generation runs', () => {
  it('creates the project, runs in the background, and answers the keywords', async () => {
    const response = await start(owner, form);
    expect(response.statusCode).toBe(202);
    const { projectId, runId } = response.json() as { projectId: number; runId: number };

    const project = (await request(ctx, owner, { method: 'GET', url: `/api/projects/${projectId}` })).json();
    expect(project).toMatchObject({
      name: 'Green Leaf Coffee',
      description: form.productService,
      country: 'United States',
      city: 'Austin',
      language: 'English',
    });

    const done = await finished(owner, projectId);
    expect(done.status).toBe('completed');
    expect(done.runId).toBe(runId);
    expect(done.progress).toEqual({ generated: 20, requested: 20 });
    expect(done.keywords).toHaveLength(20);
    for (const keyword of done.keywords!) {
      expect([2, 3]).toContain(keyword.keyword.split(' ').length);
      expect(keyword).toMatchObject({ source: 'generated', generation_id: runId });
    }
    const listed = (await request(ctx, owner, { method: 'GET', url: `/api/projects/${projectId}/keywords` })).json();
    expect(listed).toHaveLength(20);
  });

  it('adds to an existing project without repeating its keywords', async () => {
    const project = await buildProject(ctx, { owner });
    const again = { ...form, projectId: project.id };
    const first = (await start(owner, again)).json() as { projectId: number };
    expect(first.projectId).toBe(project.id);
    const firstDone = await finished(owner, project.id);
    const second = await start(owner, again);
    expect(second.statusCode).toBe(202);
    const secondDone = await finished(owner, project.id);
    const before = new Set(firstDone.keywords!.map((keyword) => keyword.keyword));
    expect(secondDone.keywords!.filter((keyword) => before.has(keyword.keyword))).toEqual([]);
    const listed = (await request(ctx, owner, { method: 'GET', url: `/api/projects/${project.id}/keywords` })).json();
    expect(listed).toHaveLength(40);
  });

  it("lets a team member generate into the owner's project, and nobody else", async () => {
    const member = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    await addToTeam(ctx, owner, member);
    const runsBefore = await runCount();

    const byStranger = await start(stranger, { ...form, projectId: project.id });
    expect(byStranger.statusCode).toBe(404);
    expect(await runCount()).toBe(runsBefore);
    expect((await request(ctx, stranger, { method: 'GET', url: `/api/project-status/${project.id}` })).statusCode).toBe(
      404,
    );

    expect((await start(member, { ...form, projectId: project.id })).statusCode).toBe(202);
    expect((await finished(member, project.id)).status).toBe('completed');
  });

  it('says plainly when the description holds fewer keywords than asked, to whoever may read the project', async () => {
    const member = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await addToTeam(ctx, owner, member);
    // One word of description holds few keywords of exactly two words.
    const short = {
      ...form,
      projectName: 'Wick Works',
      productService: 'Candles',
      keywordCount: 30,
      keywordLength: '2',
    };
    const { projectId } = (await start(owner, short)).json() as { projectId: number };
    const done = await finished(owner, projectId);
    expect(done.status).toBe('completed');
    const delivered = done.keywords!.length;
    expect(delivered, 'the description must hold fewer than 30 keywords of 2 words').toBeLessThan(30);
    expect(done.progress).toEqual({ generated: delivered, requested: 30 });
    expect(done.notice).toBe(messages.keywordsShortfall(delivered, '2'));

    expect((await status(member, projectId)).notice).toBe(done.notice);
    const byStranger = await request(ctx, stranger, { method: 'GET', url: `/api/project-status/${projectId}` });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual(errorBody('not_found', messages.notFound));
  });

  it('has no notice when the run delivers the count asked', async () => {
    const { projectId } = (await start(owner, form)).json() as { projectId: number };
    const done = await finished(owner, projectId);
    expect(done.keywords).toHaveLength(form.keywordCount);
    expect(done).not.toHaveProperty('notice');
  });

  it('answers idle for a project that never ran', async () => {
    const project = await buildProject(ctx, { owner });
    expect(await status(owner, project.id)).toEqual({
      status: 'idle',
      runId: null,
      progress: { generated: 0, requested: 0 },
    });
  });

  it('reports a failed run with its reason and adds nothing', async () => {
    const { projectId } = (await start(owner, { ...form, projectName: 'Failing Project' })).json() as {
      projectId: number;
    };
    const done = await finished(owner, projectId);
    expect(done.status).toBe('failed');
    expect(done.error).toBe('The language model endpoint failed (HTTP 500): boom');
    expect(done.keywords).toBeUndefined();
    const listed = (await request(ctx, owner, { method: 'GET', url: `/api/projects/${projectId}/keywords` })).json();
    expect(listed).toEqual([]);
  });

  it.each([
    [{ ...form, projectName: '  ' }, messages.fillInGeneratorFields],
    [{ ...form, productService: '' }, messages.fillInGeneratorFields],
    [{ ...form, keywordCount: 31 }, undefined],
    [{ ...form, keywordCount: 9 }, undefined],
    [{ ...form, keywordCount: '20' }, undefined],
    [{ ...form, keywordLength: '5+' }, undefined],
    [{ ...form, projectName: 'x'.repeat(201) }, undefined],
    [{ ...form, projectId: 'abc' }, undefined],
  ])('refuses bad input and creates nothing (%#)', async (body, message) => {
    const projectsBefore = (await request(ctx, owner, { method: 'GET', url: '/api/projects' })).json().length;
    const runsBefore = await runCount();
    const response = await start(owner, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
    if (message) expect(response.json().error.message).toBe(message);
    expect((await request(ctx, owner, { method: 'GET', url: '/api/projects' })).json()).toHaveLength(projectsBefore);
    expect(await runCount()).toBe(runsBefore);
  });
});

describe('runs interrupted by a crash', () => {
  async function interruptedRun(attempts: number): Promise<{ projectId: number; runId: number }> {
    const project = await buildProject(ctx, {
      owner,
      name: 'Interrupted Coffee',
      description: 'Cold brew coffee kits',
    });
    const params = {
      facts: { ...form, name: project.name, productService: project.description },
      count: 10,
      lengthRule: '2',
    };
    const { rows } = await ctx.database.pool.query<{ id: number }>(
      `insert into generation_runs (project_id, user_id, status, params, requested, attempts, heartbeat_at, enqueued_at, created_at)
       values ($1, $2, 'running', $3, 10, $4, now() - interval '1 minute', now() - interval '1 minute', now() - interval '1 minute')
       returning id`,
      [project.id, owner.id, JSON.stringify(params), attempts],
    );
    return { projectId: project.id, runId: rows[0]!.id };
  }

  it('picks up a run whose process died and completes it once', async () => {
    const { projectId, runId } = await interruptedRun(1);
    const done = await finished(owner, projectId);
    expect(done).toMatchObject({ status: 'completed', runId });
    expect(done.keywords).toHaveLength(10);
    const { rows } = await ctx.database.pool.query(
      'select attempts, keywords_added from generation_runs where id = $1',
      [runId],
    );
    expect(rows[0]).toEqual({ attempts: 2, keywords_added: 10 });
  });

  it('fails a run that died too often instead of leaving it pending', async () => {
    const { projectId } = await interruptedRun(3);
    const done = await finished(owner, projectId);
    expect(done.status).toBe('failed');
    expect(done.error).toBe('Gave up after 3 attempts.');
  });

  it('leaves a run alone while its process still beats', async () => {
    const { projectId, runId } = await interruptedRun(1);
    await ctx.database.db.execute(
      sql`update generation_runs set heartbeat_at = now() + interval '1 hour' where id = ${runId}`,
    );
    const answer = await status(owner, projectId);
    expect(answer.status).toBe('pending');
    await ctx.database.db.execute(
      sql`update generation_runs set heartbeat_at = now() - interval '1 minute' where id = ${runId}`,
    );
    expect((await finished(owner, projectId)).status).toBe('completed');
  });
});
