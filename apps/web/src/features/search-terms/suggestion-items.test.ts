import type { NegativeSuggestion } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { suggestionItems } from './suggestion-items';

const suggestion = (change: Partial<NegativeSuggestion>): NegativeSuggestion => ({
  text: 'leather belt',
  match_type: 'exact',
  level: 'campaign',
  ad_group: null,
  reason: 'belongs in the ad group Belts',
  cost: 12,
  blocks: [],
  blocks_count: 0,
  selected: true,
  ...change,
});

describe('suggestionItems', () => {
  it('sends an ad group’s suggestion with its ad group and a campaign’s without one', () => {
    expect(
      suggestionItems([
        suggestion({}),
        suggestion({ level: 'ad_group', ad_group: 'Wallets' }),
        suggestion({ text: 'free', match_type: 'phrase' }),
      ]),
    ).toEqual([
      { text: 'leather belt', match_type: 'exact', ad_group: null },
      { text: 'leather belt', match_type: 'exact', ad_group: 'Wallets' },
      { text: 'free', match_type: 'phrase', ad_group: null },
    ]);
  });
});
