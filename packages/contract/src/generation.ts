import { z } from 'zod';

/** Word-count rules: the generator's five and the more-keywords dialog's extra ones. */
export const keywordLengthRules = ['1-2', '2', '2-3', '3+', '4+', '3-4', 'any'] as const;
export type KeywordLengthRule = (typeof keywordLengthRules)[number];

export const generatorLengthOptions = ['1-2', '2', '2-3', '3+', '4+'] as const satisfies readonly KeywordLengthRule[];
export const moreKeywordsLengthOptions = [
  '2',
  '2-3',
  '3-4',
  '3+',
  'any',
] as const satisfies readonly KeywordLengthRule[];

export const keywordLengthRuleSchema = z.enum(keywordLengthRules);

const lengthBounds: Record<KeywordLengthRule, [number, number]> = {
  '1-2': [1, 2],
  '2': [2, 2],
  '2-3': [2, 3],
  '3+': [3, Infinity],
  '4+': [4, Infinity],
  '3-4': [3, 4],
  any: [1, Infinity],
};

export function wordCount(keyword: string): number {
  const trimmed = keyword.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Whether a keyword's word count fits a length rule. */
export function fitsLengthRule(keyword: string, rule: KeywordLengthRule): boolean {
  const [min, max] = lengthBounds[rule];
  const words = wordCount(keyword);
  return words >= min && words <= max;
}
