import { constants, messages } from '@keywright/contract';
import { SniffingRowSplitter } from '../../lib/delimited-rows';
import { AppError } from '../../lib/errors';
import { cellAt } from '../../lib/figure-cells';
import { TextPieces } from '../../lib/text-pieces';
import { isEmptyCell } from './search-terms-cells';
import { columnsOf, type Columns } from './search-terms-columns';
import { readDateRange, type DateRange } from './search-terms-dates';
import { SearchTermRows, type SearchTermRow, type SearchTermsSkip } from './search-terms-rows';

export { matchTypes, searchTermStatuses, type MatchType, type SearchTermStatus } from './search-terms-cells';
export type { SearchTermRow, SearchTermsSkip } from './search-terms-rows';

/**
 * Google Ads' search terms report, as its Download gives it, read as it arrives: "CSV" is UTF-8
 * (with or without a byte order mark) and comma-separated, "CSV for Excel" UTF-16 LE with a mark and
 * tab-separated. Both start with title lines ("Search terms report", the date range), then the
 * header (columns found by name, in any order; Keyword, Conv. value and the like may be missing),
 * a row per search term, campaign, ad group and match type, and "Total: …" rows, passed over.
 *
 * Refused like a Keyword Planner file, in the same limits: a 400 (413 when too large) in the
 * contract's words, and nothing is kept.
 */

export interface SearchTermsReport {
  /** Rows to store, in file order, unreadable rows and exact repeats left out. */
  rows: SearchTermRow[];
  /** Data rows read (not the title, header or total rows): `stored` and the skipped ones. */
  read: number;
  /** `rows.length`. */
  stored: number;
  /** The first skipped rows and why; `read - stored` rows were skipped in all. */
  skipped: SearchTermsSkip[];
  /** The title lines' date range (YYYY-MM-DD), or null when they give none. */
  startDate: string | null;
  endDate: string | null;
  /** The Currency code column's, when every stored row that gives one gives the same; else null. */
  currency: string | null;
}

export interface SearchTermsReader {
  push(bytes: Uint8Array): void;
  /** The report as read; throws when the file is no search terms report or has no rows. */
  end(): SearchTermsReport;
}

export interface SearchTermsLimits {
  maxBytes?: number;
  maxRows?: number;
  reportedSkips?: number;
}

const { maxBytes: MAX_BYTES, maxRows: MAX_ROWS, reportedSkips: REPORTED_SKIPS } = constants.keywordPlannerImport;
/** The header is looked for this far down (Google Ads writes two title lines above it). */
const HEADER_SEARCH_ROWS = 10;
/** Decoded a piece at a time, so the text of a whole file is never held at once. */
const PIECE_BYTES = 1024 * 1024;
/** "Total: Search terms", "Total: Account", older "Total - Search", or a bare "Total". */
const TOTAL = /^total\s*(?:[:\-–—]|$)/i;

const refuse = (message: string) => new AppError('validation_error', message);
const notText = () => refuse(messages.searchTermsNotText);
const badLine = (line: number) => refuse(messages.searchTermsBadLine(line));
const tooLarge = () => new AppError('payload_too_large', messages.searchTermsTooLarge);
const noHeader = () => refuse(messages.searchTermsMissingColumns({ term: true, figures: true }));

/**
 * Reads a search terms report pushed in pieces as they arrive, row by row: the file is never held
 * whole, only what it gives. Throws as soon as the file shows it is not one: over `maxBytes`, not
 * text, no header, a row that cannot be read, more rows than `maxRows`.
 */
export function createSearchTermsReader({
  maxBytes = MAX_BYTES,
  maxRows = MAX_ROWS,
  reportedSkips = REPORTED_SKIPS,
}: SearchTermsLimits = {}): SearchTermsReader {
  const pieces = new TextPieces(notText);
  const splitter = new SniffingRowSplitter(HEADER_SEARCH_ROWS, onRow, badLine);
  let bytesRead = 0;
  let rowsAboveHeader = 0;
  let dates: DateRange | null = null;
  let columns: Columns | undefined;
  let rows: SearchTermRows | undefined;
  let read = 0;

  function onRow(cells: string[], line: number): void {
    if (!columns || !rows) return onRowAboveData(cells);
    if (cells.every((cell) => isEmptyCell(cell.trim())) || isTotal(columns, cells)) return;
    read += 1;
    if (read > maxRows) throw refuse(messages.searchTermsTooManyRows);
    rows.read(cells, line);
  }

  /** A title line (the date range is kept from the first that gives one) or the header. */
  function onRowAboveData(cells: string[]): void {
    const found = columnsOf(cells);
    if (found && 'missing' in found) throw refuse(messages.searchTermsMissingColumns(found.missing));
    if (found) {
      columns = found;
      rows = new SearchTermRows(found, reportedSkips);
      return;
    }
    // A comma-separated title line may have its date range cut at its commas: read it whole again.
    dates ??= readDateRange(cells.join(','));
    rowsAboveHeader += 1;
    if (rowsAboveHeader === HEADER_SEARCH_ROWS) throw noHeader();
  }

  /** A total row; a bare "Total" in the Search term column is a search term where the row names its campaign. */
  function isTotal(columns: Columns, cells: string[]): boolean {
    const first = (cells[0] ?? '').trim();
    if (!TOTAL.test(first)) return false;
    if (columns.term !== 0 || !/^total$/i.test(first)) return true;
    return isEmptyCell(cellAt(cells, columns.campaign));
  }

  return {
    push(bytes) {
      bytesRead += bytes.length;
      if (bytesRead > maxBytes) throw tooLarge();
      splitter.push(pieces.push(bytes));
    },

    end() {
      splitter.push(pieces.end());
      splitter.end();
      if (!rows) {
        if (rowsAboveHeader === 0) throw refuse(messages.searchTermsNoRows);
        throw noHeader();
      }
      if (read === 0) throw refuse(messages.searchTermsNoRows);
      return {
        rows: rows.rows,
        read,
        stored: rows.rows.length,
        skipped: rows.skipped,
        startDate: dates?.startDate ?? null,
        endDate: dates?.endDate ?? null,
        currency: rows.currency,
      };
    },
  };
}

/** A whole file at once (tests, small uploads), read a piece at a time all the same. */
export function readSearchTermsReport(bytes: Uint8Array, limits?: SearchTermsLimits): SearchTermsReport {
  if (bytes.length > (limits?.maxBytes ?? MAX_BYTES)) throw tooLarge();
  const reader = createSearchTermsReader(limits);
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) reader.push(bytes.subarray(at, at + PIECE_BYTES));
  return reader.end();
}
