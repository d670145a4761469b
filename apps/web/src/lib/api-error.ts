import { errorBodySchema, type ErrorCode } from '@keywright/contract';

export type ApiErrorCode = ErrorCode | 'network_error' | 'invalid_response' | 'unknown';

export interface ApiErrorIssue {
  path: string;
  message: string;
}

/** A failed call: the HTTP status (0 when the network failed), a code and a message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: readonly ApiErrorIssue[];
  /** True when `message` is the server's own text, fit to show to a person. */
  readonly isServerMessage: boolean;

  constructor(options: {
    status: number;
    code: ApiErrorCode;
    message: string;
    issues?: readonly ApiErrorIssue[];
    isServerMessage?: boolean;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.issues = options.issues ?? [];
    this.isServerMessage = options.isServerMessage ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

function codeForStatus(status: number): ApiErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  return 'unknown';
}

/**
 * Reads an error answer. Our API answers `{ error: { code, message, issues? } }`;
 * the auth routes (better-auth) answer `{ code, message }`.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, issues } = parsed.data.error;
    return new ApiError({ status, code, message, issues, isServerMessage: true });
  }
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return new ApiError({ status, code: codeForStatus(status), message: body.message, isServerMessage: true });
  }
  return new ApiError({ status, code: codeForStatus(status), message: `Error ${status}` });
}

/** The server's text when it sent one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.isServerMessage && error.message ? error.message : fallback;
}
