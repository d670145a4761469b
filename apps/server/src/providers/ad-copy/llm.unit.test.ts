import { messages } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeChatServer, type FakeChatServer } from '../../../test/fakes/chat-completions';
import { LlmError } from '../keyword-generator/llm';
import type { AdCopyBrief } from './ad-copy-writer';
import { adInputText, adLineProblem } from './ad-lines';
import { createLlmAdCopyWriter } from './llm';
import { writeOfflineAdLines } from './offline';

let fake: FakeChatServer;
beforeAll(async () => {
  fake = await startFakeChatServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const brief: AdCopyBrief = {
  keywords: ['trail running shoes', 'hydration vests', 'waterproof jackets'],
  project: {
    name: 'Summit Trail',
    description: 'Lightweight trail running shoes, hydration vests and waterproof jackets',
    country: 'United States',
    city: 'Boulder',
    language: 'English',
    siteUrl: 'https://summit-trail.example',
    targetAudience: 'ultra runners',
  },
};

/** Twenty good headlines of the model's, none of which the offline writer makes. */
const modelHeadlines = [
  'Trail Shoes for Ultra Runners',
  'Light Trail Running Shoes',
  'Vests for Long Trail Days',
  'Jackets for Wet Trails',
  'Run Boulder Trails in Comfort',
  'Gear for Ultra Runners',
  'Summit Trail Running Gear',
  'Shoes Built for the Trail',
  'Stay Dry on the Trail',
  'Carry Water on the Trail',
  'Hydration Vests That Fit',
  'Shoes for Mountain Miles',
  'Boulder Trail Running Gear',
  'Ready for Your Next Ultra',
  'Trail Gear From Summit Trail',
  'Light Gear for Long Runs',
  'Find Your Trail Shoes',
  'Rain Jackets for Runners',
  'Shoes That Grip the Trail',
  'Gear Up for the Mountains',
];

const json = (lines: string[]) => ({ content: JSON.stringify({ lines }) });

function writer(http?: Parameters<typeof createLlmAdCopyWriter>[0]['http']) {
  return createLlmAdCopyWriter({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', http });
}

describe('LLM ad copy writer over an OpenAI-compatible endpoint', () => {
  it('asks again after a malformed answer, with the facts, the rules and the language', async () => {
    fake.script({ content: 'Sure! Here are some headlines: Trail Shoes, Vests' }, json(modelHeadlines));
    expect(await writer().write('headlines', brief)).toEqual(modelHeadlines);
    expect(fake.requests).toHaveLength(2);
    const sent = fake.requests[1]!.body;
    expect(sent.response_format?.type).toBe('json_schema');
    const prompt = sent.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('Business name: Summit Trail');
    expect(prompt).toContain('City: Boulder');
    expect(prompt).toContain('Keywords, most important first: trail running shoes; hydration vests');
    expect(prompt).toContain('at most 30 characters');
    expect(prompt).toContain('Write them in English.');
  });

  it('tells the model the project’s language', async () => {
    fake.script(json(modelHeadlines));
    await writer().write('headlines', { ...brief, project: { ...brief.project, language: 'German' } });
    expect(fake.requests[0]!.body.messages.at(-1)!.content).toContain('Write them in German.');
  });

  it('drops an over-long line whole rather than cutting it, and asks again for its place', async () => {
    const tooLong = 'Lightweight Trail Running Shoes Today';
    fake.script(json([tooLong, ...modelHeadlines.slice(0, 19)]), json([modelHeadlines[19]!]));
    const lines = await writer().write('headlines', brief);
    expect(lines).toEqual(modelHeadlines);
    expect(lines.filter((line) => tooLong.startsWith(line.slice(0, 12)))).toEqual([]);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages.at(-1)!.content).toContain('Do not repeat these lines: Trail Shoes');
  });

  it('drops lines with "!!", an exclamation in a headline, capitals the input does not have, or a made-up claim', async () => {
    const broken = [
      'Trail Shoes!!',
      'Shop Trail Shoes!',
      'TRAIL Shoes on Sale',
      'Award-Winning Trail Shoes',
      'Shoes From $99',
    ];
    fake.script(json([...broken, ...modelHeadlines]));
    expect(await writer().write('headlines', brief)).toEqual(modelHeadlines);
  });

  it('tidies numbering, quotes and a headline’s full stop, and ends a description with one', async () => {
    fake.script(json(['1. Trail Shoes for Ultra Runners.', '"Light Trail Running Shoes"', ...modelHeadlines.slice(2)]));
    expect(await writer().write('headlines', brief)).toEqual(modelHeadlines);
    fake.script(json(['Shop trail running shoes from Summit Trail']), json([]), json([]));
    const descriptions = await writer().write('descriptions', brief);
    expect(descriptions[0]).toBe('Shop trail running shoes from Summit Trail.');
  });

  it('tops up with the offline writer’s lines after three short answers, the model’s first', async () => {
    fake.script(json(modelHeadlines.slice(0, 3)), { content: 'not json' }, json(modelHeadlines.slice(0, 3)));
    const lines = await writer().write('headlines', brief);
    expect(fake.requests).toHaveLength(3);
    expect(lines).toHaveLength(20);
    expect(lines.slice(0, 3)).toEqual(modelHeadlines.slice(0, 3));
    const offline = await writeOfflineAdLines('headlines', brief);
    expect(lines.slice(3)).toEqual(offline.filter((line) => !lines.slice(0, 3).includes(line)).slice(0, 17));
    for (const line of lines) expect(adLineProblem('headlines', line, adInputText(brief))).toBeNull();
  });

  it('gives twenty offline descriptions when every answer is malformed', async () => {
    fake.script({ content: 'nope' }, { content: '{"words": []}' }, { content: '[' });
    expect(await writer().write('descriptions', brief)).toEqual(await writeOfflineAdLines('descriptions', brief));
  });
});

describe('LLM ad copy writer when the endpoint fails', () => {
  const sleeps: number[] = [];
  const quick = { timeoutMs: 200, retryBaseMs: 1, sleep: async (ms: number) => void sleeps.push(ms) };

  it('a time-out: says the model did not answer in time', async () => {
    fake.script({ fault: 'no-answer' });
    const failure = writer(quick).write('headlines', brief);
    await expect(failure).rejects.toBeInstanceOf(LlmError);
    await expect(failure).rejects.toThrow(messages.upstreamTimedOut('The language model'));
  });

  it('5xx: retried, then reported with the endpoint’s text', async () => {
    const overloaded = { status: 503, error: 'The server is overloaded' };
    fake.script(overloaded, overloaded, overloaded);
    await expect(writer(quick).write('descriptions', brief)).rejects.toThrow(
      messages.upstreamFailed('The language model', 'The server is overloaded (HTTP 503)'),
    );
    expect(fake.requests).toHaveLength(3);
  });
});
