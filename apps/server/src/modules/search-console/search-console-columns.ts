// The header of Search Console's Queries.csv and how its figures are written: counts that may be
// grouped in thousands ("1,234"), CTR as a percentage ("12.5%"), Position as a decimal ("3.2").

/** Each column the import reads, by the header Search Console writes for it. */
const headers = {
  query: 'Top queries',
  clicks: 'Clicks',
  impressions: 'Impressions',
  ctr: 'CTR',
  position: 'Position',
} as const;

/** Other names the query column goes by (the Search Analytics API's dimension, a sheet's own header). */
const queryAliases = ['query', 'queries'];

/** The columns a file cannot be read without, as Search Console names them. */
export const requiredHeaders: string[] = Object.values(headers);

/** undefined: a figure that cannot be read. */
export type Read<T> = T | undefined;

const headerName = (cell: string) => cell.trim().replace(/\s+/g, ' ').toLowerCase();

export type Columns = { [column in keyof typeof headers]: number } & {
  /** Each column's header as the file writes it, for messages. */
  names: string[];
};

/** The columns of a header row, or the required ones it lacks. */
export function columnsOf(cells: string[]): Columns | { missing: string[] } {
  const names = cells.map(headerName);
  const find = (name: string) => names.indexOf(name.toLowerCase());
  let query = find(headers.query);
  if (query === -1) query = names.findIndex((name) => queryAliases.includes(name));
  const columns = {
    query,
    clicks: find(headers.clicks),
    impressions: find(headers.impressions),
    ctr: find(headers.ctr),
    position: find(headers.position),
  };
  const missing = (Object.keys(headers) as Array<keyof typeof headers>)
    .filter((column) => columns[column] === -1)
    .map((column) => headers[column]);
  if (missing.length > 0) return { missing };
  return { ...columns, names: cells.map((cell) => cell.trim()) };
}

/** Thousands grouped by one separator throughout: a comma, or a space (plain, no-break or narrow). */
const COUNT = /^\d{1,3}(?:([, \u00a0\u202f])\d{3})?(?:\1\d{3})*$|^\d+$/;
const SEPARATORS = /[, \u00a0\u202f]/g;
const DECIMAL = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

/** A whole count ("1,234"). An empty cell cannot be read: Search Console fills every one. */
export function readCount(text: string): Read<number> {
  if (!COUNT.test(text)) return undefined;
  const value = Number(text.replace(SEPARATORS, ''));
  return Number.isSafeInteger(value) ? value : undefined;
}

/** A percentage ("12.5%", or "12.5" in a sheet that dropped the sign) as a fraction, 0-1. */
export function readPercent(text: string): Read<number> {
  const number = text.endsWith('%') ? text.slice(0, -1).trimEnd() : text;
  if (!DECIMAL.test(number)) return undefined;
  const digits = number.replaceAll(',', '');
  // Moved two places in its decimal text: "99.9" is 0.999, where 99.9 / 100 is 0.9990000000000001.
  return Number(digits) <= 100 ? Number(`${digits}e-2`) : undefined;
}

/** An average position, 1 being the top of the results. */
export function readPosition(text: string): Read<number> {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text.replaceAll(',', ''));
  return Number.isFinite(value) ? value : undefined;
}
