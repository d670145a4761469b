import { ApiError, toApiError } from './api-error';

/**
 * The one fetch of the app: same-origin JSON with cookies; throws `ApiError`.
 * It imports nothing from the contract, so the sign-in route does not carry
 * zod: `apiRequest` (api-client.ts) adds the contract's parsing on top.
 */
export async function requestJson(
  method: string,
  url: string,
  { body, signal }: { body?: unknown; signal?: AbortSignal } = {},
): Promise<unknown> {
  const hasBody = method !== 'GET' && method !== 'HEAD';
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
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (response.ok) {
        throw new ApiError({ status: response.status, code: 'invalid_response', message: 'Invalid response' });
      }
    }
  }
  if (!response.ok) throw toApiError(response.status, data);
  return data;
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
