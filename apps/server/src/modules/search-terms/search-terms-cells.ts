import type { Read } from '../../lib/figure-cells';

// What a search terms report's cells hold, written the way Google Ads' English downloads write them:
// counts grouped in thousands ("1,234"), money without a symbol ("1,234.56"), percentages ("3.45%"),
// "--" for a figure it has none of. Anything else is unreadable, never guessed at: "12,34" could be
// twelve or twelve hundred, "$5" a currency the file does not name.

export const matchTypes = ['exact', 'phrase', 'broad'] as const;
export type MatchType = (typeof matchTypes)[number];

/** Added/Excluded: whether the term is a keyword of the ad group, a negative of it, both or neither. */
export const searchTermStatuses = ['added', 'excluded', 'added_excluded', 'none'] as const;
export type SearchTermStatus = (typeof searchTermStatuses)[number];

/** A cell Google Ads leaves without a figure. */
export const isEmptyCell = (text: string) => text === '' || text === '--';

/** Thousands grouped by one separator throughout: a comma, or a space (plain, no-break or narrow). */
const COUNT = /^\d{1,3}(?:([, \u00a0\u202f])\d{3})?(?:\1\d{3})*$|^\d+$/;
const SEPARATORS = /[, \u00a0\u202f]/g;
const DECIMAL = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

/** A whole count: clicks, impressions. */
export function readCount(text: string): Read<number> {
  if (isEmptyCell(text)) return null;
  if (!COUNT.test(text)) return undefined;
  const value = Number(text.replace(SEPARATORS, ''));
  return Number.isSafeInteger(value) ? value : undefined;
}

/** A decimal figure: money in the file's currency, conversions (which may be fractions). */
export function readDecimal(text: string): Read<number> {
  if (isEmptyCell(text)) return null;
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text.replaceAll(',', ''));
  return Number.isFinite(value) ? value : undefined;
}

/** A percentage ("3.45%") as a fraction (0.0345); a number without its sign could be either. */
export function readPercent(text: string): Read<number> {
  if (isEmptyCell(text)) return null;
  if (!text.endsWith('%')) return undefined;
  const number = text.slice(0, -1).trimEnd();
  if (!DECIMAL.test(number)) return undefined;
  // Moved two places in its decimal text: "3.45" is 0.0345, where 3.45 / 100 is 0.034500000000000003.
  const value = Number(`${number.replaceAll(',', '')}e-2`);
  return Number.isFinite(value) ? value : undefined;
}

/** "Exact match", "Phrase match (close variant)", "Broad match", or just "Exact"; null for others. */
export function readMatchType(text: string): MatchType | null {
  const first = /^[a-z]+/.exec(text.toLowerCase())?.[0];
  return matchTypes.find((type) => type === first) ?? null;
}

/** "Added", "Excluded", "Added/Excluded" or "Added (excluded)", "None"; null for others. */
export function readStatus(text: string): SearchTermStatus | null {
  const words = text.toLowerCase();
  const added = /\badded\b/.test(words);
  const excluded = /\bexcluded\b/.test(words);
  if (added && excluded) return 'added_excluded';
  if (added) return 'added';
  if (excluded) return 'excluded';
  return words.trim() === 'none' ? 'none' : null;
}
