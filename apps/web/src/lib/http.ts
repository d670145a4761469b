import { ApiError, toApiError } from './api-error';
import { takeFirstData } from './first-answers';

/**
 * The one fetch of the app: same-origin JSON with cookies; throws `ApiError`.
 * A GET the page already carries the answer of is answered from it, once.
 * It imports no schema from the contract, so the sign-in route does not carry
 * zod (nor its texts): `apiRequest` (api-client.ts) adds the contract's parsing
 * on top, and `readBody` (read-json-body.ts) to say an answer is not JSON.
 */
export async function requestJson(
  method: string,
  url: string,
  {
    body,
    signal,
    readBody = readBodyQuietly,
  }: { body?: unknown; signal?: AbortSignal; readBody?: (status: number, text: string) => unknown } = {},
): Promise<unknown> {
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // The page's own answer to this call, when it came with one (first-answers.ts).
  const first = method === 'GET' ? takeFirstData(url) : undefined;
  if (first) {
    if (first.status < 200 || first.status >= 300) throw toApiError(first.status, first.body);
    return first.body;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: { accept: 'application/json', ...(hasBody && { 'content-type': 'application/json' }) },
      // Bodiless POSTs send `{}`: the server and better-auth expect a JSON body.
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'network_error', message: 'Network error' });
  }
  const data = readBody(response.status, await response.text());
  if (!response.ok) throw toApiError(response.status, data);
  return data;
}

/** A body that is not JSON: 'Invalid response' for a success, an error without a server text otherwise. */
function readBodyQuietly(status: number, text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (status >= 200 && status < 300) {
      throw new ApiError({ status, code: 'invalid_response', message: 'Invalid response' });
    }
    return null;
  }
}

export function toQueryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
