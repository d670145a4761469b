import { z } from 'zod';
import { idSchema, textInput } from './common';
import { constants } from './constants';
import { keywordSchema } from './keywords';
import { messages } from './messages';

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
export type MoreKeywordsLength = (typeof moreKeywordsLengthOptions)[number];

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

const { limits } = constants;
const text = (max: number, { multiline = false } = {}) =>
  textInput({ multiline }).max(max, messages.atMostCharacters(max));
const requiredGeneratorField = (max: number, options?: { multiline?: boolean }) =>
  text(max, options).min(1, messages.fillInGeneratorFields);

/** The generator form; Project Name and Product/Service Description are required. */
export const generationInputSchema = z.object({
  projectName: requiredGeneratorField(limits.projectName),
  siteUrl: text(500).default(''),
  targetAudience: text(1000).default(''),
  productService: requiredGeneratorField(limits.projectDescription, { multiline: true }),
  competitors: text(1000).default(''),
  country: text(limits.place).default('United States'),
  city: text(limits.place).default('California'),
  language: text(limits.place).default('English'),
  keywordCount: z
    .number()
    .int()
    .min(constants.generatorKeywordCount.min)
    .max(constants.generatorKeywordCount.max)
    .default(constants.generatorKeywordCount.default),
  keywordLength: z.enum(generatorLengthOptions).default('2'),
  /** Adds the keywords to this existing project instead of creating one. */
  projectId: idSchema.optional(),
});
export type GenerationInput = z.input<typeof generationInputSchema>;

export const startGenerationAnswerSchema = z.object({ projectId: z.number().int(), runId: z.number().int() });

export const generationStatusSchema = z.enum(['idle', 'pending', 'completed', 'failed']);
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

/** The latest run of a project; keywords once completed. */
export const projectStatusAnswerSchema = z.object({
  status: generationStatusSchema,
  runId: z.number().int().nullable(),
  progress: z.object({ generated: z.number().int(), requested: z.number().int() }),
  keywords: z.array(keywordSchema).optional(),
  error: z.string().optional(),
  /** A completed run that added fewer keywords than asked says so (messages.keywordsShortfall). */
  notice: z.string().optional(),
});
export type ProjectStatusAnswer = z.infer<typeof projectStatusAnswerSchema>;
