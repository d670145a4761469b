import { z } from 'zod';
import { constants } from './constants';
import { messages } from './messages';

/** Integer ids travel as decimal strings in paths; anything else is a 400. */
export const idSchema = z
  .union([z.string().regex(/^[1-9]\d{0,14}$/, 'Invalid id'), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)])
  .transform((value) => Number(value));

// Unicode's control characters (C0, DEL and C1): PostgreSQL cannot store NUL, and none belongs in
// text a person typed. Tab and line breaks are control characters too: multi-line text keeps them,
// one-line text reads them as the space a pasted line break stands for.
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;
const TABS_AND_LINE_BREAKS = /[\t\n\r]+/g;
// Half of a UTF-16 surrogate pair without its other half is no character at all: it cannot be
// written as UTF-8, and PostgreSQL refuses its JSON escape.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Every free text a request carries (bodies, query strings) starts here: trimmed, and refused
 * with a clear message when it holds a control character or a broken Unicode character. One-line
 * text (the default) turns each run of tabs and line breaks into a space; `multiline` keeps them,
 * for descriptions. Chain `.min()`, `.max()` and `.default()` as the field needs.
 */
export function textInput({
  multiline = false,
  error,
}: {
  multiline?: boolean;
  /** The message for a value that is not a string at all (a missing field, null, a number). */
  error?: z.core.$ZodStringParams['error'];
} = {}) {
  const trimmed = z.string(error ? { error } : undefined).trim();
  return (multiline ? trimmed : trimmed.overwrite((value) => value.replace(TABS_AND_LINE_BREAKS, ' '))).refine(
    (value) => !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value),
    messages.invalidCharacters,
  );
}

export const idParamsSchema = z.object({ id: idSchema });
export const projectIdParamsSchema = z.object({ projectId: idSchema });

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(constants.limits.maxPageSize).default(constants.projectKeywordsPageSize),
});

export function paginate(page: number, pageSize: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return {
    page,
    pageSize,
    totalCount,
    totalPages,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

export const successSchema = z.object({ success: z.literal(true) });

/**
 * A Google connection forgotten here. `notice` says so when Google could not be reached to revoke
 * the grant, which may then still be listed in the person's Google account (issue 28).
 */
export const googleDisconnectAnswerSchema = successSchema.extend({ notice: z.string().optional() });
export type GoogleDisconnectAnswer = z.infer<typeof googleDisconnectAnswerSchema>;

/** Timestamps are ISO 8601 strings on the wire. */
export const timestampSchema = z.string();
