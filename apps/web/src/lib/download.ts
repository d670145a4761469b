import { ApiError, toApiError } from './api-error';
import { readJsonBody } from './read-json-body';

/** The file name of a `Content-Disposition` header (`filename*=` first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/.exec(header);
  const name = plain ? (plain[2]?.replace(/\\(.)/g, '$1') ?? plain[1]?.trim()) : undefined;
  // Only the last path segment: a name is never a place.
  const safe = name?.split(/[\\/]/).pop()?.trim();
  return safe || null;
}

/**
 * Downloads a same-origin file (cookies included) and saves it under the
 * server's file name. Throws `ApiError` like every call, so the screen can say
 * what went wrong instead of the browser showing an error page. Answers the
 * response's headers, for what a server says beside its file.
 */
export async function downloadFile(url: string, fallbackName = 'download'): Promise<Headers> {
  return saveDownload(url, { credentials: 'include' }, fallbackName);
}

/**
 * Like `downloadFile`, for a file the server writes from a JSON body (a POST):
 * an invisible frame cannot send one.
 */
export async function downloadPostedFile(url: string, body: unknown, fallbackName = 'download'): Promise<Headers> {
  return saveDownload(
    url,
    {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    fallbackName,
  );
}

async function saveDownload(url: string, init: RequestInit, fallbackName: string): Promise<Headers> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError({ status: 0, code: 'network_error', message: 'Network error' });
  }
  if (!response.ok) throw toApiError(response.status, readJsonBody(response.status, await response.text()));
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return response.headers;
}
