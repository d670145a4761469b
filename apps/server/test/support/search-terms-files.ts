/**
 * Files shaped like Google Ads' search terms report download: "CSV for Excel" (UTF-16 LE with a byte
 * order mark, tab-separated, CR LF) or "CSV" (UTF-8, comma-separated), a title line and the date
 * range, the header, a row per search term, then "Total: …" rows.
 */

/** The header of a download with every column the import reads, in Google Ads' order. */
export const TERMS_HEADER = [
  'Search term',
  'Match type',
  'Added/Excluded',
  'Campaign',
  'Ad group',
  'Keyword',
  'Clicks',
  'Impr.',
  'CTR',
  'Currency code',
  'Avg. CPC',
  'Cost',
  'Conv. rate',
  'Conversions',
  'Conv. value',
  'Cost / conv.',
];

export const TERMS_TITLES = ['Search terms report', 'October 1, 2026 - October 31, 2026'];

/** A row by header name; columns it does not name stay empty. */
export type TermsRow = Record<string, string>;

export interface TermsFileOptions {
  encoding?: 'utf-16le' | 'utf-8' | 'utf-8-bom';
  header?: string[];
  /** Lines above the header, each one cell (quoted where it needs to be). */
  titles?: string[];
  /** The first cells of the total rows below the data; the rest of each is "--" or a sum. */
  totals?: string[];
  lineBreak?: string;
}

function quoted(cell: string, delimiter: string): string {
  const needsQuotes = cell.includes(delimiter) || /["\r\n]/.test(cell);
  return needsQuotes ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** A total row: its label first, Clicks and Impr. summed, "--" elsewhere. */
function totalRow(label: string, header: string[], rows: TermsRow[]): string[] {
  const sum = (name: string) => String(rows.reduce((total, row) => total + (Number(row[name]) || 0), 0));
  return header.map((name, index) => (index === 0 ? label : name === 'Clicks' || name === 'Impr.' ? sum(name) : ' --'));
}

/** The text of a file, before it is encoded. */
export function termsText(rows: TermsRow[], options: TermsFileOptions = {}): string {
  const {
    encoding = 'utf-16le',
    header = TERMS_HEADER,
    titles = TERMS_TITLES,
    totals = ['Total: Search terms', 'Total: Account'],
  } = options;
  const isUtf16 = encoding === 'utf-16le';
  const delimiter = isUtf16 ? '\t' : ',';
  const lineBreak = options.lineBreak ?? (isUtf16 ? '\r\n' : '\n');
  const line = (cells: string[]) => cells.map((cell) => quoted(cell, delimiter)).join(delimiter);
  const lines = [
    ...titles.map((title) => line([title])),
    line(header),
    ...rows.map((row) => line(header.map((name) => row[name] ?? ''))),
    ...totals.map((label) => line(totalRow(label, header, rows))),
  ];
  return lines.join(lineBreak) + lineBreak;
}

/** Text as a download of `encoding` holds it. */
export function encodedTerms(text: string, encoding: TermsFileOptions['encoding'] = 'utf-16le'): Buffer {
  if (encoding === 'utf-16le') return Buffer.from(`\ufeff${text}`, 'utf16le');
  return Buffer.from(encoding === 'utf-8-bom' ? `\ufeff${text}` : text, 'utf8');
}

/** The file's bytes. */
export function termsFile(rows: TermsRow[], options: TermsFileOptions = {}): Buffer {
  return encodedTerms(termsText(rows, options), options.encoding);
}

/** A row with every column: 12 clicks of 340 impressions, $10.08 spent, 1 conversion. */
export function termsRow(term: string, cells: TermsRow = {}): TermsRow {
  return {
    'Search term': term,
    'Match type': 'Exact match',
    'Added/Excluded': 'None',
    Campaign: 'Shop - Search',
    'Ad group': 'Wallets',
    Keyword: '[leather wallet]',
    Clicks: '12',
    'Impr.': '340',
    CTR: '3.53%',
    'Currency code': 'USD',
    'Avg. CPC': '0.84',
    Cost: '10.08',
    'Conv. rate': '8.33%',
    Conversions: '1.00',
    'Conv. value': '45.00',
    'Cost / conv.': '10.08',
    ...cells,
  };
}
