import {
  constants,
  messages,
  normalizeKeyword,
  tidyKeyword,
  type Competition,
  type KeywordPlannerImportAnswer,
} from '@keywright/contract';
import { AppError } from '../../lib/errors';
import { cellProblem, detached, shownCell, TextPieces, type CellProblem } from '../../lib/text-pieces';
import { cellAt, NumberCells } from '../../lib/figure-cells';
import { readCompetition, readIndex, readMicros, readSearches } from './keyword-planner-cells';
import { columnsOf, requiredHeaders, type Columns } from './keyword-planner-columns';
import { HEADER_SEARCH_ROWS, RowSplitter } from './keyword-planner-rows';

/**
 * Google Keyword Planner's "Download keyword ideas" file, read as it arrives. The "CSV" choice is
 * UTF-16 LE with a byte order mark and tab-separated; the "Google Sheets" choice is UTF-8 (with or
 * without a mark) and comma-separated. Both start with title lines ("Keyword Stats 2026-11-23 at
 * 10_15_42", "All locations"), then the header, whose columns are found by name in any order.
 *
 * Searches given as Keyword Planner's ranges ("1K – 10K", for accounts without spend) are kept as
 * the range's lower bound: the least the file says, not a figure it does not give.
 */

export type KeywordPlannerSkip = KeywordPlannerImportAnswer['skips'][number];

/** A month the file has a `Searches: Nov 2025` column for. */
export interface PlannerMonth {
  year: number;
  /** 1-12. */
  month: number;
}

export interface KeywordPlannerRow {
  /** As people write it (see `tidyKeyword`). */
  keyword: string;
  normalized: string;
  avgMonthlySearches: number | null;
  competition: Competition | null;
  competitionIndex: number | null;
  lowBidMicros: number | null;
  highBidMicros: number | null;
  /** Searches in each of the file's `months`, oldest first; null when the row gives none. */
  searches: (number | null)[] | null;
}

export interface KeywordPlannerFile {
  /** Rows to import, in file order: each keyword once, unreadable rows left out. */
  rows: KeywordPlannerRow[];
  /** Data rows read: `rows` and the skipped ones. */
  read: number;
  skipped: number;
  /** The first skipped rows and why. */
  skips: KeywordPlannerSkip[];
  /** The file's Currency column (the first code it gives). */
  currency: string | null;
  months: PlannerMonth[];
}

export interface KeywordPlannerReader {
  push(bytes: Uint8Array): void;
  /** The file as read; throws when it is no Keyword Planner file or has no rows. */
  end(): KeywordPlannerFile;
}

const notText = () => new AppError('validation_error', messages.keywordPlannerNotText);

/** Why a row whose keyword cannot be kept is skipped. */
const skipReasons: Record<CellProblem, string> = {
  blank: messages.keywordPlannerSkipBlank,
  tooLong: messages.keywordPlannerSkipTooLong(constants.limits.keyword),
  invalid: messages.keywordPlannerSkipInvalid,
};

/**
 * Reads a Keyword Planner file pushed in pieces as they arrive, row by row: the file is never held
 * whole, only what it gives. Throws (a 400 in the contract's words) as soon as the file shows it is
 * not one: not text, no header, a row that cannot be read, more rows than `maxRows`.
 */
export function createKeywordPlannerReader({
  maxRows = constants.keywordPlannerImport.maxRows,
  reportedSkips = constants.keywordPlannerImport.reportedSkips,
}: { maxRows?: number; reportedSkips?: number } = {}): KeywordPlannerReader {
  const pieces = new TextPieces(notText);
  const splitter = new RowSplitter(onRow);
  let rowsAboveHeader = 0;
  let columns: Columns | undefined;
  const seen = new Set<string>();
  const file: KeywordPlannerFile = { rows: [], read: 0, skipped: 0, skips: [], currency: null, months: [] };

  function onRow(cells: string[], line: number): void {
    if (!columns) {
      const found = columnsOf(cells);
      if ('keyword' in found) {
        columns = found;
        file.months = found.months.map(({ year, month }) => ({ year, month }));
        return;
      }
      // A row naming one required column is the header, short of the other.
      if (found.missing.length === 1) {
        throw new AppError('validation_error', messages.keywordPlannerMissingColumns(found.missing));
      }
      rowsAboveHeader += 1;
      if (rowsAboveHeader === HEADER_SEARCH_ROWS) {
        throw new AppError('validation_error', messages.keywordPlannerMissingColumns(found.missing));
      }
      return;
    }
    if (cells.every((cell) => cell.trim() === '')) return;
    file.read += 1;
    if (file.read > maxRows) throw new AppError('validation_error', messages.keywordPlannerTooManyRows);
    readRow(columns, cells, line);
  }

  function skip(line: number, keyword: string, reason: string): void {
    file.skipped += 1;
    if (file.skips.length < reportedSkips)
      file.skips.push({ line, keyword: shownCell(keyword, constants.limits.keyword), reason });
  }

  function readRow(columns: Columns, cells: string[], line: number): void {
    const keyword = tidyKeyword(cells[columns.keyword] ?? '');
    const problem = cellProblem(keyword, constants.limits.keyword);
    if (problem) return skip(line, keyword, skipReasons[problem]);

    if (file.currency === null) {
      const currency = cellAt(cells, columns.currency);
      if (/^[a-z]{3}$/i.test(currency)) file.currency = currency.toUpperCase();
    }

    const numbers = new NumberCells(cells);
    const searches = columns.months.map(({ column }) => numbers.read(column, readSearches));
    const kept = detached(keyword);
    const row: KeywordPlannerRow = {
      keyword: kept,
      normalized: normalizeKeyword(kept),
      avgMonthlySearches: numbers.read(columns.avgSearches, readSearches),
      competition: readCompetition(cellAt(cells, columns.competition)),
      competitionIndex: numbers.read(columns.competitionIndex, readIndex),
      lowBidMicros: numbers.read(columns.lowBid, readMicros),
      highBidMicros: numbers.read(columns.highBid, readMicros),
      searches: searches.some((value) => value !== null) ? searches : null,
    };
    if (numbers.unreadable !== -1) {
      return skip(line, keyword, messages.keywordPlannerSkipBadNumber(columns.names[numbers.unreadable]!));
    }
    if (seen.has(row.normalized)) return skip(line, keyword, messages.keywordPlannerSkipDuplicate);
    seen.add(row.normalized);
    file.rows.push(row);
  }

  return {
    push(bytes) {
      splitter.push(pieces.push(bytes));
    },

    end() {
      splitter.push(pieces.end());
      splitter.end();
      if (!columns) {
        if (rowsAboveHeader === 0) throw new AppError('validation_error', messages.keywordPlannerNoRows);
        throw new AppError('validation_error', messages.keywordPlannerMissingColumns(requiredHeaders));
      }
      if (file.read === 0) throw new AppError('validation_error', messages.keywordPlannerNoRows);
      return file;
    },
  };
}

/** A whole file at once (tests, small uploads). */
export function parseKeywordPlannerFile(
  bytes: Uint8Array,
  options?: Parameters<typeof createKeywordPlannerReader>[0],
): KeywordPlannerFile {
  const reader = createKeywordPlannerReader(options);
  reader.push(bytes);
  return reader.end();
}
