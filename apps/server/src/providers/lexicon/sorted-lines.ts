// Binary search over a text file whose lines are sorted by byte value (C locale), as WordNet's index files are.
// Searching the file in place costs nothing to load and no heap, where a Map of every lemma took ~100 ms and
// ~10 MB; a lookup is about 17 steps of a native byte comparison.

const newline = 0x0a;
const space = 0x20;

/** The byte offset of the first line whose first field (up to a space) is not less than `key`. */
export function lowerBoundLine(lines: Buffer, key: Buffer): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    // Lines start after a newline; `low` is always a line start, so the found start never falls below it.
    const lineStart = middle === 0 ? 0 : lines.lastIndexOf(newline, middle - 1) + 1;
    const lineEnd = endOfLine(lines, lineStart);
    if (lines.compare(key, 0, key.length, lineStart, endOfField(lines, lineStart, lineEnd)) < 0) {
      low = lineEnd + 1;
    } else {
      high = lineStart;
    }
  }
  return low;
}

/** The line whose first field is exactly `key`, or null. */
export function findLine(lines: Buffer, key: string): string | null {
  const keyBytes = Buffer.from(key, 'latin1');
  const start = lowerBoundLine(lines, keyBytes);
  if (start >= lines.length) return null;
  const end = endOfLine(lines, start);
  if (lines.compare(keyBytes, 0, keyBytes.length, start, endOfField(lines, start, end)) !== 0) return null;
  return lines.toString('latin1', start, end);
}

/** Every line that starts with `prefix`, in file order. */
export function linesStartingWith(lines: Buffer, prefix: string): string[] {
  const prefixBytes = Buffer.from(prefix, 'latin1');
  const found: string[] = [];
  let start = lowerBoundLine(lines, prefixBytes);
  while (start < lines.length) {
    const end = endOfLine(lines, start);
    if (end - start < prefixBytes.length) break;
    if (lines.compare(prefixBytes, 0, prefixBytes.length, start, start + prefixBytes.length) !== 0) break;
    found.push(lines.toString('latin1', start, end));
    start = end + 1;
  }
  return found;
}

/** The line that starts at a byte offset (WordNet's data files are addressed this way). */
export function lineAt(lines: Buffer, start: number): string {
  return lines.toString('latin1', start, endOfLine(lines, start));
}

function endOfLine(lines: Buffer, start: number): number {
  const end = lines.indexOf(newline, start);
  return end < 0 ? lines.length : end;
}

function endOfField(lines: Buffer, start: number, lineEnd: number): number {
  const end = lines.indexOf(space, start);
  return end < 0 || end > lineEnd ? lineEnd : end;
}
