import type { ErrorCode } from '@keywright/contract';

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
  /**
   * True when `message` is fit to show to a person: the server's own text, or what was wrong with
   * its answer (one that is not JSON).
   */
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readIssues(value: unknown): ApiErrorIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((issue) =>
    isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string'
      ? [{ path: issue.path, message: issue.message }]
      : [],
  );
}

/**
 * Reads an error answer: ours is the contract's `{ error: { code, message, issues? } }`,
 * better-auth's is `{ code, message }`. Read by hand, not with the contract's
 * zod schema, so the sign-in route stays free of zod.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (error && typeof error.message === 'string' && typeof error.code === 'string') {
    return new ApiError({
      status,
      code: error.code as ErrorCode,
      message: error.message,
      issues: readIssues(error.issues),
      isServerMessage: true,
    });
  }
  if (isRecord(body) && typeof body.message === 'string' && body.message) {
    return new ApiError({ status, code: codeForStatus(status), message: body.message, isServerMessage: true });
  }
  return new ApiError({ status, code: codeForStatus(status), message: `Error ${status}` });
}

/** The server's text when it sent one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.isServerMessage && error.message ? error.message : fallback;
}
