import { z } from 'zod';

/** The one table from error code to HTTP status. */
export const errorStatus = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  upstream_error: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodeSchema = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]);

export const errorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/** The one wire body of every error answer. */
export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    issues: z.array(errorIssueSchema).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
