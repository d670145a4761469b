import { normalizeKeyword } from '@keywright/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEstimateMetricsProvider } from './estimate';
import { volumeBuckets } from './estimate-data';
import { siteBrand } from './site-brand';
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

  it('narrows a search about something when a word is added', async () => {
    // (A phrase of modifiers alone, such as "near me", is about nothing; it is not compared.)
    const topics = ['shoes', 'running', 'lawyer', 'women', 'quokka', 'software', 'garden'];
    const words = [...topics, 'cheap', 'for', 'near me', 'what is', 'best', 'the'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...topics),
        fc.array(fc.constantFrom(...words), { maxLength: 3 }),
        fc.constantFrom(...words),
        fc.boolean(),
        async (topic, rest, extra, isPrefix) => {
          const keyword = [topic, ...rest].join(' ');
          const longer = isPrefix ? `${extra} ${keyword}` : `${keyword} ${extra}`;
          expect(await volume(longer)).toBeLessThanOrEqual(await volume(keyword));
        },
      ),
    );
  });

  it('gives a city or state fewer searches than its country, an unknown city some', async () => {
    const country = await volume('running shoes');
    const austin = await volume('running shoes', { ...usa, city: 'Austin' });
    const california = await volume('running shoes', { ...usa, city: 'California' });
    const unknown = await volume('running shoes', { ...usa, city: 'Nowhereville Heights' });
    expect(austin).toBeLessThan(california);
    expect(california).toBeLessThan(country);
    expect(unknown).toBeLessThan(country);
    expect(unknown).toBeGreaterThan(1000);
    expect(await volume('running shoes', { country: 'United Kingdom', city: '', language: '' })).toBeLessThan(country);
  });

  it('treats an empty place as the United States in English', async () => {
    const blank = await figures('running shoes', { country: '', city: '', language: '' });
    expect({ ...blank }).toEqual(await figures('running shoes'));
  });

  it('gives words of other languages moderate volumes rather than none', async () => {
    const german = { country: 'Germany', city: '', language: 'German' };
    expect(await volume('schuhe kaufen', german)).toBeGreaterThanOrEqual(1000);
  });

  it('answers 12 months of a fixed year, oldest first', async () => {
    const months = (await figures('winter coats')).monthlyVolumes ?? [];
    expect(months.map((month) => [month.year, month.month])).toEqual(
      Array.from({ length: 12 }, (_, i) => [2025, i + 1]),
    );
    const searches = (month: number) => months[month - 1]?.searches ?? 0;
    expect(searches(12)).toBeGreaterThan(searches(7));
  });

  it('rates commercial searches above informational ones', async () => {
    const commercial = await figures('buy running shoes online');
    const informational = await figures('what is a running shoe');
    expect(commercial.competitionIndex).toBeGreaterThan(informational.competitionIndex ?? 100);
    expect(commercial.highBidMicros).toBeGreaterThan(informational.highBidMicros ?? Infinity);
    expect(commercial.lowBidMicros).toBeGreaterThan(informational.lowBidMicros ?? Infinity);
    expect(commercial.competition).toBe('High');
    expect(informational.competition).toBe('Low');
  });

  it('prices lawyers above recipes, and free recipes in cents', async () => {
    const lawyer = await figures('personal injury lawyer near me');
    const recipes = await figures('free recipes');
    expect(lawyer.highBidMicros).toBeGreaterThan(10_000_000);
    expect(recipes.highBidMicros).toBeLessThan(1_000_000);
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
    expect(ideas).toEqual(await createEstimateMetricsProvider().keywordIdeas({ seeds, place: usa, limit: 25 }));
  });

  it('strips a seed to its key phrase and pairs seeds up', async () => {
    const ideas = await provider.keywordIdeas({
      seeds: ['buy running shoes online', 'trail running'],
      place: usa,
      limit: 200,
    });
    const keys = ideas.map((idea) => idea.keyword);
    expect(keys[0]).toBe('trail running shoes');
    expect(keys).toContain('running shoes');
    expect(keys).toContain('best running shoes');
    expect(keys).not.toContain('buy running shoes online');
  });

  it('keeps ideas to five words, even from many long seeds', async () => {
    const seeds = [
      'trade coffee beans wholesale portland',
      'small batches coffee roasting types',
      'organic fair trade coffee subscription',
      'cold brew coffee concentrate recipe',
    ];
    const ideas = await provider.keywordIdeas({ seeds, place: usa, limit: 200 });
    expect(ideas.length).toBeGreaterThan(10);
    expect(ideas.filter((idea) => idea.keyword.split(' ').length > 5)).toEqual([]);
  });

  it('uses the site name as a seed', async () => {
    const ideas = await provider.keywordIdeas({
      seeds: ['crm software'],
      siteUrl: 'https://www.acme-crm.io/pricing',
      place: usa,
      limit: 200,
    });
    expect(ideas.map((idea) => idea.keyword)).toEqual(expect.arrayContaining(['acme crm', 'acme crm reviews']));
  });

  it('reads sites as people search them', () => {
    expect(siteBrand('https://www.smithlawfirm.com/contact')).toBe('smith law firm');
    expect(siteBrand('www.acme-shoes.co.uk')).toBe('acme shoes');
    expect(siteBrand('hubspot.com')).toBe('hubspot');
    expect(siteBrand('')).toBeNull();
    expect(siteBrand('not a url')).toBeNull();
  });

  it('answers unique, plausible ideas within the limit for any seeds', async () => {
    const words = ['shoes', 'running', 'price', 'for', 'best', 'lawyer', 'near me', 'software', 'recipes', 'how to'];
    const seed = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
    await fc.assert(
      fc.asyncProperty(
        fc.array(seed, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 60 }),
        async (seeds, limit) => {
          const ideas = await provider.keywordIdeas({ seeds, place: usa, limit });
          const keys = ideas.map((idea) => normalizeKeyword(idea.keyword));
          expect(keys.length).toBeLessThanOrEqual(limit);
          expect(new Set(keys).size).toBe(keys.length);
          for (const key of keys) {
            expect(seeds.map(normalizeKeyword)).not.toContain(key);
            const parts = key.split(' ');
            expect(new Set(parts).size).toBe(parts.length);
            expect(parts.at(-1)).not.toMatch(/^(for|to|of|a|the|and)$/);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
