import { normalizeKeyword } from '@keywright/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEstimateMetricsProvider } from './estimate';
import { volumeBuckets } from './estimate-data';
import type { KeywordMetrics, MetricsPlace } from './metrics-provider';

const usa: MetricsPlace = { country: 'United States', city: '', language: 'English' };
const provider = createEstimateMetricsProvider();

async function figures(keyword: string, place: MetricsPlace = usa): Promise<KeywordMetrics> {
  const [answer] = await provider.historicalMetrics([keyword], place);
  if (!answer) throw new Error(`No figures for ${keyword}`);
  return answer;
}

async function volume(keyword: string, place: MetricsPlace = usa): Promise<number> {
  return (await figures(keyword, place)).avgMonthlySearches ?? 0;
}

const buckets = new Set(volumeBuckets);

describe('estimate metrics provider', () => {
  it('names itself and takes up to 10,000 keywords a request', () => {
    expect(provider.name).toBe('estimate');
    expect(provider.maxKeywordsPerRequest).toBe(10_000);
  });

  it('gives the same figures twice and from a fresh provider', async () => {
    const keywords = ['running shoes', 'personal injury lawyer near me', 'what is seo'];
    const first = await provider.historicalMetrics(keywords, usa);
    expect(await provider.historicalMetrics(keywords, usa)).toEqual(first);
    expect(await createEstimateMetricsProvider().historicalMetrics(keywords, usa)).toEqual(first);
  });

  it('answers one entry per distinct keyword, keeping the asked text', async () => {
    const answers = await provider.historicalMetrics(['Running Shoes', 'running  shoes', 'trail shoes'], usa);
    expect(answers.map((answer) => answer.keyword)).toEqual(['Running Shoes', 'trail shoes']);
  });

  it('rounds volumes to Keyword Planner buckets, monthly figures too', async () => {
    const answers = await provider.historicalMetrics(
      ['shoes', 'running shoes', 'blue suede running shoes size 9'],
      usa,
    );
    for (const answer of answers) {
      expect(buckets.has(answer.avgMonthlySearches ?? -1)).toBe(true);
      expect(answer.monthlyVolumes).toHaveLength(12);
      for (const month of answer.monthlyVolumes ?? []) expect(buckets.has(month.searches)).toBe(true);
    }
  });

  it('gives a head term more searches than its long tail, and a common word more than a rare one', async () => {
    expect(await volume('running shoes')).toBeGreaterThan(await volume('best lightweight running shoes for flat feet'));
    expect(await volume('shoes')).toBeGreaterThan(await volume('running shoes'));
    expect(await volume('house')).toBeGreaterThan(await volume('quokka'));
  });

  it('gives a city fewer searches than its country', async () => {
    const country = await volume('running shoes');
    expect(await volume('running shoes', { ...usa, city: 'Austin' })).toBeLessThan(country);
    expect(await volume('running shoes', { ...usa, city: 'California' })).toBeLessThan(country);
  });

  it('rates commercial searches above informational ones', async () => {
    const commercial = await figures('buy running shoes online');
    const informational = await figures('what is a running shoe');
    expect(commercial.competitionIndex).toBeGreaterThan(informational.competitionIndex ?? 100);
    expect(commercial.highBidMicros).toBeGreaterThan(informational.highBidMicros ?? Infinity);
    expect(commercial.lowBidMicros).toBeGreaterThan(informational.lowBidMicros ?? Infinity);
  });

  it('refuses more than 10,000 keywords', async () => {
    const keywords = Array.from({ length: 10_001 }, (_, i) => `keyword ${i}`);
    await expect(provider.historicalMetrics(keywords, usa)).rejects.toThrow(/10000|10,000/);
  });

  it('keeps every figure in range for any keyword', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (keyword) => {
        const answer = await figures(keyword);
        expect(buckets.has(answer.avgMonthlySearches ?? -1)).toBe(true);
        const index = answer.competitionIndex ?? -1;
        expect(index).toBeGreaterThanOrEqual(0);
        expect(index).toBeLessThanOrEqual(100);
        expect(answer.competition).toBe(index <= 33 ? 'Low' : index <= 66 ? 'Medium' : 'High');
        const low = answer.lowBidMicros ?? -1;
        const high = answer.highBidMicros ?? -1;
        expect(low % 10_000).toBe(0);
        expect(high % 10_000).toBe(0);
        expect(low).toBeGreaterThan(0);
        expect(low).toBeLessThan(high);
        expect(high).toBeLessThanOrEqual(60_000_000);
        expect(answer.difficulty).toBeGreaterThanOrEqual(0);
        expect(answer.difficulty).toBeLessThanOrEqual(100);
        expect(await figures(keyword)).toEqual(answer);
      }),
    );
  });
});

describe('estimate keyword ideas', () => {
  it('answers plausible, unique ideas without the seeds, within the limit', async () => {
    const seeds = ['running shoes', 'Trail Running'];
    const ideas = await provider.keywordIdeas({ seeds, place: usa, limit: 25 });
    const keys = ideas.map((idea) => normalizeKeyword(idea.keyword));
    expect(ideas.length).toBeGreaterThan(0);
    expect(ideas.length).toBeLessThanOrEqual(25);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('running shoes');
    expect(keys).not.toContain('trail running');
    for (const key of keys) expect(key).toMatch(/running|shoes|trail/);
  });
});
