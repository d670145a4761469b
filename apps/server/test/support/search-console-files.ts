/** A row of Search Console's Queries.csv as it writes it: `["leather wallet", "120", "1,500", "8%", "3.4"]`. */
export type SearchConsoleCsvRow = [query: string, clicks: string, impressions: string, ctr: string, position: string];

export const SEARCH_CONSOLE_HEADER = 'Top queries,Clicks,Impressions,CTR,Position';

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Queries.csv as the Performance report's export writes it: UTF-8, CR LF, the header then a row per query. */
export function searchConsoleCsv(rows: readonly SearchConsoleCsvRow[], header = SEARCH_CONSOLE_HEADER): Buffer {
  return Buffer.from([header, ...rows.map((row) => row.map(cell).join(','))].map((line) => `${line}\r\n`).join(''));
}
