import { readFileSync } from 'node:fs';
import { seededRandom } from '../../src/lib/random';
import { sharedFixtures } from './shared-fixtures';

/**
 * Files shaped like Google Keyword Planner's "Download keyword ideas": the "CSV" choice (UTF-16 LE
 * with a byte order mark, tab-separated, CR LF) or the "Google Sheets" one (UTF-8, comma-separated),
 * two title lines, then the header and a row per keyword.
 */

export const PLANNER_MONTHS = [
  'Nov 2025',
  'Dec 2025',
  'Jan 2026',
  'Feb 2026',
  'Mar 2026',
  'Apr 2026',
  'May 2026',
  'Jun 2026',
  'Jul 2026',
  'Aug 2026',
  'Sep 2026',
  'Oct 2026',
];

/** The header of a download, in Keyword Planner's order. */
export const PLANNER_HEADER = [
  'Keyword',
  'Currency',
  'Avg. monthly searches',
  'Three month change',
  'YoY change',
  'Competition',
  'Competition (indexed value)',
  'Top of page bid (low range)',
  'Top of page bid (high range)',
  ...PLANNER_MONTHS.map((month) => `Searches: ${month}`),
];

/** A row by header name; columns it does not name stay empty. */
export type PlannerRow = Record<string, string>;

export interface PlannerFileOptions {
  encoding?: 'utf-16le' | 'utf-8' | 'utf-8-bom';
  header?: string[];
  titles?: string[];
  lineBreak?: string;
}

function quoted(cell: string, delimiter: string): string {
  const needsQuotes = cell.includes(delimiter) || /["\r\n]/.test(cell);
  return needsQuotes ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** The file's bytes. */
export function plannerFile(rows: PlannerRow[], options: PlannerFileOptions = {}): Buffer {
  const {
    encoding = 'utf-16le',
    header = PLANNER_HEADER,
    titles = ['Keyword Stats 2026-11-23 at 10_15_42', 'All locations'],
  } = options;
  const isUtf16 = encoding === 'utf-16le';
  const delimiter = isUtf16 ? '\t' : ',';
  const lineBreak = options.lineBreak ?? (isUtf16 ? '\r\n' : '\n');
  const line = (cells: string[]) => cells.map((cell) => quoted(cell, delimiter)).join(delimiter);
  const lines = [...titles, line(header), ...rows.map((row) => line(header.map((name) => row[name] ?? '')))];
  const text = lines.join(lineBreak) + lineBreak;
  if (isUtf16) return Buffer.from(`\ufeff${text}`, 'utf16le');
  return Buffer.from(encoding === 'utf-8-bom' ? `\ufeff${text}` : text, 'utf8');
}

/** A row with every figure: `searches` a month, rising by 10 a month. */
export function plannerRow(
  keyword: string,
  figures: { searches?: number; competition?: string; index?: number; low?: string; high?: string } = {},
): PlannerRow {
  const { searches = 1900, competition = 'Medium', index = 50, low = '0.45', high = '1.23' } = figures;
  const row: PlannerRow = {
    Keyword: keyword,
    Currency: 'USD',
    'Avg. monthly searches': String(searches),
    'Three month change': '0%',
    'YoY change': '-18%',
    Competition: competition,
    'Competition (indexed value)': String(index),
    'Top of page bid (low range)': low,
    'Top of page bid (high range)': high,
  };
  PLANNER_MONTHS.forEach((month, position) => (row[`Searches: ${month}`] = String(searches + position * 10)));
  return row;
}

const KEYWORD_CRITERIA = sharedFixtures('datasets/fivetran-google-ads-keyword-criteria.csv');
const MODIFIERS = ['', 'integration', 'pricing', 'login', 'api', 'alternatives', 'review', 'tutorial', 'connector'];
const QUALIFIERS = ['', 'free', 'best', 'enterprise', 'open source', 'for small business', 'vs excel', '2026'];

/** Real keywords (a Google Ads account's criteria) made into `count` distinct searches people type. */
export function realisticKeywords(count: number): string[] {
  const bases = [
    ...new Set(
      readFileSync(KEYWORD_CRITERIA, 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.split(',').at(-1)!.replaceAll('+', '').trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const keywords: string[] = [];
  for (let round = 0; keywords.length < count; round += 1) {
    for (const qualifier of QUALIFIERS) {
      for (const modifier of MODIFIERS) {
        for (const base of bases) {
          if (keywords.length === count) return keywords;
          const words = [qualifier, base, modifier, round > 0 ? String(round) : ''].filter(Boolean);
          keywords.push(words.join(' '));
        }
      }
    }
  }
  return keywords;
}

const BUCKETS = ['10 – 100', '100 – 1K', '1K – 10K', '10K – 100K'];

/** `count` rows of realistic keywords with varied figures, some bucketed, deterministic. */
export function realisticPlannerRows(count: number, seed = 13): PlannerRow[] {
  const random = seededRandom(seed);
  return realisticKeywords(count).map((keyword) => {
    const searches = Math.round(10 ** (1 + random() * 4));
    const index = Math.floor(random() * 101);
    const low = 0.2 + random() * 3;
    const row = plannerRow(keyword, {
      searches,
      index,
      competition: index <= 33 ? 'Low' : index <= 66 ? 'Medium' : 'High',
      low: low.toFixed(2),
      high: (low * (1.5 + random() * 3)).toFixed(2),
    });
    if (random() < 0.2) row['Avg. monthly searches'] = BUCKETS[Math.floor(random() * BUCKETS.length)]!;
    return row;
  });
}
