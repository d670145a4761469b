import { messages, type ProjectStatusAnswer } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { startFakeChatServer, type FakeChatAnswer, type FakeChatServer } from '../../../test/fakes/chat-completions';
import { createTestContext, request, type TestContext } from '../../../test/harness';
import { createLlmKeywordGenerator } from '../../providers/keyword-generator/llm';
import { projectPhraseContext } from '../../providers/keyword-generator/offline';

/** Generation runs with the real LLM client, talking HTTP to a loopback fake of the chat endpoint. */
let fake: FakeChatServer;
let ctx: TestContext;
let owner: TestUser;
/** A short time-out, so a fault that waits for it ends soon. */
const timeoutMs = 500;
/** Backoff and Retry-After waits of the client, recorded instead of waited. */
let waits: number[] = [];

beforeAll(async () => {
  fake = await startFakeChatServer();
  const keywordGenerator = createLlmKeywordGenerator({
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test',
    model: 'test-model',
    http: { timeoutMs, retryBaseMs: 1, sleep: async (ms) => void waits.push(ms) },
  });
  ctx = await createTestContext({
    app: {
      providers: { keywordGenerator },
      generationTimings: { staleAfterSeconds: 20, heartbeatSeconds: 1, maxAttempts: 3, sweepSeconds: 10 },
    },
  });
  owner = await buildUser(ctx);
  // The phrase gate's first load is slow; it is not what these tests time.
  await projectPhraseContext({ ...form, name: form.projectName, siteUrl: '', competitors: '' });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  waits = [];
});

const form = {
  projectName: 'Green Leaf Coffee',
  productService: 'Organic coffee beans roasted in small batches, delivered by subscription',
  targetAudience: 'home baristas',
  country: 'United States',
  city: 'Austin',
  language: 'English',
  keywordCount: 10,
  keywordLength: '2-3',
};

const keywords = (...list: string[]): FakeChatAnswer => ({ content: JSON.stringify({ keywords: list }) });

/** Starts a run on a new project and polls as the web app does until it is no longer pending. */
async function generate(): Promise<{ projectId: number; done: ProjectStatusAnswer }> {
  const started = await request(ctx, owner, { method: 'POST', url: '/api/start-keyword-generation', payload: form });
  expect(started.statusCode).toBe(202);
  const { projectId } = started.json() as { projectId: number };
  const done = await vi.waitFor(
    async () => {
      const response = await request(ctx, owner, { method: 'GET', url: `/api/project-status/${projectId}` });
      const answer = response.json() as ProjectStatusAnswer;
      if (answer.status === 'pending') throw new Error('still pending');
      return answer;
    },
    { timeout: 20_000, interval: 100 },
  );
  return { projectId, done };
}

/** The run's own time, from the worker taking it to its end, and the keywords it added. */
async function runRecord(projectId: number) {
  const { rows } = await ctx.database.pool.query<{ ms: number; added: number; keywords: number }>(
    `select (extract(epoch from finished_at - started_at) * 1000)::float8 as ms, keywords_added as added,
            (select count(*)::int from keywords where project_id = $1) as keywords
       from generation_runs where project_id = $1`,
    [projectId],
  );
  return rows[0]!;
}

describe('a generation run when the language model fails', () => {
  const service = 'The language model';
  const limited = { status: 429, error: 'Rate limit reached for requests' };
  const overloaded = { status: 503, error: 'The server is overloaded' };
  const html502: FakeChatAnswer = { fault: 'html-502' };
  const faults: Array<[string, FakeChatAnswer[], string, number[]]> = [
    ['no answer', [{ fault: 'no-answer' }], messages.upstreamTimedOut(service), []],
    ['headers, then a stalled body', [{ fault: 'stalled-body' }], messages.upstreamTimedOut(service), []],
    [
      '429 without Retry-After, every time',
      [limited, limited, limited],
      messages.upstreamFailed(service, `${limited.error} (HTTP 429)`),
      [1, 2],
    ],
    [
      '429 with a Retry-After of an hour',
      [{ ...limited, retryAfter: '3600' }],
      messages.upstreamFailed(service, `${limited.error} (HTTP 429)`),
      [],
    ],
    [
      '503, every time',
      [overloaded, overloaded, overloaded],
      messages.upstreamFailed(service, `${overloaded.error} (HTTP 503)`),
      [1, 2],
    ],
    ['cut-off JSON', [{ fault: 'truncated-json' }], messages.upstreamUnreadable(service), []],
    ['an HTML page with 200', [{ fault: 'html' }], messages.upstreamUnreadable(service), []],
    [
      'a proxy’s HTML 502 page, every time',
      [html502, html502, html502],
      messages.upstreamFailed(service, 'HTTP 502'),
      [1, 2],
    ],
    ['JSON of another shape', [{ fault: 'wrong-schema' }], messages.upstreamUnreadable(service), []],
    [
      'a good answer, then cut-off JSON',
      [keywords('coffee beans', 'coffee subscription'), { fault: 'truncated-json' }],
      messages.upstreamUnreadable(service),
      [],
    ],
  ];

  it.each(faults)(
    '%s: the run fails with the text for it, in time, and adds no keyword',
    async (_name, answers, error, expectedWaits) => {
      fake.script(...answers);
      const { projectId, done } = await generate();

      expect(done.status).toBe('failed');
      expect(done.error).toBe(error);
      expect(done.keywords).toBeUndefined();
      const run = await runRecord(projectId);
      expect(run.keywords).toBe(0);
      expect(run.added).toBe(0);
      expect(run.ms).toBeLessThan(timeoutMs + 2000);
      expect(waits).toEqual(expectedWaits);
      expect(fake.requests).toHaveLength(answers.length);
    },
  );

  it('429 with a Retry-After of three seconds: waits that long, then completes with the answer', async () => {
    const ten = ['coffee beans', 'coffee subscription', 'organic coffee beans', 'coffee beans austin'];
    ten.push('small batch coffee', 'coffee delivery', 'fresh roasted coffee', 'coffee bean club');
    ten.push('organic coffee delivery', 'whole bean coffee');
    fake.script({ ...limited, retryAfter: '3' }, keywords(...ten), keywords(...ten), keywords(...ten));
    const { projectId, done } = await generate();
    expect(done.status, done.error).toBe('completed');
    expect(done.keywords!.length).toBeGreaterThan(0);
    expect(waits).toEqual([3000]);
    expect((await runRecord(projectId)).keywords).toBe(done.keywords!.length);
  });
});
