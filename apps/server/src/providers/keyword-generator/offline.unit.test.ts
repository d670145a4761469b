import { fitsLengthRule, keywordLengthRules, normalizeKeyword, type KeywordLengthRule } from '@keywright/contract';
import fc from 'fast-check';
import { stemmer } from 'stemmer';
import { describe, expect, it } from 'vitest';
import type { ProjectFacts } from './keyword-generator';
import { generateOfflineKeywords } from './offline';
import { stopwords } from './words';

const coffee: ProjectFacts = {
  name: 'Green Leaf Coffee',
  productService: 'Organic fair-trade coffee beans roasted in small batches, delivered by subscription',
  targetAudience: 'home baristas and small cafes',
  siteUrl: 'https://greenleaf-coffee.com',
  competitors: 'Blue Bottle, Starbucks',
  country: 'United States',
  city: 'Austin',
  language: 'English',
};

function projectWords(project: ProjectFacts): Set<string> {
  const text = [
    project.name,
    project.productService,
    project.targetAudience,
    project.siteUrl,
    project.competitors,
  ].join(' ');
  const words = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 2 || stopwords.has(word)) continue;
    words.add(word);
    words.add(stemmer(word));
  }
  return words;
}

function containsProjectWord(keyword: string, words: Set<string>): boolean {
  return keyword.split(/[^\p{L}\p{N}]+/u).some((word) => words.has(word) || words.has(stemmer(word)));
}

