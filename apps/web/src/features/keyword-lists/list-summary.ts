import { messages, type KeywordListSummary } from '@keywright/contract';
import { formatCpc } from '@/lib/figures';

export interface ListSummaryFigures {
  totalReach: string;
  avgLowCpc: string;
  avgHighCpc: string;
  /** The offline model's figures: shown with the Estimated badge. */
  isEstimate: boolean;
  /** The bids are in several currencies: no average is made of them (none is converted). */
  isMixedCurrencies: boolean;
}

/**
 * A list's summary as the page shows it: total reach (sum of monthly searches) and average low and
 * high CPC in the bids' currency; bids in several currencies are not averaged.
 */
export function formatListSummary(summary: KeywordListSummary): ListSummaryFigures {
  const average = (micros: number | null) =>
    summary.mixed_currencies ? messages.mixedCurrencies : formatCpc(micros, summary.currency);
  return {
    totalReach: summary.total_reach.toLocaleString('en-US'),
    avgLowCpc: average(summary.avg_cpc_low),
    avgHighCpc: average(summary.avg_cpc_high),
    isEstimate: summary.source === 'estimate',
    isMixedCurrencies: summary.mixed_currencies,
  };
}
