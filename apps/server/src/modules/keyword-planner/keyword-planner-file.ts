import {
  constants,
  messages,
  normalizeKeyword,
  tidyKeyword,
  type Competition,
  type KeywordPlannerImportAnswer,
} from '@keywright/contract';
import { TextDecoder } from 'node:util';
import { AppError } from '../../lib/errors';

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

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const COMMA = 0x2c;

/** The header is looked for this far down (Keyword Planner writes two title lines above it). */
const HEADER_SEARCH_ROWS = 10;
/** Text read before telling tabs from commas: enough for the title lines and the header. */
const SNIFF_CHARS = 64 * 1024;
/** No Keyword Planner cell or row comes near these; a file of one endless line does not fill memory. */
const MAX_CELL_CHARS = 10_000;
const MAX_CELLS = 1_000;

const KEYWORD = 'Keyword';
const AVG_SEARCHES = 'Avg. monthly searches';
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_HEADER = /^searches:\s*([a-z]{3})[a-z]*\.?\s+(\d{4})$/;

// Control characters left after tabs and line breaks became spaces, or half a surrogate pair.
const INVALID_CHARACTER =
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const notText = () => new AppError('validation_error', messages.keywordPlannerNotText);
const badLine = (line: number) => new AppError('validation_error', messages.keywordPlannerBadLine(line));

/** The text encoding from the byte order mark, or UTF-16 LE when every other byte of ASCII text is zero. */
function encodingOf(head: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0) return 'utf-16le';
  return 'utf-8';
}

/**
 * Splits delimited text into rows as it arrives. A cell opening with a quote may hold delimiters and
 * line breaks ("" stands for a quote); a quote anywhere else is an ordinary character. Each row is
 * reported with the line it starts on; empty lines are passed over.
 */
class RowSplitter {
  private cells: string[] = [];
  private cell = '';
  private isQuoted = false;
  /** A quote inside a quoted cell: its end, or the first of two. */
  private hasQuote = false;
  private afterCr = false;
  private line = 1;
  private rowLine = 1;

  constructor(
    private readonly delimiter: number,
    private readonly onRow: (cells: string[], line: number) => void,
  ) {}

  push(text: string): void {
    // Plain characters are added to the cell a run at a time, from `from` up to a special one.
    let from = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      const wasCr = this.afterCr;
      this.afterCr = code === CR;
      if (this.isQuoted) {
        if (this.hasQuote) {
          this.hasQuote = false;
          if (code === QUOTE) {
            this.cell += '"';
            from = i + 1;
            continue;
          }
          this.isQuoted = false; // the quote closed the cell; read this character as outside quotes
        } else {
          if (code === QUOTE) {
            this.cell += text.slice(from, i);
            this.hasQuote = true;
            from = i + 1;
          } else if (code === CR || (code === LF && !wasCr)) {
            this.line += 1;
          }
          continue;
        }
      }
      if (code === this.delimiter) {
        this.cell += text.slice(from, i);
        this.endCell();
        from = i + 1;
      } else if (code === CR || code === LF) {
        if (code === LF && wasCr) {
          from = i + 1; // the second half of CR LF
          continue;
        }
        this.cell += text.slice(from, i);
        this.endRow();
        this.line += 1;
        this.rowLine = this.line;
        from = i + 1;
      } else if (code === QUOTE && from === i && this.cell === '') {
        this.isQuoted = true;
        from = i + 1;
      }
    }
    this.cell += text.slice(from);
    if (this.cell.length > MAX_CELL_CHARS) throw badLine(this.rowLine);
  }

  end(): void {
    if (this.isQuoted && !this.hasQuote) throw badLine(this.rowLine); // a quote never closed
    this.isQuoted = false;
    this.hasQuote = false;
    if (this.cell !== '' || this.cells.length > 0) this.endRow();
  }

  private endCell(): void {
    if (this.cell.length > MAX_CELL_CHARS || this.cells.length >= MAX_CELLS) throw badLine(this.rowLine);
    this.cells.push(this.cell);
    this.cell = '';
  }

  private endRow(): void {
    this.endCell();
    const cells = this.cells;
    this.cells = [];
    if (cells.length > 1 || cells[0] !== '') this.onRow(cells, this.rowLine);
  }
}

