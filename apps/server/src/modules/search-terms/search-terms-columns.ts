// The header of Google Ads' search terms report: its columns found by name, in any order, case and
// spacing ("Cost / conv." and "Cost/conv." alike), the optional ones tolerated when missing.

/** Each column the import reads, by the headers Google Ads (first) and a re-saved sheet write for it. */
const headers = {
  term: ['Search term', 'Search terms', 'Search query'],
  matchType: ['Match type', 'Search term match type', 'Search terms match type'],
  status: ['Added/Excluded'],
  campaign: ['Campaign'],
  adGroup: ['Ad group'],
  keyword: ['Keyword'],
  clicks: ['Clicks'],
  impressions: ['Impr.', 'Impressions'],
  ctr: ['CTR'],
  currency: ['Currency code', 'Currency'],
  avgCpc: ['Avg. CPC', 'Average CPC'],
  cost: ['Cost'],
  conversions: ['Conversions'],
  convValue: ['Conv. value', 'Conversion value'],
  costPerConv: ['Cost / conv.', 'Cost per conversion'],
} as const;

export type Column = keyof typeof headers;

export type Columns = { [column in Column]: number } & {
  /** Each column's header as the file writes it, for messages. */
  names: string[];
};

/** What a header row lacks: the Search term column, and both Clicks and Impr. */
export interface MissingColumns {
  term: boolean;
  figures: boolean;
}

const headerName = (cell: string) =>
  cell
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/ ?\/ ?/g, '/')
    .toLowerCase();

const known = new Map<string, Column>(
  (Object.entries(headers) as Array<[Column, readonly string[]]>).flatMap(([column, names]) =>
    names.map((name) => [headerName(name), column] as const),
  ),
);

/**
 * The columns of a header row; what it lacks when it is a header short of the required columns
 * (it names Search term, or two columns the report has); null for a row that is no header (a title).
 */
export function columnsOf(cells: string[]): Columns | { missing: MissingColumns } | null {
  const columns = Object.fromEntries(Object.keys(headers).map((column) => [column, -1])) as {
    [column in Column]: number;
  };
  let named = 0;
  cells.forEach((cell, index) => {
    const column = known.get(headerName(cell));
    if (column === undefined || columns[column] !== -1) return;
    columns[column] = index;
    named += 1;
  });
  const missing = { term: columns.term === -1, figures: columns.clicks === -1 && columns.impressions === -1 };
  if (!missing.term && !missing.figures) return { ...columns, names: cells.map((cell) => cell.trim()) };
  return !missing.term || named >= 2 ? { missing } : null;
}
