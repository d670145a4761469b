/**
 * `name`, or `name (2)`, `name (3)`…: the first whose lower case is not `taken`, the name cut
 * (by character) to leave room for the number within `maxLength`.
 */
export function freeName(name: string, taken: ReadonlySet<string>, maxLength: number): string {
  for (let number = 1; ; number++) {
    const suffix = number === 1 ? '' : ` (${number})`;
    const candidate = `${[...name]
      .slice(0, maxLength - suffix.length)
      .join('')
      .trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
