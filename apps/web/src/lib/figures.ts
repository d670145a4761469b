import { formatMoney, type Competition, type KeywordFigures } from '@keywright/contract';

/** `12,100`, or `N/A` when the source does not know. */
export function formatSearchVolume(value: number | null | undefined): string {
  return value == null ? 'N/A' : value.toLocaleString('en-US');
}

/** A bid in micro-units with 2 decimals in its currency (`$1.20`, `£1.20`; dollars when unknown), or `N/A`. */
export function formatCpc(micros: number | null | undefined, currency: string | null = null): string {
  return micros == null ? 'N/A' : formatMoney(micros, currency);
}

/** A whole figure (a competition index) as it is, or `N/A`. */
export function formatFigure(value: number | null | undefined): string {
  return value == null ? 'N/A' : String(value);
}

export const competitionColors: Record<Competition, string> = { Low: 'teal', Medium: 'yellow', High: 'red' };

/** Whether any of these figures are the offline model's (they must be labelled "Estimated"). */
export function hasEstimates(figures: ReadonlyArray<Pick<KeywordFigures, 'source'> | null | undefined>): boolean {
  return figures.some((item) => item?.source === 'estimate');
}
