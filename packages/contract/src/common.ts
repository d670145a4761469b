import { z } from 'zod';
import { constants } from './constants';

/** Integer ids travel as decimal strings in paths; anything else is a 400. */
export const idSchema = z
  .union([z.string().regex(/^[1-9]\d{0,14}$/, 'Invalid id'), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)])
  .transform((value) => Number(value));

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

/** Timestamps are ISO 8601 strings on the wire. */
export const timestampSchema = z.string();
