import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { KeywordList, KeywordListItem } from '@keywright/contract';
import { keywordLists } from '../../db/schema';

/** `keyword_lists` as `l`, for conditions built by drizzle in queries written in SQL. */
export const l = alias(keywordLists, 'l');

export const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A list as the API shows it, its keyword count and its owner's e-mail beside it, from `keyword_lists l`. */
export const listColumns =
  sql.raw(`l.id, l.name, l.project_id, p.name as project_name, l.user_id, u.email as owner_email,
  ${isoTime('l.created_at')} as created_at, l.keywords_count as count`);
export const listJoins = sql.raw(`left join projects p on p.id = l.project_id left join "user" u on u.id = l.user_id`);

export type ListRow = Omit<KeywordList, 'id' | 'project_id'> & {
  id: number | string;
  project_id: number | string | null;
};

export function toList(row: ListRow): KeywordList {
  return { ...row, id: Number(row.id), project_id: row.project_id == null ? null : Number(row.project_id) };
}

/** A keyword's normalized text and its project's place: which cached figures are its. */
export type PlaceRow = { country: string; city: string; language: string; normalized: string };

export type ItemRow = Omit<KeywordListItem, 'id' | 'project_id' | 'metrics'> & {
  id: number | string;
  project_id: number | string;
};

/** PostgreSQL's unique_violation, as pg reports it (drizzle may wrap it as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}
