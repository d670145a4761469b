import type { NegativeSuggestion } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { suggestNegatives, type PlaceReading, type ReportTerm, type SuggestionInput } from './suggest';

const term = (normalized: string, cost: number, conversions = 0, adGroup: string | null = 'Wallets'): ReportTerm => ({
  normalized,
  cost,
  conversions,
  adGroup,
});

const shop = (overrides: Partial<SuggestionInput>): SuggestionInput => ({
  terms: [],
  currency: 'USD',
  minCost: 10,
  keywords: [],
  groups: [],
  business: { text: 'handmade leather wallets', sellsGoods: true },
  competitors: [],
  place: null,
  existing: [],
  ...overrides,
});

const find = (suggestions: NegativeSuggestion[], text: string) => suggestions.find((item) => item.text === text);

describe('suggestNegatives', () => {
  it('adds up a search’s rows before weighing its spend, and keeps the cheap ones out', () => {
    const { suggestions } = suggestNegatives(
      shop({
        terms: [
          term('wallet shop', 6),
          term('wallet shop', 6, 0, 'Bags'),
          term('cheap wallet', 4),
          term('mens wallet', 30, 1),
        ],
      }),
    );
    expect(suggestions.map((item) => item.text)).toEqual(['wallet shop']);
    expect(suggestions[0]).toMatchObject({
      match_type: 'exact',
      level: 'campaign',
      cost: 12,
      reason: '$12 spent, 0 conversions',
    });
  });

  it('flags a phrase negative that would block a keyword and a converting search, naming them', () => {
    const { suggestions } = suggestNegatives(
      shop({
        terms: [term('free leather wallet', 3), term('free shipping wallet', 2, 2)],
        keywords: ['free engraving wallet', 'leather wallet'],
      }),
    );
    expect(find(suggestions, 'free')).toMatchObject({
      match_type: 'phrase',
      reason: 'looking for something free',
      blocks: ['free engraving wallet', 'free shipping wallet'],
      blocks_count: 2,
      selected: false,
      cost: 5,
    });
  });

  it('leaves out what the negative lists hold already, or block already', () => {
    const { suggestions } = suggestNegatives(
      shop({
        terms: [term('wallet jobs', 40), term('free wallet', 40), term('wallet stand', 40)],
        existing: [
          { text: 'jobs', match_type: 'phrase', ad_group: null },
          { text: 'wallet stand', match_type: 'exact', ad_group: null },
        ],
      }),
    );
    expect(suggestions.map((item) => `${item.match_type}:${item.text}`).sort()).toEqual(['phrase:free']);
  });

  it('suggests no exact negative a phrase suggestion covers, unless that phrase would block something wanted', () => {
    const covered = suggestNegatives(shop({ terms: [term('wallet repair jobs', 84), term('used wallet', 15)] }));
    expect(covered.suggestions.map((item) => `${item.match_type}:${item.text}`)).toEqual([
      'phrase:jobs',
      'phrase:used',
    ]);
    expect(find(covered.suggestions, 'jobs')).toMatchObject({ cost: 84, selected: true });

    const flagged = suggestNegatives(
      shop({ terms: [term('free wallet pattern', 31.4)], keywords: ['free engraving wallet'] }),
    );
    expect(flagged.suggestions.map((item) => `${item.match_type}:${item.text}:${item.selected}`)).toEqual([
      'phrase:free:false',
      'exact:free wallet pattern:true',
    ]);
  });

  it('orders by money wasted, then by text, and caps the answer at 200', () => {
    const terms = Array.from({ length: 205 }, (_, index) => term(`wallet ${String(index).padStart(3, '0')}`, 20));
    terms.push(term('wallet zzz', 500));
    const { suggestions, capped } = suggestNegatives(shop({ terms }));
    expect(suggestions).toHaveLength(200);
    expect(capped).toBe(true);
    expect(suggestions.slice(0, 3).map((item) => item.text)).toEqual(['wallet zzz', 'wallet 000', 'wallet 001']);
  });

  it('suggests a competitor’s name only where the project does not bid on it', () => {
    const competitors = [{ name: 'Bellroy', searched: 'bellroy' }];
    const terms = [term('bellroy wallet', 2)];
    expect(find(suggestNegatives(shop({ terms, competitors })).suggestions, 'bellroy')).toMatchObject({
      match_type: 'phrase',
      reason: 'looking for a competitor, Bellroy',
    });
    const bidding = suggestNegatives(shop({ terms, competitors, keywords: ['bellroy alternative'] }));
    expect(find(bidding.suggestions, 'bellroy')).toBeUndefined();
  });

  it('suggests a city far from the project’s, never its own nor a near one', () => {
    const cities: Record<string, { name: string; lat: number; lon: number }> = {
      london: { name: 'London', lat: 51.5, lon: -0.12 },
      bradford: { name: 'Bradford', lat: 53.79, lon: -1.75 },
    };
    const place: PlaceReading = {
      home: { name: 'Leeds', lat: 53.8, lon: -1.55 },
      miles: true,
      cityOf: (phrase) => cities[phrase],
    };
    const { suggestions } = suggestNegatives(
      shop({ place, terms: [term('plumber london', 2), term('plumber bradford', 2), term('plumber leeds', 2)] }),
    );
    expect(suggestions.filter((item) => item.match_type === 'phrase')).toEqual([
      expect.objectContaining({ text: 'london', reason: 'searching in London, 170 miles away', selected: true }),
    ]);
  });

  it('sends a search that showed in one of the project’s groups to the group it belongs in', () => {
    const groups = [
      { name: 'Wallets', keywords: ['leather wallet', 'mens wallet'] },
      { name: 'Belts', keywords: ['leather belt', 'brown leather belt'] },
    ];
    const { suggestions } = suggestNegatives(
      shop({
        groups,
        keywords: groups.flatMap((group) => group.keywords),
        terms: [
          term('brown leather belt', 3, 1, 'Wallets'),
          term('leather belt sale', 2, 0, 'Wallets'),
          term('leather wallet', 2, 0, 'Wallets'),
          term('belt for mens wallet', 2, 0, 'Other campaign group'),
        ],
      }),
    );
    const crossGroup = suggestions.filter((item) => item.level === 'ad_group');
    expect(crossGroup).toEqual([
      expect.objectContaining({
        text: 'brown leather belt',
        match_type: 'exact',
        ad_group: 'Wallets',
        reason: 'belongs in the ad group Belts',
        // It converts, but it is sent to its own group, not lost.
        blocks: [],
        selected: true,
      }),
      expect.objectContaining({
        text: 'leather belt sale',
        ad_group: 'Wallets',
        reason: 'belongs in the ad group Belts',
      }),
    ]);
  });

  it('leaves out an ad group’s suggestion its group holds already, and one the campaign holds; not the other level', () => {
    const groups = [
      { name: 'Wallets', keywords: ['leather wallet'] },
      { name: 'Belts', keywords: ['leather belt'] },
    ];
    const input = {
      groups,
      keywords: groups.flatMap((group) => group.keywords),
      terms: [term('leather belt sale', 20, 0, 'Wallets'), term('leather belt cheap', 20, 0, 'Wallets')],
    };
    const levels = (existing: SuggestionInput['existing']) =>
      suggestNegatives(shop({ ...input, existing }))
        .suggestions.map((item) => `${item.ad_group ?? 'campaign'}:${item.match_type}:${item.text}`)
        .sort();
    expect(levels([])).toEqual([
      'Wallets:exact:leather belt cheap',
      'Wallets:exact:leather belt sale',
      'campaign:exact:leather belt cheap',
      'campaign:exact:leather belt sale',
    ]);
    // Held for the ad group (another case): only that group's suggestion goes.
    expect(levels([{ text: 'leather belt sale', match_type: 'exact', ad_group: 'wallets' }])).toEqual([
      'Wallets:exact:leather belt cheap',
      'campaign:exact:leather belt cheap',
      'campaign:exact:leather belt sale',
    ]);
    // Held for another group: nothing goes.
    expect(levels([{ text: 'leather belt sale', match_type: 'exact', ad_group: 'Belts' }])).toHaveLength(4);
    // Held for the campaign, as a phrase: both levels go.
    expect(levels([{ text: 'sale', match_type: 'phrase', ad_group: null }])).toEqual([
      'Wallets:exact:leather belt cheap',
      'campaign:exact:leather belt cheap',
    ]);
  });
});
