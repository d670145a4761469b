import type { KeywordListSummary } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { formatListSummary } from './list-summary';

const summary = (overrides: Partial<KeywordListSummary> = {}): KeywordListSummary => ({
  total_reach: 12_100,
  avg_cpc_low: 1_234_567,
  avg_cpc_high: 3_450_000,
  with_figures: 3,
  source: 'google-ads',
  currency: 'USD',
  mixed_currencies: false,
  ...overrides,
});

describe('list summary', () => {
  it('formats total reach and both averages', () => {
    expect(formatListSummary(summary())).toEqual({
      totalReach: '12,100',
      avgLowCpc: '$1.23',
      avgHighCpc: '$3.45',
      isEstimate: false,
      isMixedCurrencies: false,
    });
  });

  it('shows the averages in the bids’ currency', () => {
    const figures = formatListSummary(summary({ currency: 'GBP' }));
    expect([figures.avgLowCpc, figures.avgHighCpc]).toEqual(['£1.23', '£3.45']);
  });

  it('makes no average of bids in several currencies: it says they are mixed', () => {
    const figures = formatListSummary(
      summary({ avg_cpc_low: null, avg_cpc_high: null, currency: null, mixed_currencies: true }),
    );
    expect(figures).toMatchObject({
      avgLowCpc: 'Mixed currencies',
      avgHighCpc: 'Mixed currencies',
      isMixedCurrencies: true,
    });
  });

  it('says N/A when no keyword has a bid, and flags estimates', () => {
    const figures = formatListSummary(
      summary({ total_reach: 0, avg_cpc_low: null, avg_cpc_high: null, with_figures: 0, source: 'estimate' }),
    );
    expect(figures).toEqual({
      totalReach: '0',
      avgLowCpc: 'N/A',
      avgHighCpc: 'N/A',
      isEstimate: true,
      isMixedCurrencies: false,
    });
  });
});
