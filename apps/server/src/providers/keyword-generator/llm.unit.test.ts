import { messages } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeChatServer, type FakeChatServer } from '../../../test/fakes/chat-completions';
import type { KeywordIdeasRequest } from './keyword-generator';
import { createLlmKeywordGenerator, LlmError } from './llm';

let fake: FakeChatServer;
beforeAll(async () => {
  fake = await startFakeChatServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const request: KeywordIdeasRequest = {
  project: {
    name: 'Green Leaf Coffee',
    productService: 'Organic coffee beans by subscription',
    targetAudience: 'home baristas',
    siteUrl: 'https://greenleaf.example',
    competitors: 'Blue Bottle',
    country: 'United States',
    city: 'Austin',
    language: 'English',
  },
  count: 4,
  lengthRule: '2-3',
  avoid: ['organic coffee'],
};

const json = (keywords: string[]) => ({ content: JSON.stringify({ keywords }) });

function generator() {
  return createLlmKeywordGenerator({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model' });
}

describe('LLM keyword generator over an OpenAI-compatible endpoint', () => {
  it('asks for a JSON object in the message content, with the project facts and rules', async () => {
    fake.script(json(['coffee subscription', 'organic coffee beans', 'coffee beans austin', 'best coffee beans']));
    const keywords = await generator().generate(request);
    expect(keywords).toEqual([
      'coffee subscription',
      'organic coffee beans',
      'coffee beans austin',
      'best coffee beans',
    ]);

    const [sent] = fake.requests;
    expect(sent!.headers.authorization).toBe('Bearer sk-test');
    expect(sent!.body.model).toBe('test-model');
    expect(sent!.body.tools).toBeUndefined();
    expect(sent!.body.response_format?.type).toBe('json_schema');
    const prompt = sent!.body.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('Product or service: Organic coffee beans by subscription');
    expect(prompt).toContain('Competitors: Blue Bottle');
    expect(prompt).toContain('City: Austin');
    expect(prompt).toContain('Write 4 search keywords');
    expect(prompt).toContain('two or three words');
    expect(prompt).toContain('organic coffee');
  });

  it('trims answers to the rules: length, duplicates, avoided keywords, numbering', async () => {
    fake.script(
      json([
        '1. coffee',
        '2. Organic Coffee',
        '  coffee   beans ',
        'COFFEE BEANS',
        'a very long keyword phrase here',
        '"3d coffee art"',
        'beans near austin',
        'extra one',
      ]),
    );
    expect(await generator().generate(request)).toEqual([
      'coffee beans',
      '3d coffee art',
      'beans near austin',
      'extra one',
    ]);
  });

  it('asks again after a malformed answer and after a short one', async () => {
    fake.script(
      { content: 'Sure! Here are keywords: coffee, beans' },
      json(['coffee beans', 'coffee club']),
      json(['bean subscription', 'coffee beans', 'roast club']),
    );
    expect(await generator().generate(request)).toEqual([
      'coffee beans',
      'coffee club',
      'bean subscription',
      'roast club',
    ]);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]!.body.messages.at(-1)!.content).toContain('Write 2 search keywords');
    expect(fake.requests[2]!.body.messages.at(-1)!.content).toContain('coffee club');
  });

  it('drops a phrase no one would search and asks again for its place', async () => {
    fake.script(
      json(['coffee beans', 'beans offering organic', 'cheap organic', 'buy home baristas']),
      json(['coffee beans austin', 'bean subscription', 'coffee beans delivery']),
    );
    expect(await generator().generate(request)).toEqual([
      'coffee beans',
      'coffee beans austin',
      'bean subscription',
      'coffee beans delivery',
    ]);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages.at(-1)!.content).toContain('Write 3 search keywords');
  });

  it('keeps what it has after three short answers', async () => {
    fake.script(json(['coffee beans']), json(['coffee club']), json([]));
    expect(await generator().generate(request)).toEqual(['coffee beans', 'coffee club']);
    expect(fake.requests).toHaveLength(3);
  });

  it('fails clearly after three malformed answers', async () => {
    fake.script({ content: 'nope' }, { content: '{"words": []}' }, { content: '[' });
    await expect(generator().generate(request)).rejects.toThrow(
      'The language model gave no usable keywords in 3 tries.',
    );
  });

  it('fails clearly when the endpoint fails', async () => {
    fake.script({ status: 401, error: 'Invalid API key' });
    const failure = generator().generate(request);
    await expect(failure).rejects.toBeInstanceOf(LlmError);
    await expect(failure).rejects.toThrow(messages.upstreamFailed('The language model', 'Invalid API key (HTTP 401)'));
  });
});

describe('LLM keyword generator when the endpoint fails', () => {
  const service = 'The language model';
  const timeoutMs = 200;
  let sleeps: number[] = [];
  beforeEach(() => {
    sleeps = [];
  });

  /** Short time-outs and recorded backoff waits, so each fault ends at once or after one time-out. */
  function faultyGenerator(baseUrl = fake.baseUrl) {
    return createLlmKeywordGenerator({
      baseUrl,
      model: 'test-model',
      http: { timeoutMs, retryBaseMs: 1, sleep: async (ms) => void sleeps.push(ms) },
    });
  }

  /** The failure of one generation and how long it took to come. */
  async function failure(generate: Promise<string[]>) {
    const started = performance.now();
    const error = await generate.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(LlmError);
    return { message: (error as LlmError).message, ms: performance.now() - started };
  }

  beforeAll(async () => {
    // The phrase gate's first load is slow; it is not what these tests time.
    fake.script(json(['coffee beans', 'coffee club', 'bean subscription', 'roast club']));
    await faultyGenerator().generate(request);
  });

  it.each([
    ['no answer', { fault: 'no-answer' as const }],
    ['headers, then a stalled body', { fault: 'stalled-body' as const }],
  ])('%s: says the model did not answer in time, after one time-out, not retried', async (_name, answer) => {
    fake.script(answer);
    const { message, ms } = await failure(faultyGenerator().generate(request));
    expect(message).toBe(messages.upstreamTimedOut(service));
    expect(ms).toBeGreaterThanOrEqual(timeoutMs - 10);
    expect(ms).toBeLessThan(timeoutMs + 1000);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ['cut-off JSON', { fault: 'truncated-json' as const }],
    ['an HTML page with 200', { fault: 'html' as const }],
    ['JSON of another shape', { fault: 'wrong-schema' as const }],
  ])('%s: says the answer could not be read, at once, not retried', async (_name, answer) => {
    fake.script(answer);
    const { message, ms } = await failure(faultyGenerator().generate(request));
    expect(message).toBe(messages.upstreamUnreadable(service));
    expect(ms).toBeLessThan(1000);
    expect(fake.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('429 without Retry-After: backs off twice, then reports the rate limit', async () => {
    const limited = { status: 429, error: 'Rate limit reached for requests' };
    fake.script(limited, limited, limited);
    const { message, ms } = await failure(faultyGenerator().generate(request));
    expect(message).toBe(messages.upstreamFailed(service, 'Rate limit reached for requests (HTTP 429)'));
    expect(ms).toBeLessThan(1000);
    expect(fake.requests).toHaveLength(3);
    expect(sleeps).toEqual([1, 2]);
  });

  it('429 with Retry-After: waits as long as it says, then uses the next answer', async () => {
    fake.script({ status: 429, error: 'Slow down', retryAfter: '7' }, json(['coffee beans', 'coffee club']));
    expect(await faultyGenerator().generate({ ...request, count: 2 })).toEqual(['coffee beans', 'coffee club']);
    expect(sleeps).toEqual([7000]);
    expect(fake.requests).toHaveLength(2);
  });

  it('429 with a Retry-After over the cap (60 s): reports at once instead of waiting', async () => {
    fake.script({ status: 429, error: 'Quota exceeded', retryAfter: '3600' });
    const { message, ms } = await failure(faultyGenerator().generate(request));
    expect(message).toBe(messages.upstreamFailed(service, 'Quota exceeded (HTTP 429)'));
    expect(ms).toBeLessThan(1000);
    expect(sleeps).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('5xx: tries twice more with backoff, then reports the endpoint’s text', async () => {
    const overloaded = { status: 503, error: 'The server is overloaded' };
    fake.script(overloaded, overloaded, overloaded);
    const { message, ms } = await failure(faultyGenerator().generate(request));
    expect(message).toBe(messages.upstreamFailed(service, 'The server is overloaded (HTTP 503)'));
    expect(ms).toBeLessThan(1000);
    expect(fake.requests).toHaveLength(3);
    expect(sleeps).toEqual([1, 2]);
  });

  it('a proxy’s HTML 502 page: retried like a 5xx, then reported by its status alone', async () => {
    fake.script({ fault: 'html-502' }, { fault: 'html-502' }, { fault: 'html-502' });
    const { message, ms } = await failure(faultyGenerator().generate(request));
    expect(message).toBe(messages.upstreamFailed(service, 'HTTP 502'));
    expect(ms).toBeLessThan(1000);
    expect(fake.requests).toHaveLength(3);
  });

  it('a 5xx, then a good answer: keeps the good answer', async () => {
    fake.script({ status: 500, error: 'boom' }, json(['coffee beans', 'coffee club']));
    expect(await faultyGenerator().generate({ ...request, count: 2 })).toEqual(['coffee beans', 'coffee club']);
    expect(sleeps).toEqual([1]);
  });

  it('nothing listening: says the model could not be reached, after the retries', async () => {
    const { message, ms } = await failure(faultyGenerator('http://127.0.0.1:1/v1').generate(request));
    expect(message).toBe(messages.upstreamUnreachable(service));
    expect(ms).toBeLessThan(1000);
    expect(sleeps).toEqual([1, 2]);
  });

  it('a fault after a good answer: fails the whole generation rather than keep half of it', async () => {
    fake.script(json(['coffee beans', 'coffee club']), { fault: 'truncated-json' });
    const { message } = await failure(faultyGenerator().generate(request));
    expect(message).toBe(messages.upstreamUnreadable(service));
    expect(fake.requests).toHaveLength(2);
  });
});
