import { constants, messages, moreKeywordsLengthOptions } from '@keywright/contract';

export type MoreKeywordsLength = (typeof moreKeywordsLengthOptions)[number];

/** The dialog's fields as the inputs hold them: a NumberInput gives a number, or '' when empty. */
export interface GenerateKeywordsValues {
  count: number | string;
  minCpc: number | string;
  maxCpc: number | string;
  keywordLength: MoreKeywordsLength;
}

/** How many keywords a dialog asks for: its bounds, its default and the presets it offers. */
export interface GenerateCountRange {
  min: number;
  max: number;
  default: number;
  presets: readonly number[];
}

/** The project page's Generate More Keywords (SPEC 5: 10-200, presets 25, 50, 100, 150; default 50). */
export const moreKeywordsCountRange: GenerateCountRange = {
  ...constants.moreKeywordsCount,
  default: constants.generationDefaults.count,
  presets: [25, 50, 100, 150],
};

/** The analysis page's generate dialog (SPEC 5: 1-500, default 50). */
export const analysisCountRange: GenerateCountRange = {
  ...constants.analysisGenerateCount,
  presets: [25, 50, 100, 250, 500],
};

/** SPEC 5: the range's default count, keyword length '2-3', CPC bounds empty. */
export function generateKeywordsDefaults(range: GenerateCountRange): GenerateKeywordsValues {
  return {
    count: range.default,
    minCpc: '',
    maxCpc: '',
    keywordLength: constants.generationDefaults.keywordLength,
  };
}

export const lengthLabels: Record<MoreKeywordsLength, string> = {
  '2': '2',
  '2-3': '2-3',
  '3-4': '3-4',
  '3+': '3+',
  any: 'Any',
};

/** The count within the range, whole; the range's default for an empty or unreadable value. */
export function clampGenerateCount(value: number | string, range: GenerateCountRange): number {
  const number = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(number)) return range.default;
  return Math.min(range.max, Math.max(range.min, Math.round(number)));
}

/** A CPC bound from its input: null when empty (any price). */
export function cpcBoundOf(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The message for the CPC bounds, or null when they can be sent. */
export function generateCpcError(values: Pick<GenerateKeywordsValues, 'minCpc' | 'maxCpc'>): string | null {
  const minCpc = cpcBoundOf(values.minCpc);
  const maxCpc = cpcBoundOf(values.maxCpc);
  return minCpc !== null && maxCpc !== null && minCpc > maxCpc ? messages.minCpcAboveMax : null;
}

/** The call's body (without the project) from the dialog's values. */
export function generateKeywordsRequest(values: GenerateKeywordsValues, range: GenerateCountRange) {
  return {
    count: clampGenerateCount(values.count, range),
    minCpc: cpcBoundOf(values.minCpc),
    maxCpc: cpcBoundOf(values.maxCpc),
    keywordLength: values.keywordLength,
  };
}