describe('offline keyword generator', () => {
  // Two words hold fewer searches a person types than three: the count is an upper bound, met
  // whenever the project's text holds enough, and never filled with a phrase nobody searches.
  const roomy = keywordLengthRules.filter((rule) => rule !== '2' && rule !== '1-2');
  it.each(roomy)('gives exactly the count asked for, inside the %s rule', async (rule) => {
    const keywords = await generateOfflineKeywords({ project: coffee, count: 30, lengthRule: rule, avoid: [] });
    expect(keywords).toHaveLength(30);
    expect(keywords.filter((keyword) => !fitsLengthRule(keyword, rule))).toEqual([]);
  });

  it.each(['2', '1-2'] as const)('gives at least 10 and at most the count inside the %s rule', async (rule) => {
    const keywords = await generateOfflineKeywords({ project: coffee, count: 30, lengthRule: rule, avoid: [] });
    expect(keywords.length).toBeGreaterThanOrEqual(10);
    expect(keywords.length).toBeLessThanOrEqual(30);
    expect(keywords.filter((keyword) => !fitsLengthRule(keyword, rule))).toEqual([]);
  });

  it('writes 200 distinct keywords, each about the project', async () => {
    const keywords = await generateOfflineKeywords({ project: coffee, count: 200, lengthRule: 'any', avoid: [] });
    expect(keywords).toHaveLength(200);
    expect(new Set(keywords.map(normalizeKeyword)).size).toBe(200);
    const words = projectWords(coffee);
    expect(keywords.filter((keyword) => !containsProjectWord(keyword, words))).toEqual([]);
  });

  it('covers commercial, local, comparison, audience and question intents', async () => {
    const keywords = await generateOfflineKeywords({ project: coffee, count: 60, lengthRule: 'any', avoid: [] });
    const has = (pattern: RegExp) => keywords.some((keyword) => pattern.test(keyword));
    expect(has(/^(best|buy|cheap|affordable) |( price| cost| reviews)$/)).toBe(true);
    expect(has(/near me|austin/)).toBe(true);
    expect(has(/starbucks|blue bottle/)).toBe(true);
    expect(has(/for home baristas/)).toBe(true);
    expect(has(/^(how|what|where) /)).toBe(true);
  });

  it('never repeats a keyword the project has, in any form', async () => {
    const first = await generateOfflineKeywords({ project: coffee, count: 20, lengthRule: '2-3', avoid: [] });
    const avoid = first.slice(0, 10).map((keyword) => `  ${keyword.toUpperCase()} `);
    const next = await generateOfflineKeywords({ project: coffee, count: 20, lengthRule: '2-3', avoid });
    const avoided = new Set(first.slice(0, 10));
    expect(next.filter((keyword) => avoided.has(keyword))).toEqual([]);
    expect(next).toHaveLength(20);
  });

  it('treats plurals and word order as the same keyword', async () => {
    const keywords = await generateOfflineKeywords({
      project: coffee,
      count: 20,
      lengthRule: '2',
      avoid: ['coffee bean'],
    });
    expect(keywords).not.toContain('coffee beans');
    expect(keywords).not.toContain('beans coffee');
  });

  it('is deterministic', async () => {
    const request = { project: coffee, count: 50, lengthRule: '2-3' as const, avoid: ['best coffee'] };
    expect(await generateOfflineKeywords(request)).toEqual(await generateOfflineKeywords(request));
  });

  // CPU-bound: forty generations on a busy two-core machine can take several seconds.
  it('holds its rules for any project text', { timeout: 60_000 }, async () => {
    const text = fc.array(
      fc.constantFrom(
        'solar',
        'panels',
        'installation',
        'roof',
        'energy',
        'battery',
        'storage',
        'garden',
        'design',
        'yoga',
        'classes',
        'studio',
        'dog',
        'grooming',
        'accounting',
        'software',
        'the',
        'and',
        'for',
        'with',
        'small',
        'local',
        'green',
        'fast',
        'repair',
        'bikes',
        'café',
        'über',
        'naïve',
        '2026',
        ',',
        '.',
        '-',
      ),
      { minLength: 1, maxLength: 25 },
    );
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.constantFrom<KeywordLengthRule>(...keywordLengthRules),
        fc.integer({ min: 1, max: 40 }),
        async (service, audience, rule, count) => {
          const project = {
            ...coffee,
            name: 'Acme',
            productService: service.join(' '),
            targetAudience: audience.join(' '),
            competitors: '',
          };
          const keywords = await generateOfflineKeywords({ project, count, lengthRule: rule, avoid: [] });
          expect(keywords.length).toBeLessThanOrEqual(count);
          expect(new Set(keywords.map(normalizeKeyword)).size).toBe(keywords.length);
          const words = projectWords(project);
          for (const keyword of keywords) {
            expect(fitsLengthRule(keyword, rule)).toBe(true);
            expect(containsProjectWord(keyword, words)).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("the project's Search Console queries", () => {
  const searchQueries = [
    { query: 'Single Origin Coffee', impressions: 5_400 },
    { query: 'coffee roaster austin', impressions: 2_100 },
    { query: 'coffee beans for', impressions: 1_800 },
    { query: 'how long do coffee beans stay fresh after roasting', impressions: 900 },
  ];

  it('searches what people typed, the most seen first, when it fits the length and the gate', async () => {
    const keywords = await generateOfflineKeywords({
      project: { ...coffee, searchQueries },
      count: 20,
      lengthRule: '2-3',
      avoid: [],
    });
    expect(keywords[0]).toBe('single origin coffee');
    expect(keywords).toContain('coffee roaster austin');
    // Too long for 2-3 words, and a fragment the gate turns away.
    expect(keywords).not.toContain('how long do coffee beans stay fresh after roasting');
    expect(keywords).not.toContain('coffee beans for');
    expect(keywords).toHaveLength(20);
  });

  it('leaves out a query the project already has', async () => {
    const keywords = await generateOfflineKeywords({
      project: { ...coffee, searchQueries },
      count: 20,
      lengthRule: '2-3',
      avoid: ['coffee roaster austin'],
    });
    expect(keywords).not.toContain('coffee roaster austin');
    expect(keywords[0]).toBe('single origin coffee');
  });
});

describe('one word that names many trades', () => {
  const facts = (name: string, productService: string): ProjectFacts => ({
    ...coffee,
    name,
    productService,
    targetAudience: '',
    competitors: '',
    city: 'Dallas',
  });

  it.each([
    ['Spin City DJs', 'Wedding DJ and party DJ hire with lighting and a photo booth', /^(?:\w+ )?lighting(?: \w+)?$/],
    [
      'Leanline Consulting',
      'We help manufacturing companies cut costs with lean consulting and operations audits',
      /^(?:best |cheap |affordable |local )?consult(?:ing|ant)(?: cost| services| reviews)?$/,
    ],
  ])('is not searched alone with a price, a place or "services": %s', async (name, productService, alone) => {
    for (const lengthRule of ['2', '2-3'] as const) {
      const keywords = await generateOfflineKeywords({
        project: facts(name, productService),
        count: 30,
        lengthRule,
        avoid: [],
      });
      expect(keywords.length).toBeGreaterThan(0);
      expect(keywords.filter((keyword) => alone.test(keyword))).toEqual([]);
    }
  });
});
