import { z } from 'zod';
import { constants } from './constants';

/** Where figures come from: Google Ads' own, or the offline model (always shown as "Estimated"). */
export const metricsSourceSchema = z.enum(['google-ads', 'estimate']);
export type MetricsSource = z.infer<typeof metricsSourceSchema>;

/**
 * Where one keyword's figures come from: the server's provider, or a Keyword Planner file the
 * project imported (kept over estimates; a Google Ads fetch may refresh them).
 */
export const figuresSourceSchema = z.enum(['google-ads', 'estimate', 'keyword-planner']);
export type FiguresSource = z.infer<typeof figuresSourceSchema>;

/** One month of a keyword's searches: Google's months for Google's figures; the estimate's are labelled. */
export const monthlySearchesSchema = z.object({
  year: z.number().int(),
  /** 1-12. */
  month: z.number().int().min(1).max(12),
  searches: z.number().int(),
});
export type MonthlySearches = z.infer<typeof monthlySearchesSchema>;

export const competitionSchema = z.enum(constants.competitionLevels);
export type Competition = z.infer<typeof competitionSchema>;

/** A keyword's figures; a figure the source does not know is null (shown as N/A). */
export const keywordFiguresSchema = z.object({
  avg_monthly_searches: z.number().int().nullable(),
  competition: competitionSchema.nullable(),
  competition_index: z.number().int().nullable(),
  /** Low and high top-of-page bid in micro-units (divide by 1,000,000). */
  cpc_low: z.number().int().nullable(),
  cpc_high: z.number().int().nullable(),
  difficulty: z.number().int().nullable(),
  /** `$1.20 - $3.45` (`£1.20 - £3.45`: in `currency`), or `N/A`. */
  cpc_range: z.string(),
  source: figuresSourceSchema,
  /**
   * The ISO 4217 code of the bids: an estimate's is its place's, Google Ads' the account's, a Keyword
   * Planner file's its own; null when not known (figures stored before currencies were kept).
   */
  currency: z.string().nullable().optional(),
  /** Searches month by month, oldest first (usually 12); null when the source gave none. */
  trend: z.array(monthlySearchesSchema).nullable().optional(),
});
export type KeywordFigures = z.infer<typeof keywordFiguresSchema>;

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount of micro-units in a currency, as en-US writes it with two decimals: `$1.20`, `£1.20`,
 * `€1.20`, `CA$1.20`, `CHF 1.20` (the symbol tells the currency). Unknown currency: dollars, as SPEC.
 */
export function formatMoney(micros: number, currency: string | null = null): string {
  const code = currency ?? 'USD';
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(code, format);
  }
  return format.format(micros / constants.microsPerUnit);
}

/** The sign en-US writes a currency with: `$`, `£`, `€`, `CA$`, `CHF`; `$` when unknown. */
export function currencySymbol(currency: string | null = null): string {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency ?? '$';
}

/** `$1.20 - $3.45` from micro-units (`£1.20 - £3.45` in pounds), or `N/A` when either bound is unknown. */
export function formatCpcRange(
  lowMicros: number | null,
  highMicros: number | null,
  currency: string | null = null,
): string {
  if (lowMicros == null || highMicros == null) return 'N/A';
  return `${formatMoney(lowMicros, currency)} - ${formatMoney(highMicros, currency)}`;
}

/** SPEC's overlap rule: with a bound set, a keyword without CPC is out; else kept when its range overlaps. */
export function cpcRangeOverlaps(
  lowMicros: number | null,
  highMicros: number | null,
  minCpc: number | null,
  maxCpc: number | null,
): boolean {
  if (minCpc == null && maxCpc == null) return true;
  if (lowMicros == null || highMicros == null) return false;
  if (maxCpc != null && lowMicros > Math.round(maxCpc * constants.microsPerUnit)) return false;
  if (minCpc != null && highMicros < Math.round(minCpc * constants.microsPerUnit)) return false;
  return true;
}

/** The CPC filter input: everything but digits and the dot is stripped. */
export function cleanCpcInput(text: string): string {
  return text.replace(/[^\d.]/g, '');
}
