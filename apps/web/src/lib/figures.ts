import type { Competition, KeywordFigures } from '@keywright/contract';

/** `12,100`, or `N/A` when the source does not know. */
export function formatSearchVolume(value: number | null | undefined): string {
  return value == null ? 'N/A' : value.toLocaleString('en-US');
}

/** Keyword difficulty out of 100, or `N/A`. */
export function formatDifficulty(value: number | null | undefined): string {
  return value == null ? 'N/A' : String(value);
}

export const competitionColors: Record<Competition, string> = { Low: 'teal', Medium: 'yellow', High: 'red' };

/** Whether any of these figures are the offline model's (they must be labelled "Estimated"). */
export function hasEstimates(figures: ReadonlyArray<Pick<KeywordFigures, 'source'> | null | undefined>): boolean {
  return figures.some((item) => item?.source === 'estimate');
}
