import { formatMoney, messages, type KeywordFigures } from '@keywright/contract';

/**
 * What every export with figures writes about them (issue 24): where they came from (a `Source`
 * column: Google Ads, Keyword Planner file, Estimate) and in which currency (the project's code in
 * the money columns' names; a figure in another currency keeps its own sign and code, unconverted).
 */
export const SOURCE_COLUMN = 'Source';

/** `Low CPC (GBP)`. */
export function moneyColumn(name: string, currency: string): string {
  return `${name} (${currency})`;
}

/** The Source cell of a row: empty when it has no figures (none cached, or the source knew none). */
export function sourceCell(figures: KeywordFigures | null | undefined): string {
  if (!figures) return '';
  const { avg_monthly_searches, competition, competition_index, cpc_low, cpc_high } = figures;
  const knowsAny = [avg_monthly_searches, competition, competition_index, cpc_low, cpc_high].some((v) => v != null);
  return knowsAny ? messages.figureSourceNames[figures.source] : '';
}

/** A bid in its own currency (`£1.20`); one in another currency than the column's says so (`$1.20 USD`). */
export function moneyCell(
  micros: number | null | undefined,
  figures: Pick<KeywordFigures, 'currency'> | null | undefined,
  columnCurrency: string,
): string {
  return micros == null ? 'N/A' : inColumn(formatMoney(micros, figures?.currency ?? null), figures, columnCurrency);
}

/** A bid as a plain amount (`1.20`); one in another currency than the column's says so (`1.20 USD`). */
export function amountCell(
  micros: number | null | undefined,
  figures: Pick<KeywordFigures, 'currency'> | null | undefined,
  columnCurrency: string,
): string {
  return micros == null ? 'N/A' : inColumn((micros / 1_000_000).toFixed(2), figures, columnCurrency);
}

/** An amount as the column shows it: with its currency code when that is not the column's. */
function inColumn(
  amount: string,
  figures: Pick<KeywordFigures, 'currency'> | null | undefined,
  columnCurrency: string,
): string {
  const currency = figures?.currency ?? null;
  return currency && currency !== columnCurrency ? `${amount} ${currency}` : amount;
}

/** A CPC range cell: `£1.20 - £3.45`, with the code when in another currency than the column's. */
export function cpcRangeCell(figures: KeywordFigures | null | undefined, columnCurrency: string): string {
  if (!figures || figures.cpc_range === 'N/A') return 'N/A';
  return figures.currency && figures.currency !== columnCurrency
    ? `${figures.cpc_range} ${figures.currency}`
    : figures.cpc_range;
}
