import { stringify } from 'csv-stringify/sync';

/** A UTF-8 byte order mark, so Excel reads the file as UTF-8. */
export const UTF8_BOM = '\ufeff';

/**
 * A cell a spreadsheet would take for a formula (= + - @, or a leading tab or
 * carriage return) is written with a leading apostrophe, so it stays text.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvLines(rows: string[][]): string {
  return stringify(
    rows.map((row) => row.map(neutralizeCell)),
    { record_delimiter: '\r\n' },
  );
}
