import type { SearchIntent } from '@keywright/contract';
import { sql } from 'drizzle-orm';
import { keywords } from '../db/schema';

/** A keyword row as the API shows it, for queries built with drizzle. */
export const keywordColumns = {
  id: keywords.id,
  keyword: keywords.keyword,
  created_at: sql<string>`to_char(${keywords.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  source: keywords.source,
  generation_id: keywords.generationId,
  /** Not read yet (a row older than migration 0010, until the intent filler reaches it): none. */
  intent: sql<SearchIntent[]>`coalesce(${keywords.intent}, '{}')`,
};

/** A keyword row as the API shows it, for queries written in SQL on keywords `k`. */
export const keywordRowColumns = sql.raw(
  `k.id, k.keyword, to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, k.source, k.generation_id,
   coalesce(k.intent, '{}') as intent`,
);
