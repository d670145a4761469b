import { messages } from '@keywright/contract';
import { DelimitedRowSplitter } from '../../lib/delimited-rows';
import { AppError } from '../../lib/errors';

// A Keyword Planner file's text split into rows of cells: its delimiter and the words for a line
// that cannot be read (lib/delimited-rows.ts reads the encoding and quoting). What the cells mean is
// read in keyword-planner-file.ts.

const TAB = 0x09;
const COMMA = 0x2c;

/** The header is looked for this far down (Keyword Planner writes two title lines above it). */
export const HEADER_SEARCH_ROWS = 10;

const badLine = (line: number) => new AppError('validation_error', messages.keywordPlannerBadLine(line));

/** Rows of a Keyword Planner file; a line that cannot be read is refused in its words. */
export class RowSplitter extends DelimitedRowSplitter {
  constructor(delimiter: number, onRow: (cells: string[], line: number) => void) {
    super(delimiter, onRow, badLine);
  }
}

/** Tab-separated when a tab shows in the first lines (the title lines and header), else comma-separated. */
export function delimiterOf(head: string): number {
  return head.split(/\r\n|\r|\n/, HEADER_SEARCH_ROWS).some((line) => line.includes('\t')) ? TAB : COMMA;
}
