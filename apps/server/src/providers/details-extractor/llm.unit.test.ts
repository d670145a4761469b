import { messages, type ProjectDetails } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeChatServer, type FakeChatServer } from '../../../test/fakes/chat-completions';
import { LlmError } from '../keyword-generator/llm';
import { chunkChars, chunkDocuments, createLlmDetailsExtractor, maxChunks } from './llm';

let fake: FakeChatServer;
beforeAll(async () => {
  fake = await startFakeChatServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const document = {
  name: 'acme.md',
  text:
    'Acme Planner\n\nAcme Planner is a calendar app for small teams, an alternative to Notion Calendar. ' +
    'Visit https://acmeplanner.com for a trial. Our office is in Leipzig.',
};

const good: ProjectDetails = {
  projectName: 'Acme Planner',
  siteUrl: 'https://acmeplanner.com',
  targetAudience: 'small teams',
  productService: 'A calendar app for small teams.',
  competitors: 'Notion Calendar',
  country: 'Germany',
  city: 'Leipzig',
  language: 'English',
};

const json = (details: Partial<ProjectDetails>) => ({ content: JSON.stringify({ ...good, ...details }) });

function extractor(http?: Parameters<typeof createLlmDetailsExtractor>[0]['http']) {
  return createLlmDetailsExtractor({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', http });
}

describe('LLM details extractor over an OpenAI-compatible endpoint', () => {
  it('asks again after a malformed answer, with the document in the prompt and a JSON schema', async () => {
    fake.script({ content: 'Sure! The project is Acme Planner.' }, json({}));
    expect(await extractor().extract([document])).toEqual(good);
    expect(fake.requests).toHaveLength(2);
    const sent = fake.requests[1]!.body;
    expect(sent.response_format?.type).toBe('json_schema');
    const prompt = sent.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('Document "acme.md":');
    expect(prompt).toContain('Acme Planner is a calendar app for small teams');
  });

  it('says the answer could not be read after three malformed answers', async () => {
    fake.script({ content: 'nope' }, { content: '{"name": "Acme"}' }, { content: '[' });
    await expect(extractor().extract([document])).rejects.toThrow(messages.upstreamUnreadable('The language model'));
    expect(fake.requests).toHaveLength(3);
  });

  it('drops a URL, a name, a competitor or a city the text does not contain, and trims the rest', async () => {
    fake.script(
      json({
        siteUrl: 'https://acme-planner.example/',
        competitors: 'Notion Calendar, Google Calendar',
        city: 'Berlin',
        projectName: 'Acme Planner Pro',
        targetAudience: '  small   teams ',
      }),
    );
    expect(await extractor().extract([document])).toEqual({
      ...good,
      siteUrl: '',
      competitors: 'Notion Calendar',
      city: '',
      projectName: '',
      targetAudience: 'small teams',
    });
  });

  it('keeps a bare domain the text writes, as a URL', async () => {
    fake.script(json({ siteUrl: 'acmeplanner.com' }));
    expect((await extractor().extract([document])).siteUrl).toBe('https://acmeplanner.com');
  });

  it('sends a long document in several chunks and merges their details', async () => {
    const paragraph = `${'Acme Planner keeps every meeting of a small team in one calendar. '.repeat(30).trim()}`;
    const long = { name: 'long.txt', text: Array.from({ length: 16 }, () => paragraph).join('\n\n') };
    const chunks = chunkDocuments([long]);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThanOrEqual(maxChunks);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(chunkChars);

    fake.script(
      ...chunks.map((_, index) =>
        json({
          siteUrl: '',
          city: '',
          competitors: index === 0 ? 'Acme' : 'Planner',
          productService: index === 1 ? 'A calendar for small teams, with every meeting in one place.' : 'A calendar.',
        }),
      ),
    );
    const details = await extractor().extract([long]);
    expect(fake.requests).toHaveLength(chunks.length);
    for (const request of fake.requests) {
      expect(request.body.messages.at(-1)!.content.length).toBeLessThan(chunkChars + 2000);
    }
    expect(details.productService).toBe('A calendar for small teams, with every meeting in one place.');
    expect(details.competitors).toBe('Acme, Planner');
  });

  it('reads every document’s start before any document’s second chunk, at most four requests', () => {
    const big = (name: string) => ({ name, text: `${'word '.repeat(3000)}\n\n${'more '.repeat(3000)}` });
    const chunks = chunkDocuments([big('a.txt'), big('b.txt'), big('c.txt')]);
    expect(chunks.map((chunk) => chunk.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'a.txt']);
  });
});

describe('LLM details extractor when the endpoint fails', () => {
  const quick = { timeoutMs: 200, retryBaseMs: 1, sleep: async () => {} };

  it('a time-out: says the model did not answer in time', async () => {
    fake.script({ fault: 'no-answer' });
    const failure = extractor(quick).extract([document]);
    await expect(failure).rejects.toBeInstanceOf(LlmError);
    await expect(failure).rejects.toThrow(messages.upstreamTimedOut('The language model'));
  });

  it('5xx: retried, then reported with the endpoint’s text', async () => {
    const overloaded = { status: 503, error: 'The server is overloaded' };
    fake.script(overloaded, overloaded, overloaded);
    await expect(extractor(quick).extract([document])).rejects.toThrow(
      messages.upstreamFailed('The language model', 'The server is overloaded (HTTP 503)'),
    );
    expect(fake.requests).toHaveLength(3);
  });
});
