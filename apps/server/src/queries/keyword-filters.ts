import type { SearchIntent } from '@keywright/contract';
import { sql, type SQL } from 'drizzle-orm';

/** LIKE pattern for a search text, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** Keywords `k` carrying any of these intents (served by keywords_project_intent_idx with the project's id). */
export function intentCondition(intents: readonly SearchIntent[]): SQL | undefined {
  return intents.length > 0 ? sql`k.intent && ${sql.param([...intents])}::text[]` : undefined;
}

/** The text and intent filters of a page or export, as conditions on `k`. */
export function keywordFilters(search: string, intents: readonly SearchIntent[]): SQL[] {
  const intent = intentCondition(intents);
  return [...(search ? [sql`k.normalized like ${containsPattern(search)}`] : []), ...(intent ? [intent] : [])];
}
