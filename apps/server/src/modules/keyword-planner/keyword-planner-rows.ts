import { messages } from '@keywright/contract';
import { SniffingRowSplitter } from '../../lib/delimited-rows';
import { AppError } from '../../lib/errors';

// A Keyword Planner file's text split into rows of cells, tab- or comma-separated, and the words for
// a line that cannot be read (lib/delimited-rows.ts reads the encoding, delimiter and quoting). What
// the cells mean is read in keyword-planner-file.ts.

/** The header is looked for this far down (Keyword Planner writes two title lines above it). */
export const HEADER_SEARCH_ROWS = 10;

const badLine = (line: number) => new AppError('validation_error', messages.keywordPlannerBadLine(line));

/** Rows of a Keyword Planner file; a line that cannot be read is refused in its words. */
export class RowSplitter extends SniffingRowSplitter {
  constructor(onRow: (cells: string[], line: number) => void) {
    super(HEADER_SEARCH_ROWS, onRow, badLine);
  }
}
