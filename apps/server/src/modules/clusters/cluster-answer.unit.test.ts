import { describe, expect, it } from 'vitest';
import { toClusters } from './cluster-answer';
import type { GroupKeywordRow } from './clusters.repository';

const row = (keyword: string, low: number | null, high: number | null, currency: string | null): GroupKeywordRow => ({
  cluster_id: 1,
  name: 'physio leeds',
  keyword_id: keyword.length,
  keyword,
  intent: ['commercial'],
  avg_monthly_searches: 100,
  competition: 'Low',
  low_bid_micros: low,
  high_bid_micros: high,
  currency,
});

describe('a group’s CPC range', () => {
  it('spans its keywords’ bids in their currency', () => {
    const [group] = toClusters([
      row('physio leeds', 1_000_000, 2_000_000, 'GBP'),
      row('leeds physio', 500_000, 3_000_000, 'GBP'),
    ]);
    expect(group).toMatchObject({ cpcLow: 500_000, cpcHigh: 3_000_000, currency: 'GBP', mixedCurrencies: false });
  });

  it('makes no range of bids in two currencies, converting neither', () => {
    const [group] = toClusters([
      row('physio leeds', 1_000_000, 2_000_000, 'GBP'),
      row('physio york', 500_000, 3_000_000, 'USD'),
    ]);
    expect(group).toMatchObject({ cpcLow: null, cpcHigh: null, currency: null, mixedCurrencies: true });
    expect(group!.keywords.map((keyword) => keyword.currency).sort()).toEqual(['GBP', 'USD']);
  });
});
