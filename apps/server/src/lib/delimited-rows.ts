import type { AppError } from './errors';

// Delimited text (CSV, TSV) split into rows of cells as it arrives, for the file imports (Keyword
// Planner, Search Console): its encoding, its quoting, and the characters no cell may keep.

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const TAB = 0x09;
const COMMA = 0x2c;

/** Text read before telling tabs from commas: enough for any title lines and the header. */
const SNIFF_CHARS = 64 * 1024;

/** No imported cell or row comes near these; a file of one endless line does not fill memory. */
const MAX_CELL_CHARS = 10_000;
const MAX_CELLS = 1_000;

// Control characters left after tabs and line breaks became spaces, or half a surrogate pair.
export const INVALID_CHARACTER =
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The text encoding from the byte order mark, or UTF-16 LE when every other byte of ASCII text is zero. */
export function encodingOf(head: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0) return 'utf-16le';
  return 'utf-8';
}

/** Tab-separated when a tab shows in the first `lines` lines (title lines and header), else comma-separated. */
export function delimiterOf(head: string, lines: number): number {
  return head.split(/\r\n|\r|\n/, lines).some((line) => line.includes('\t')) ? TAB : COMMA;
}

/**
 * Splits delimited text into rows as it arrives. A cell opening with a quote may hold delimiters and
 * line breaks ("" stands for a quote); a quote anywhere else is an ordinary character. Each row is
 * reported with the line it starts on; empty lines are passed over.
 */
export class DelimitedRowSplitter {
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
    /** The error for a line that cannot be read, in the words of the file being read. */
    private readonly badLine: (line: number) => AppError,
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
    if (this.cell.length > MAX_CELL_CHARS) throw this.badLine(this.rowLine);
  }

  end(): void {
    if (this.isQuoted && !this.hasQuote) throw this.badLine(this.rowLine); // a quote never closed
    this.isQuoted = false;
    this.hasQuote = false;
    if (this.cell !== '' || this.cells.length > 0) this.endRow();
  }

  private endCell(): void {
    if (this.cell.length > MAX_CELL_CHARS || this.cells.length >= MAX_CELLS) throw this.badLine(this.rowLine);
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

/**
 * A `DelimitedRowSplitter` for files that may be tab- or comma-separated (Google's "CSV for Excel"
 * and "CSV" downloads): the text is held until its first 64 KB, or all of it, tell which (see
 * `delimiterOf`), then split as it arrives.
 */
export class SniffingRowSplitter {
  private head = '';
  private splitter: DelimitedRowSplitter | undefined;

  constructor(
    /** How many lines down a tab is looked for. */
    private readonly headLines: number,
    private readonly onRow: (cells: string[], line: number) => void,
    private readonly badLine: (line: number) => AppError,
  ) {}

  push(text: string): void {
    if (!this.splitter) {
      this.head += text;
      if (this.head.length < SNIFF_CHARS) return;
      this.start();
      return;
    }
    this.splitter.push(text);
  }

  end(): void {
    if (!this.splitter) this.start();
    this.splitter!.end();
  }

  private start(): void {
    const head = this.head;
    this.head = '';
    this.splitter = new DelimitedRowSplitter(delimiterOf(head, this.headLines), this.onRow, this.badLine);
    this.splitter.push(head);
  }
}