/** Tab-separated when a tab shows in the first lines (the title lines and header), else comma-separated. */
function delimiterOf(head: string): number {
  return head.split(/\r\n|\r|\n/, HEADER_SEARCH_ROWS).some((line) => line.includes('\t')) ? TAB : COMMA;
}

const headerName = (cell: string) => cell.trim().replace(/\s+/g, ' ').toLowerCase();

interface Columns {
  keyword: number;
  avgSearches: number;
  currency: number;
  competition: number;
  competitionIndex: number;
  lowBid: number;
  highBid: number;
  /** The month columns, oldest first. */
  months: Array<PlannerMonth & { column: number }>;
  /** Each column's header as the file writes it, for messages. */
  names: string[];
}

/** The columns of a header row, or the required ones it lacks. */
function columnsOf(cells: string[]): Columns | { missing: string[] } {
  const names = cells.map(headerName);
  const find = (name: string) => names.indexOf(name.toLowerCase());
  const missing = [KEYWORD, AVG_SEARCHES].filter((name) => find(name) === -1);
  if (missing.length > 0) return { missing };
  const months = new Map<number, PlannerMonth & { column: number }>();
  names.forEach((name, column) => {
    const match = MONTH_HEADER.exec(name);
    const month = match ? MONTHS.indexOf(match[1]!) + 1 : 0;
    if (!match || month === 0) return;
    const year = Number(match[2]);
    const key = year * 12 + month;
    if (!months.has(key)) months.set(key, { year, month, column });
  });
  return {
    keyword: find(KEYWORD),
    avgSearches: find(AVG_SEARCHES),
    currency: find('Currency'),
    competition: find('Competition'),
    competitionIndex: find('Competition (indexed value)'),
    lowBid: find('Top of page bid (low range)'),
    highBid: find('Top of page bid (high range)'),
    months: [...months.entries()].sort(([a], [b]) => a - b).map(([, month]) => month),
    names: cells.map((cell) => cell.trim()),
  };
}

const DIGITS = /^\d+$/;
const GROUPED_DIGITS = /^\d{1,3}(,\d{3})+$/;
const RANGE = /^(\d+(?:\.\d+)?)\s*([KMB]?)\s*[-–—]\s*(\d+(?:\.\d+)?)\s*([KMB]?)$/i;
const SCALE: Record<string, number> = { '': 1, K: 1e3, M: 1e6, B: 1e9 };
const DECIMAL = /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/** undefined: a number that cannot be read; null: an empty cell. */
type Read<T> = T | null | undefined;

function safeWhole(value: number): number | undefined {
  return Number.isSafeInteger(value) ? value : undefined;
}

/** An exact count ("1,900"), or a range ("1K – 10K", "100 - 1K") as its lower bound. */
function readSearches(text: string): Read<number> {
  if (text === '') return null;
  if (DIGITS.test(text)) return safeWhole(Number(text));
  if (GROUPED_DIGITS.test(text)) return safeWhole(Number(text.replaceAll(',', '')));
  const range = RANGE.exec(text);
  if (!range) return undefined;
  const low = Math.round(Number(range[1]) * SCALE[range[2]!.toUpperCase()]!);
  const high = Math.round(Number(range[3]) * SCALE[range[4]!.toUpperCase()]!);
  return low <= high ? safeWhole(low) : undefined;
}

/** 0-100. */
function readIndex(text: string): Read<number> {
  if (text === '') return null;
  const value = Number(text);
  return /^\d{1,3}$/.test(text) && value <= 100 ? value : undefined;
}

/** A bid in the file's currency ("1.23", "1,250.00") as micro-units. */
function readMicros(text: string): Read<number> {
  if (text === '') return null;
  if (!DECIMAL.test(text)) return undefined;
  const units = Number(text.replaceAll(',', ''));
  return units <= constants.limits.maxCpc ? Math.round(units * constants.microsPerUnit) : undefined;
}

const cellAt = (cells: string[], column: number) => (column === -1 ? '' : (cells[column] ?? '').trim());

