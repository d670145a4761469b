// The date range a search terms report's title lines give, in the forms Google Ads writes it:
// "1 October 2026 - 31 October 2026", "October 1, 2026 - October 31, 2026" (months in full or short,
// "Oct 1, 2026"), or ISO "2026-10-01 - 2026-10-31". English month names only.

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_MONTH = /^(\d{1,2})\s+([a-z]+)\.?,?\s+(\d{4})$/i;
const MONTH_DAY = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/i;
const DATE = String.raw`(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\s+[a-z]+\.?,?\s+\d{4}|[a-z]+\.?\s+\d{1,2},?\s+\d{4})`;
const RANGE = new RegExp(String.raw`(?<![\w-])(${DATE})\s*(?:[-–—]|to)\s*(${DATE})(?![\w-])`, 'i');

export interface DateRange {
  /** YYYY-MM-DD. */
  startDate: string;
  endDate: string;
}

/** 1-12 for a month's name in full or cut short ("Oct", "Sept"); 0 for other words. */
function monthOf(word: string): number {
  const name = word.toLowerCase();
  return name.length < 3 ? 0 : MONTHS.findIndex((month) => month.startsWith(name)) + 1;
}

/** A day of the calendar as YYYY-MM-DD, or null for "31 February" and words that are no month. */
function isoDate(year: string, month: number, day: string): string | null {
  const date = new Date(Date.UTC(Number(year), month - 1, Number(day)));
  // Before 1970 is no report's (and Date.UTC reads years 0-99 as 1900-1999).
  if (Number(year) < 1970 || month === 0 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== Number(day))
    return null;
  return date.toISOString().slice(0, 10);
}

function readDate(text: string): string | null {
  const iso = ISO.exec(text);
  if (iso) return isoDate(iso[1]!, Number(iso[2]), iso[3]!);
  const dayMonth = DAY_MONTH.exec(text);
  if (dayMonth) return isoDate(dayMonth[3]!, monthOf(dayMonth[2]!), dayMonth[1]!);
  const monthDay = MONTH_DAY.exec(text);
  if (monthDay) return isoDate(monthDay[3]!, monthOf(monthDay[1]!), monthDay[2]!);
  return null;
}

/** The first date range in a title line, or null when it gives none (or one ending before it starts). */
export function readDateRange(line: string): DateRange | null {
  const range = RANGE.exec(line);
  if (!range) return null;
  const startDate = readDate(range[1]!);
  const endDate = readDate(range[2]!);
  if (!startDate || !endDate || startDate > endDate) return null;
  return { startDate, endDate };
}
