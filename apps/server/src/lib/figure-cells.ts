// A row's figure cells read one by one, for the file imports: an empty cell is null, a cell that
// cannot be read is remembered (the row is skipped, naming the column) rather than guessed at.

/** undefined: a figure that cannot be read; null: an empty cell. */
export type Read<T> = T | null | undefined;

/** The trimmed cell of `column`; '' for a column the file does not have (-1). */
export const cellAt = (cells: string[], column: number) => (column === -1 ? '' : (cells[column] ?? '').trim());

/** A row's number cells, read one by one; remembers the first that cannot be read. */
export class NumberCells {
  unreadable = -1;

  constructor(private readonly cells: string[]) {}

  read<T>(column: number, reader: (text: string) => Read<T>): T | null {
    const value = reader(cellAt(this.cells, column));
    if (value === undefined && this.unreadable === -1) this.unreadable = column;
    return value ?? null;
  }
}
