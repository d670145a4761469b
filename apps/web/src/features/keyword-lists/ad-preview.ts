import { adsEditorExportInputSchema, adTextLength, type AdsEditorExportInput } from '@keywright/contract';

/** A written headline or description as the person edits it: its text, and whether the ad keeps it. */
export interface AdLine {
  text: string;
  isKept: boolean;
}

/** The written lines, the first `maxKept` of them kept. */
export function initialAdLines(texts: readonly string[], maxKept: number): AdLine[] {
  return texts.map((text, index) => ({ text, isKept: index < maxKept }));
}

export function keptCount(lines: readonly AdLine[]): number {
  return lines.filter((line) => line.isKept).length;
}

/** Ticks or unticks a line; a tick past `maxKept` changes nothing. */
export function setLineKept(lines: readonly AdLine[], index: number, isKept: boolean, maxKept: number): AdLine[] {
  const line = lines[index];
  if (!line || line.isKept === isKept) return [...lines];
  if (isKept && keptCount(lines) >= maxKept) return [...lines];
  return lines.map((current, at) => (at === index ? { ...current, isKept } : current));
}

export function setLineText(lines: readonly AdLine[], index: number, text: string): AdLine[] {
  return lines.map((current, at) => (at === index ? { ...current, text } : current));
}

/** The kept lines' texts, trimmed, as the export sends them. */
export function keptTexts(lines: readonly AdLine[]): string[] {
  return lines.filter((line) => line.isKept).map((line) => line.text.trim());
}

/** The kept lines the preview can show (a blank one has nothing to show). */
export function previewTexts(lines: readonly AdLine[]): string[] {
  return keptTexts(lines).filter((text) => text !== '');
}

/** A line's length as the limit counts it (graphemes of the trimmed text, as the server trims). */
export function lineLength(text: string, limit: number): { length: number; isOver: boolean } {
  const length = adTextLength(text.trim());
  return { length, isOver: length > limit };
}

/** Headlines and descriptions a search ad shows together. */
export const SHOWN_HEADLINES = 3;
export const SHOWN_DESCRIPTIONS = 2;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number): number => (a * b) / gcd(a, b);

/** How many combinations before `count` lines shown `shown` at a time come round again. */
function periodOf(count: number, shown: number): number {
  return count <= shown ? 1 : count / gcd(count, shown);
}

/** How many different combinations `adCombination` walks through before it starts over. */
export function combinationCount(headlineCount: number, descriptionCount: number): number {
  return lcm(periodOf(headlineCount, SHOWN_HEADLINES), periodOf(descriptionCount, SHOWN_DESCRIPTIONS));
}

function window<T>(items: readonly T[], shown: number, index: number): T[] {
  if (items.length <= shown) return [...items];
  const start = (index * shown) % items.length;
  return Array.from({ length: shown }, (_, offset) => items[(start + offset) % items.length]!);
}

/**
 * The `index`th combination of the kept lines: three headlines and two descriptions, the next
 * ones in order each time (wrapping round), so every kept line shows and none twice in one ad.
 */
export function adCombination(
  headlines: readonly string[],
  descriptions: readonly string[],
  index: number,
): { headlines: string[]; descriptions: string[] } {
  const at = index % combinationCount(headlines.length, descriptions.length);
  return {
    headlines: window(headlines, SHOWN_HEADLINES, at),
    descriptions: window(descriptions, SHOWN_DESCRIPTIONS, at),
  };
}

export { finalUrlFromSite } from '@/components/ads-editor/final-url';

/** The host a search ad shows for an address: lower case, without `www.`; null when there is none. */
export function displayHost(url: string): string | null {
  const host = url
    .trim()
    .replace(/^[a-z][a-z\d+.-]*:\/\//i, '')
    .replace(/^[^@/?#]*@/, '')
    .split(/[/?#:]/)[0]
    ?.toLowerCase()
    .replace(/^www\./, '');
  return host ? host : null;
}

/** The display URL of a search ad: `example.com/path1/path2` (Path 2 only after Path 1). */
export function displayUrl(host: string, path1: string, path2: string): string {
  const first = path1.trim();
  const second = path2.trim();
  const paths = first === '' ? [] : second === '' ? [first] : [first, second];
  return [host, ...paths].join('/');
}

/** The export form's fields (the lines come from the preview). */
export interface AdsEditorFields {
  campaign: string;
  adGroup: string;
  matchType: AdsEditorExportInput['matchType'];
  includeMaxCpc: boolean;
  /** Estimated bids are written as Max CPC too (off by default). */
  useEstimatedBids: boolean;
  finalUrl: string;
  path1: string;
  path2: string;
}

export type AdsEditorErrorField =
  keyof Omit<AdsEditorFields, 'matchType' | 'includeMaxCpc' | 'useEstimatedBids'> | 'headlines' | 'descriptions';
export type AdsEditorErrors = Partial<Record<AdsEditorErrorField, string>>;

const errorFields: readonly AdsEditorErrorField[] = [
  'campaign',
  'adGroup',
  'finalUrl',
  'path1',
  'path2',
  'headlines',
  'descriptions',
];

/**
 * The export's body checked by the contract's own schema: the body to send, or the first
 * error of each field (a line's error is reported on its list: `headlines` or `descriptions`).
 */
export function adsEditorExportBody(
  fields: AdsEditorFields,
  headlines: readonly AdLine[],
  descriptions: readonly AdLine[],
): { body: AdsEditorExportInput; errors?: undefined } | { body?: undefined; errors: AdsEditorErrors } {
  const parsed = adsEditorExportInputSchema.safeParse({
    ...fields,
    headlines: keptTexts(headlines),
    descriptions: keptTexts(descriptions),
  });
  if (parsed.success) return { body: parsed.data };
  const errors: AdsEditorErrors = {};
  for (const issue of parsed.error.issues) {
    const field = errorFields.find((name) => name === issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { errors };
}
