/** A path or query id the API could accept: a positive integer; null for anything else. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}
