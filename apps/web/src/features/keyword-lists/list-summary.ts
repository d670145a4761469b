import { constants, type KeywordListSummary } from '@keywright/contract';

/** `$1.23` from micro-units, or `N/A` when unknown. */
export function formatCpc(micros: number | null | undefined): string {
  return micros == null ? 'N/A' : `$${(micros / constants.microsPerUnit).toFixed(2)}`;
}

export interface ListSummaryFigures {
  totalReach: string;
  avgLowCpc: string;
  avgHighCpc: string;
  /** The offline model's figures: shown with the Estimated badge. */
  isEstimate: boolean;
}

/** A list's summary as the page shows it: total reach (sum of monthly searches) and average low and high CPC. */
export function formatListSummary(summary: KeywordListSummary): ListSummaryFigures {
  return {
    totalReach: summary.total_reach.toLocaleString('en-US'),
    avgLowCpc: formatCpc(summary.avg_cpc_low),
    avgHighCpc: formatCpc(summary.avg_cpc_high),
    isEstimate: summary.source === 'estimate',
  };
}
