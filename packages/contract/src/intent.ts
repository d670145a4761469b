import { z } from 'zod';

/** What a searcher wants (issue 14): one or two per keyword, strongest first. */
export const searchIntents = ['informational', 'navigational', 'commercial', 'transactional'] as const;
export const searchIntentSchema = z.enum(searchIntents);
export type SearchIntent = z.infer<typeof searchIntentSchema>;

/**
 * `commercial,transactional` in a query string: keywords carrying any of these intents (empty: all).
 * Keywords whose intent is not known yet (see `keywordSchema.intent`) match none.
 */
export const queryIntentFilter = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(searchIntentSchema).max(searchIntents.length))
  .transform((intents) => [...new Set(intents)]);
