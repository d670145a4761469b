import { messages } from '@keywright/contract';
import { ApiError } from './api-error';

/**
 * The one reading of an answer's body for the app's calls (`apiRequest`, downloads, uploads): its
 * JSON, null when empty, or an `ApiError` saying the answer is not JSON (a proxy's error page, say),
 * with its status, as a text fit to show. Kept out of http.ts: the sign-in screen's calls go
 * without the contract's texts.
 */
export function readJsonBody(status: number, text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError({
      status,
      code: 'invalid_response',
      message: messages.notJsonAnswer(status),
      isServerMessage: true,
    });
  }
}
