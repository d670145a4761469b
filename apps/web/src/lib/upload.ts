import { ApiError, toApiError } from './api-error';
import { readJsonBody } from './read-json-body';

export interface UploadProgress {
  /** Bytes sent so far and in all; `total` is 0 until the browser knows it. */
  loaded: number;
  total: number;
}

/**
 * Sends a multipart form (cookies included) and answers the JSON the server sent back. Sent with
 * XMLHttpRequest, the one browser API that reports upload progress; errors are read like every
 * other call's (`ApiError`: the server's text when it sent one, an answer that is not JSON says so).
 */
export function uploadForm(
  method: string,
  url: string,
  body: FormData,
  { onProgress, signal }: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.withCredentials = true;
    request.responseType = 'text';
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onerror = () => reject(new ApiError({ status: 0, code: 'network_error', message: 'Network error' }));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.onload = () => {
      try {
        const data = readJsonBody(request.status, request.responseText);
        if (request.status < 200 || request.status >= 300) reject(toApiError(request.status, data));
        else resolve(data);
      } catch (error) {
        reject(error);
      }
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
