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
    await expect(failure).rejects.toThrow(/HTTP 401.*Invalid API key/);
  });
});
