import { describe, expect, it } from 'vitest';
import { blankFacts } from '../keyword-generator/dev-set';
import type { ProjectFacts } from '../keyword-generator/keyword-generator';
import { createEstimateMetricsProvider } from './estimate';
import type { MetricsPlace } from './metrics-provider';

// Offline ideas (similar keywords, suggestions, list suggestions) for the businesses of the issue:
// each idea is a whole search, read as the keyword generator reads the business.

const provider = createEstimateMetricsProvider();

const blank = blankFacts;

const motionPhysio: ProjectFacts = {
  ...blank,
  name: 'Motion Physio',
  productService:
    'Physiotherapy clinic treating sports injuries, back pain and post-surgery rehabilitation, with sports massage',
  siteUrl: 'https://motionphysio.co.uk',
  country: 'United Kingdom',
  city: 'Leeds',
};
const leeds: MetricsPlace = { country: 'United Kingdom', city: 'Leeds', language: 'English' };
const physioSeeds = ['physiotherapy clinic', 'sports massage', 'back pain treatment', 'physiotherapist leeds'];

const happyPaws: ProjectFacts = {
  ...blank,
  name: 'Happy Paws London',
  productService: 'Dog walking and pet sitting for busy owners, daily walks, puppy visits and overnight care',
  competitors: 'Rover, Wag',
  country: 'United Kingdom',
  city: 'London',
};
const london: MetricsPlace = { country: 'United Kingdom', city: 'London', language: 'English' };

async function ideasFor(seeds: string[], place: MetricsPlace, project?: ProjectFacts): Promise<string[]> {
  const ideas = await provider.keywordIdeas({ seeds, place, limit: 500, project, siteUrl: project?.siteUrl });
  return ideas.map((idea) => idea.keyword);
}

/** What the physiotherapy clinic was offered: a city cut to "leed", "ideas", questions about people and names. */
const fragments = [
  /\bleed\b/,
  /\bideas$/,
  /^what (?:is|are) (?:a )?(?:physio|physiotherapist|physiotherapy clinic|motion physio)/,
  /leeds (?:ideas|online|tips|cost)$|^(?:types of|cheap|top) .*leeds$/,
];

describe('offline ideas for a physiotherapy clinic in Leeds', () => {
  it('suggests whole searches for its keywords: never a fragment of the city or a question about a person', async () => {
    for (const project of [motionPhysio, undefined]) {
      const ideas = await ideasFor(physioSeeds, leeds, project);
      expect(ideas.length, project?.name).toBeGreaterThan(20);
      for (const pattern of fragments) expect(ideas.filter((idea) => pattern.test(idea))).toEqual([]);
      expect(ideas).toEqual(
        expect.arrayContaining(['physiotherapist in leeds', 'sports massage near me', 'back pain treatment cost']),
      );
    }
  });

  it('never glues the clinic’s name into a phrase, even when the name is a seed', async () => {
    const ideas = await ideasFor([...physioSeeds, 'Motion Physio'], leeds, motionPhysio);
    const named = ideas.filter((idea) => /motion ?physio/.test(idea));
    expect(named).toEqual(['motion physio reviews']);
    expect(ideas.filter((idea) => / for (?:sports massage|physiotherapist|back pain)/.test(idea))).toEqual([]);
  });

  it('reads "physio leeds" as a physio in Leeds, not as "physio leed ideas" or "what are physio leeds"', async () => {
    const ideas = await ideasFor(['physio leeds'], leeds);
    expect(ideas).toEqual(expect.arrayContaining(['physio in leeds', 'best physio near me']));
    expect(ideas.filter((idea) => /\bleed\b|ideas|^what are/.test(idea))).toEqual([]);
  });
});

describe('offline ideas for a service and for a shop', () => {
  const goodsSearches = /\b(?:buy|wholesale|bulk|suppliers|brands|for sale|deals|buying guide)\b/;

  it('gives a dog walker no goods searches, and its people as searched ("dog walker london")', async () => {
    for (const project of [happyPaws, undefined]) {
      const ideas = await ideasFor(['dog walking london'], london, project);
      expect(ideas.filter((idea) => goodsSearches.test(idea))).toEqual([]);
      expect(ideas).toEqual(expect.arrayContaining(['dog walking near me', 'dog walker london']));
    }
    // The leads a walker works with are not sold by it.
    const withThings = await ideasFor(['dog walking london', 'dog leads'], london, happyPaws);
    expect(withThings.filter((idea) => goodsSearches.test(idea))).toEqual([]);
  });

  it('still gives a shop’s goods their buying searches', async () => {
    const ideas = await ideasFor(['running shoes'], { ...london, city: '' });
    expect(ideas).toEqual(expect.arrayContaining(['buy running shoes', 'running shoes for sale']));
  });

  it("answers a competitor's name with its comparisons, not with an offer's searches", async () => {
    const ideas = await ideasFor(['rover'], london, happyPaws);
    expect(ideas).toEqual(expect.arrayContaining(['rover alternative', 'rover vs happy paws london']));
    expect(ideas.filter((idea) => /rover (?:near me|cost|price)|(?:best|cheap) rover$/.test(idea))).toEqual([]);
  });
});
