import { constants, messages, moreKeywordsLengthOptions } from '@keywright/contract';

export type MoreKeywordsLength = (typeof moreKeywordsLengthOptions)[number];

/** The dialog's fields as the inputs hold them: a NumberInput gives a number, or '' when empty. */
export interface GenerateMoreValues {
  count: number | string;
  minCpc: number | string;
  maxCpc: number | string;
  keywordLength: MoreKeywordsLength;
}

/** SPEC 5: count 50, keyword length '2-3', CPC bounds empty. */
export const generateMoreDefaults: GenerateMoreValues = {
  count: constants.generationDefaults.count,
  minCpc: '',
  maxCpc: '',
  keywordLength: '2-3',
};

export const moreKeywordsPresets = [25, 50, 100, 150] as const;

export const lengthLabels: Record<MoreKeywordsLength, string> = {
  '2': '2',
  '2-3': '2-3',
  '3-4': '3-4',
  '3+': '3+',
  any: 'Any',
};

/** The count within 10-200, whole; the default for an empty or unreadable value. */
export function clampMoreKeywordsCount(value: number | string): number {
  const number = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(number)) return constants.generationDefaults.count;
  const { min, max } = constants.moreKeywordsCount;
  return Math.min(max, Math.max(min, Math.round(number)));
}

/** A CPC bound from its input: null when empty (any price). */
export function cpcBoundOf(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The message for the CPC bounds, or null when they can be sent. */
export function generateMoreCpcError(values: Pick<GenerateMoreValues, 'minCpc' | 'maxCpc'>): string | null {
  const minCpc = cpcBoundOf(values.minCpc);
  const maxCpc = cpcBoundOf(values.maxCpc);
  return minCpc !== null && maxCpc !== null && minCpc > maxCpc ? messages.minCpcAboveMax : null;
}

/** The call's body (without the project) from the dialog's values. */
export function generateMoreRequest(values: GenerateMoreValues) {
  return {
    count: clampMoreKeywordsCount(values.count),
    minCpc: cpcBoundOf(values.minCpc),
    maxCpc: cpcBoundOf(values.maxCpc),
    keywordLength: values.keywordLength,
  };
}
