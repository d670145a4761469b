import { constants, messages, normalizeKeyword, tidyKeyword } from '@keywright/contract';
import { DelimitedRowSplitter } from '../../lib/delimited-rows';
import { AppError } from '../../lib/errors';
import { cellProblem, detached, shownCell, TextPieces, type CellProblem } from '../../lib/text-pieces';
import { columnsOf, readCount, readPercent, readPosition, type Columns, type Read } from './search-console-columns';
import { isZip, queriesCsvOf } from './search-console-zip';

/**
 * Search Console's Performance report, as its "Export" gives it: a ZIP holding Queries.csv (with
 * Pages.csv, Countries.csv and others, which are not read), or Queries.csv alone. Queries.csv is
 * UTF-8, with or without a byte order mark, comma-separated, its header "Top queries, Clicks,
 * Impressions, CTR, Position" (found by name, in any order) and a row per query.
 *
 * Refused like a Keyword Planner file, in the same limits: a 400 (413 when too large) in the
 * contract's words, and nothing is kept.
 */

export interface SearchConsoleQueryRow {
  /** As Search Console writes it, spaces tidied (see `tidyKeyword`). */
  query: string;
  normalized: string;
  clicks: number;
  impressions: number;
  /** Click-through rate as a fraction, 0-1 (the file's "12.5%" is 0.125). */
  ctr: number;
  /** Average position, 1 being the top. */
  position: number;
}

export interface SearchConsoleSkip {
  /** The file's line the row starts on, the header being line 1. */
  line: number;
  query: string;
  reason: string;
}

export interface SearchConsoleFile {
  /** Rows to store, in file order: each query once (a repeat is skipped), unreadable rows left out. */
  rows: SearchConsoleQueryRow[];
  /** Data rows read: `stored` and the skipped ones. */
  read: number;
  /** `rows.length`. */
  stored: number;
  /** The first skipped rows and why; `read - stored` rows were skipped in all. */
  skipped: SearchConsoleSkip[];
}

export interface SearchConsoleReader {
  push(bytes: Uint8Array): void;
  /** The file as read; throws when it is no Queries.csv or has no rows. */
  end(): SearchConsoleFile;
}

export interface SearchConsoleLimits {
  maxRows?: number;
  reportedSkips?: number;
}

const { maxBytes, maxRows: MAX_ROWS, reportedSkips: REPORTED_SKIPS } = constants.keywordPlannerImport;
const COMMA = 0x2c;
const TAB = 0x09;
/** Decoded a piece at a time, so the text of a whole file is never held at once. */
const PIECE_BYTES = 1024 * 1024;

const refuse = (message: string) => new AppError('validation_error', message);
const notText = () => refuse(messages.searchConsoleNotText);
const badLine = (line: number) => refuse(messages.searchConsoleBadLine(line));

/** Why a row whose query cannot be kept is skipped. */
const skipReasons: Record<CellProblem, string> = {
  blank: messages.searchConsoleSkipBlank,
  tooLong: messages.searchConsoleSkipTooLong(constants.limits.keyword),
  invalid: messages.searchConsoleSkipInvalid,
};

/**
 * Reads Queries.csv pushed in pieces as they arrive, row by row. Throws as soon as the file shows it
 * is not one: not text, a first line that is not the header, a row that cannot be read, more rows
 * than `maxRows`.
 */
export function createSearchConsoleReader({
  maxRows = MAX_ROWS,
  reportedSkips = REPORTED_SKIPS,
}: SearchConsoleLimits = {}): SearchConsoleReader {
  const pieces = new TextPieces(notText);
  let firstLine = '';
  let splitter: DelimitedRowSplitter | undefined;
  let columns: Columns | undefined;
  const seen = new Set<string>();
  const file: SearchConsoleFile = { rows: [], read: 0, stored: 0, skipped: [] };

  /** Commas, as Search Console writes; tabs when the header has them (a sheet saved as TSV). */
  function split(text: string, isLast: boolean): void {
    if (!splitter) {
      firstLine += text;
      if (!/[\r\n]/.test(firstLine) && !isLast) return;
      const header = firstLine.split(/\r|\n/, 1)[0]!;
      splitter = new DelimitedRowSplitter(header.includes('\t') ? TAB : COMMA, onRow, badLine);
      text = firstLine;
      firstLine = '';
    }
    splitter.push(text);
  }

  function onRow(cells: string[], line: number): void {
    if (!columns) {
      const found = columnsOf(cells);
      if ('missing' in found) throw refuse(messages.searchConsoleMissingColumns(found.missing));
      columns = found;
      return;
    }
    if (cells.every((cell) => cell.trim() === '')) return;
    file.read += 1;
    if (file.read > maxRows) throw refuse(messages.searchConsoleTooManyRows);
    readRow(columns, cells, line);
  }

  function skip(line: number, query: string, reason: string): void {
    if (file.skipped.length < reportedSkips)
      file.skipped.push({ line, query: shownCell(query, constants.limits.keyword), reason });
  }

  function readRow(columns: Columns, cells: string[], line: number): void {
    const query = tidyKeyword(cells[columns.query] ?? '');
    const problem = cellProblem(query, constants.limits.keyword);
    if (problem) return skip(line, query, skipReasons[problem]);

    const figure = <T>(column: number, read: (text: string) => Read<T>) => read((cells[column] ?? '').trim());
    const clicks = figure(columns.clicks, readCount);
    const impressions = figure(columns.impressions, readCount);
    const ctr = figure(columns.ctr, readPercent);
    const position = figure(columns.position, readPosition);
    const unreadable = [clicks, impressions, ctr, position].indexOf(undefined);
    if (unreadable !== -1) {
      const column = [columns.clicks, columns.impressions, columns.ctr, columns.position][unreadable]!;
      return skip(line, query, messages.searchConsoleSkipBadNumber(columns.names[column]!));
    }
    const kept = detached(query);
    const normalized = normalizeKeyword(kept);
    if (seen.has(normalized)) return skip(line, query, messages.searchConsoleSkipDuplicate);
    seen.add(normalized);
    file.rows.push({
      query: kept,
      normalized,
      clicks: clicks!,
      impressions: impressions!,
      ctr: ctr!,
      position: position!,
    });
  }

  return {
    push(bytes) {
      split(pieces.push(bytes), false);
    },

    end() {
      split(pieces.end(), true);
      splitter!.end();
      // The first row is the header or the file was refused; no header is no row at all.
      if (!columns || file.read === 0) throw refuse(messages.searchConsoleNoRows);
      file.stored = file.rows.length;
      return file;
    },
  };
}

/**
 * The whole upload: the export's ZIP (told by its first bytes, whatever its name) or Queries.csv.
 * `fileName` only tells a ZIP that is damaged from a text file that is not one.
 */
export function readSearchConsoleExport(
  bytes: Uint8Array,
  fileName = '',
  limits?: SearchConsoleLimits,
): SearchConsoleFile {
  if (bytes.length > maxBytes) throw new AppError('payload_too_large', messages.searchConsoleTooLarge);
  let csv = bytes;
  if (isZip(bytes)) csv = queriesCsvOf(bytes);
  else if (/\.zip$/i.test(fileName)) throw refuse(messages.searchConsoleBadZip);
  const reader = createSearchConsoleReader(limits);
  for (let at = 0; at < csv.length; at += PIECE_BYTES) reader.push(csv.subarray(at, at + PIECE_BYTES));
  return reader.end();
}
