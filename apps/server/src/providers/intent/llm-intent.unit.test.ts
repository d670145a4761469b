import { constants, messages } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askedIntentKeywords, startFakeChatServer, type FakeChatServer } from '../../../test/fakes/chat-completions';
import { loadEnv } from '../../env';
import { createProviders } from '../index';
import { LlmError } from '../llm/chat-model';
import { intentReadBatchSize } from './intent-reader';
import { buildIntentPrompt, createLlmIntentReader, readIntentAnswer } from './llm-intent';

const project = { name: 'Ledgerly', competitors: ['QuickBooks', 'Xero'], places: ['Austin', 'United States'] };

describe('the intent prompt', () => {
  it('names the project, its competitors and place, the four intents, and each keyword on a line of its own', () => {
    const prompt = buildIntentPrompt({ project, keywords: ['bank reconciliation', 'invoicing software'] });
    expect(prompt).toContain('Project (its own brand): Ledgerly');
    expect(prompt).toContain('Competitors (their brands): QuickBooks; Xero');
    expect(prompt).toContain('Place: Austin, United States');
    for (const intent of ['informational', 'navigational', 'commercial', 'transactional']) {
      expect(prompt).toContain(`- ${intent}: `);
    }
    expect(prompt).toContain('Keywords, one a line:\nbank reconciliation\ninvoicing software\n\n');
    expect(prompt).not.toMatch(/\n\n\n/);
  });

  it('leaves out facts the project lacks', () => {
    const prompt = buildIntentPrompt({ project: { name: 'Ledgerly', competitors: [], places: [] }, keywords: ['x'] });
    expect(prompt).not.toContain('Competitors');
    expect(prompt).not.toContain('Place:');
  });

  it('stays within a bound however long the facts and however many the keywords', () => {
    const long = 'w'.repeat(5_000);
    const keywords = Array.from({ length: 1_000 }, (_, index) => `${'k'.repeat(constants.limits.keyword - 5)}${index}`);
    const prompt = buildIntentPrompt({
      project: { name: long, competitors: Array.from({ length: 500 }, () => long), places: [long, long] },
      keywords,
    });
    expect(askedIntentKeywords({ model: 'm', messages: [{ role: 'user', content: prompt }] })).toHaveLength(
      intentReadBatchSize,
    );
    expect(prompt.length).toBeLessThan(intentReadBatchSize * (constants.limits.keyword + 1) + 6_000);
  });
});

describe('reading the answer', () => {
  const asked = ['Bank Reconciliation', 'invoicing software', 'ledgerly'];

  it('keeps one or two known intents per keyword asked, matched whatever the case and spacing', () => {
    const read = readIntentAnswer(
      {
        keywords: [
          { keyword: 'bank  reconciliation', intents: ['Informational'] },
          { keyword: 'INVOICING SOFTWARE', intents: ['commercial', 'transactional', 'informational'] },
        ],
      },
      asked,
    );
    expect(read).toEqual(
      new Map([
        ['Bank Reconciliation', ['informational']],
        ['invoicing software', ['commercial', 'transactional']],
      ]),
    );
  });

  it('drops keywords not asked, intents it does not know, entries with none left, repeats and a second entry', () => {
    const read = readIntentAnswer(
      {
        keywords: [
          { keyword: 'payroll app', intents: ['commercial'] },
          { keyword: 'ledgerly', intents: ['curious', 'navigational', 'navigational', 'commercial'] },
          { keyword: 'invoicing software', intents: ['buying'] },
          { keyword: 'invoicing software', intents: [] },
          { keyword: 'bank reconciliation', intents: ['informational'] },
          { keyword: 'bank reconciliation', intents: ['transactional'] },
        ],
      },
      asked,
    );
    expect(read).toEqual(
      new Map([
        ['ledgerly', ['navigational', 'commercial']],
        ['Bank Reconciliation', ['informational']],
      ]),
    );
  });
});

describe('the LLM intent reader over an OpenAI-compatible endpoint', () => {
  let fake: FakeChatServer;
  beforeAll(async () => {
    fake = await startFakeChatServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.intentRequests.length = 0;
  });
  const reader = () =>
    createLlmIntentReader({ baseUrl: fake.baseUrl, model: 'test-model', http: { maxRetries: 0, timeoutMs: 5_000 } });
  const answer = (entries: Array<[string, string[]]>) => ({
    content: JSON.stringify({ keywords: entries.map(([keyword, intents]) => ({ keyword, intents })) }),
  });

  it('asks with a JSON schema, and again after a malformed answer', async () => {
    fake.scriptIntents(
      { content: 'Sure! Here are the intents.' },
      answer([['bank reconciliation', ['informational']]]),
    );
    const read = await reader().read({ project, keywords: ['bank reconciliation'] });
    expect(read).toEqual(new Map([['bank reconciliation', ['informational']]]));
    expect(fake.intentRequests).toHaveLength(2);
    expect(fake.intentRequests[1]!.body.response_format?.type).toBe('json_schema');
    expect(fake.requests).toEqual([]);
  });

  it('asks again only for the keywords an answer left out, and keeps what it has after three asks', async () => {
    fake.scriptIntents(
      answer([['invoicing software', ['commercial']]]),
      answer([['payroll', ['curious']]]),
      answer([['bank reconciliation', ['informational']]]),
    );
    const read = await reader().read({ project, keywords: ['invoicing software', 'payroll', 'bank reconciliation'] });
    expect(read).toEqual(
      new Map([
        ['invoicing software', ['commercial']],
        ['bank reconciliation', ['informational']],
      ]),
    );
    expect(fake.intentRequests.map((request) => askedIntentKeywords(request.body))).toEqual([
      ['invoicing software', 'payroll', 'bank reconciliation'],
      ['payroll', 'bank reconciliation'],
      ['payroll', 'bank reconciliation'],
    ]);
  });

  it('fails, as a model that could not be read, after three answers with nothing usable', async () => {
    fake.scriptIntents({ content: '[' }, answer([['something else', ['commercial']]]), { content: '{"keywords": 3}' });
    const failure = reader().read({ project, keywords: ['payroll'] });
    await expect(failure).rejects.toThrow(LlmError);
    await expect(failure).rejects.toThrow(messages.upstreamUnreadable('The language model'));
    expect(fake.intentRequests).toHaveLength(3);
  });

  it("fails with the endpoint's own error text", async () => {
    fake.scriptIntents({ status: 500, error: 'model overloaded' });
    await expect(reader().read({ project, keywords: ['payroll'] })).rejects.toThrow(/model overloaded \(HTTP 500\)/);
  });
});

describe('intent reader choice', () => {
  it('reads no keyword again by default, with the LLM once LLM_BASE_URL and LLM_MODEL are set', async () => {
    const base = { DATA_DIR: '/tmp/keywright-providers-test', AUTH_SECRET: 'a'.repeat(32) };
    const offline = createProviders(loadEnv(base)).intentReader;
    expect(offline.name).toBe('offline');
    expect(await offline.read({ project, keywords: ['bank reconciliation'] })).toEqual(new Map());
    const env = loadEnv({ ...base, LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'test-model' });
    expect(createProviders(env).intentReader.name).toBe('llm');
  });
});
