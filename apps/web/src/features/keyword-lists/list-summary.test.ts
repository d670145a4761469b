import type { KeywordListSummary } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { formatCpc, formatListSummary } from './list-summary';

const summary = (overrides: Partial<KeywordListSummary> = {}): KeywordListSummary => ({
  total_reach: 12_100,
  avg_cpc_low: 1_234_567,
  avg_cpc_high: 3_450_000,
  with_figures: 3,
  source: 'google-ads',
  ...overrides,
});

describe('list summary', () => {
  it('shows CPC in dollars with two decimals from micro-units', () => {
    expect(formatCpc(1_234_567)).toBe('$1.23');
    expect(formatCpc(3_450_000)).toBe('$3.45');
    expect(formatCpc(0)).toBe('$0.00');
    expect(formatCpc(5_000)).toBe('$0.01');
  });

  it('shows N/A for an unknown CPC', () => {
    expect(formatCpc(null)).toBe('N/A');
    expect(formatCpc(undefined)).toBe('N/A');
  });

  it('formats total reach and both averages', () => {
    expect(formatListSummary(summary())).toEqual({
      totalReach: '12,100',
      avgLowCpc: '$1.23',
      avgHighCpc: '$3.45',
      isEstimate: false,
    });
  });

  it('says N/A when no keyword has a bid, and flags estimates', () => {
    const figures = formatListSummary(
      summary({ total_reach: 0, avg_cpc_low: null, avg_cpc_high: null, with_figures: 0, source: 'estimate' }),
    );
    expect(figures).toEqual({ totalReach: '0', avgLowCpc: 'N/A', avgHighCpc: 'N/A', isEstimate: true });
  });
});
