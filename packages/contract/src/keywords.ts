import { z } from 'zod';
import { constants } from './constants';

export const keywordSourceSchema = z.enum(['generated', 'manual', 'suggestion', 'import']);

export const keywordSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  created_at: z.string(),
  source: keywordSourceSchema,
  generation_id: z.number().int().nullable(),
});
export type Keyword = z.infer<typeof keywordSchema>;

export const keywordListSchema = z.array(keywordSchema);

export const keywordInputSchema = z.object({
  keyword: z
    .string()
    .trim()
    .min(1, 'Please enter a keyword')
    .max(constants.limits.keyword, `Must be at most ${constants.limits.keyword} characters`),
});
export type KeywordInput = z.input<typeof keywordInputSchema>;

/** A keyword's identity within a project: trimmed, spaces collapsed, lower-cased. */
export function normalizeKeyword(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The display form: trimmed with spaces collapsed, case kept. */
export function tidyKeyword(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}
