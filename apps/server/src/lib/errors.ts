import { errorStatus, messages, type ErrorCode } from '@keywright/contract';

export interface ErrorIssue {
  path: string;
  message: string;
}

/** The one error type of the server; its code decides the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
    /** Headers the answer carries, such as a 503's `Retry-After`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = () => new AppError('not_found', messages.notFound);
export const unauthorized = () => new AppError('unauthorized', messages.signInRequired);