/** A row's number cells, read one by one; remembers the first that cannot be read. */
class NumberCells {
  unreadable = -1;

  constructor(private readonly cells: string[]) {}

  read<T>(column: number, reader: (text: string) => Read<T>): T | null {
    const value = reader(cellAt(this.cells, column));
    if (value === undefined && this.unreadable === -1) this.unreadable = column;
    return value ?? null;
  }
}

function readCompetition(text: string): Competition | null {
  const level = text.toLowerCase();
  return constants.competitionLevels.find((name) => name.toLowerCase() === level) ?? null;
}

/**
 * A copy of text cut from a piece of the file. V8 keeps a cut of 13 characters or more as a view
 * into the whole piece, so keeping the keyword would keep the piece (up to the whole file).
 */
const detached = (text: string) => ` ${text}`.slice(1);

/** The keyword as a skip reports it: a long one cut short. */
function shown(keyword: string): string {
  const max = constants.limits.keyword;
  return keyword.length > max ? `${Array.from(keyword).slice(0, max).join('')}…` : detached(keyword);
}

/**
 * Reads a Keyword Planner file pushed in pieces as they arrive, row by row: the file is never held
 * whole, only what it gives. Throws (a 400 in the contract's words) as soon as the file shows it is
 * not one: not text, no header, a row that cannot be read, more rows than `maxRows`.
 */
export function createKeywordPlannerReader({
  maxRows = constants.keywordPlannerImport.maxRows,
  reportedSkips = constants.keywordPlannerImport.reportedSkips,
}: { maxRows?: number; reportedSkips?: number } = {}): KeywordPlannerReader {
  let start = new Uint8Array(0);
  let decoder: TextDecoder | undefined;
  let sniffed = '';
  let splitter: RowSplitter | undefined;
  let rowsAboveHeader = 0;
  let columns: Columns | undefined;
  const seen = new Set<string>();
  const file: KeywordPlannerFile = { rows: [], read: 0, skipped: 0, skips: [], currency: null, months: [] };

  function decode(bytes: Uint8Array, stream: boolean): string {
    let text: string;
    try {
      text = decoder!.decode(bytes, { stream });
    } catch {
      throw notText();
    }
    if (text.includes('\u0000')) throw notText();
    return text;
  }

  function split(text: string, isLast: boolean): void {
    if (!splitter) {
      sniffed += text;
      if (sniffed.length < SNIFF_CHARS && !isLast) return;
      splitter = new RowSplitter(delimiterOf(sniffed), onRow);
      text = sniffed;
      sniffed = '';
    }
    splitter.push(text);
  }

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
    if (file.skips.length < reportedSkips) file.skips.push({ line, keyword: shown(keyword), reason });
  }

  function readRow(columns: Columns, cells: string[], line: number): void {
    const keyword = tidyKeyword(cells[columns.keyword] ?? '');
    if (keyword === '') return skip(line, keyword, messages.keywordPlannerSkipBlank);
    if (keyword.length > constants.limits.keyword) {
      return skip(line, keyword, messages.keywordPlannerSkipTooLong(constants.limits.keyword));
    }
    if (INVALID_CHARACTER.test(keyword)) return skip(line, keyword, messages.keywordPlannerSkipInvalid);

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
      if (!decoder) {
        // The encoding shows in the first four bytes.
        const joined = new Uint8Array(start.length + bytes.length);
        joined.set(start);
        joined.set(bytes, start.length);
        if (joined.length < 4) {
          start = joined;
          return;
        }
        decoder = new TextDecoder(encodingOf(joined), { fatal: true });
        start = new Uint8Array(0);
        bytes = joined;
      }
      split(decode(bytes, true), false);
    },

    end() {
      if (decoder) {
        split(decode(new Uint8Array(0), false), true);
      } else {
        decoder = new TextDecoder(encodingOf(start), { fatal: true });
        split(decode(start, false), true);
      }
      splitter!.end();
      if (!columns) {
        if (rowsAboveHeader === 0) throw new AppError('validation_error', messages.keywordPlannerNoRows);
        throw new AppError('validation_error', messages.keywordPlannerMissingColumns([KEYWORD, AVG_SEARCHES]));
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
