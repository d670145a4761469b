import { messages } from '@keywright/contract';

/**
 * An outside service failed: it answered an error, kept refusing (429/5xx after retries), sent an
 * answer we could not read, did not answer in time, or could not be reached. `message` is for people.
 */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** How a client talks HTTP and keeps time; every field has a production default. */
export interface HttpClientOptions {
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Per attempt: the headers and the whole body must arrive within this (default 30 s). */
  timeoutMs?: number;
  /** Further attempts after a 429, a 5xx or a network error (default 3). A time-out is not tried again. */
  maxRetries?: number;
  /** First backoff; it doubles with each retry (default 1,000 ms: 1 s, 2 s, 4 s). */
  retryBaseMs?: number;
  /** A `Retry-After` longer than this is not waited for: the answer is reported at once (default 60 s). */
  maxRetryAfterMs?: number;
}

export interface HttpRequest {
  url: string;
  init: RequestInit;
}

/** An answer read whole within the time-out. */
export interface HttpAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
  /** The body as it came, when `SendOptions.maxBytes` asked for bytes (`text` is then its UTF-8 reading). */
  bytes?: Uint8Array;
}

/** A body grew past `SendOptions.maxBytes`: reading stopped there. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

export interface SendOptions {
  /**
   * False for a request that must not run twice (an authorization code exchange): only a 429,
   * which says the request was refused, is tried again. Default true.
   */
  idempotent?: boolean;
  /**
   * Read the body as bytes (a download) and stop past this many: a BodyTooLargeError is thrown
   * without reading further. Unset: the body is read as text, whole.
   */
  maxBytes?: number;
}

export interface HttpClient {
  /**
   * Sends the request `build` makes (again for each attempt, so it may fetch a fresh token) and
   * reads the answer whole. Tries again after a 429 or a 5xx (waiting as `Retry-After` says, up to
   * the cap) and after a network error; returns the last answer, whatever its status. Throws an
   * UpstreamError only when nothing answered: timed out, or unreachable. Errors of `build` pass.
   */
  send(build: () => HttpRequest | Promise<HttpRequest>, options?: SendOptions): Promise<HttpAnswer>;
  /** The same policy as a `fetch`, for SDKs that take one; the Response it gives is already read. */
  fetch: typeof fetch;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `JSON.parse`, or undefined for text that is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), or null without one. */
export function retryAfterMs(headers: Headers, now: number): number | null {
  const header = headers.get('retry-after')?.trim();
  if (!header) return null;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The body's bytes, or a BodyTooLargeError as soon as they pass `maxBytes` (the rest is not read). */
async function readAtMost(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

type Attempt = { answer: HttpAnswer } | { failure: 'timeout' | 'unreachable' };

/**
 * The one way Keywright's outside clients talk HTTP: a time-out per attempt that covers a stalled
 * body too, bounded retries with backoff, `Retry-After` respected up to a cap. The worst case of
 * one call is (maxRetries + 1) x timeoutMs plus the waits, each at most maxRetryAfterMs.
 */
export function createHttpClient(service: string, options: HttpClientOptions = {}): HttpClient {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 3;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;

  async function attempt({ url, init }: HttpRequest, maxBytes: number | undefined): Promise<Attempt> {
    const timer = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timer]) : timer;
    try {
      const response = await fetchImpl(url, { ...init, signal });
      // The body is read under the same signal: headers followed by silence time out as well.
      if (maxBytes === undefined) {
        const text = await response.text();
        return { answer: { status: response.status, ok: response.ok, headers: response.headers, text } };
      }
      const bytes = await readAtMost(response, maxBytes);
      const text = new TextDecoder().decode(bytes);
      return { answer: { status: response.status, ok: response.ok, headers: response.headers, text, bytes } };
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw error;
      if (init.signal?.aborted) throw init.signal.reason ?? error; // the caller gave up
      return { failure: timer.aborted ? 'timeout' : 'unreachable' };
    }
  }

  async function send(build: () => HttpRequest | Promise<HttpRequest>, sendOptions: SendOptions = {}) {
    const idempotent = sendOptions.idempotent ?? true;
    for (let retry = 0; ; retry++) {
      const outcome = await attempt(await build(), sendOptions.maxBytes);
      const backoff = retryBaseMs * 2 ** retry;
      if ('failure' in outcome) {
        // Waiting a whole time-out again would double the wait of a service that is already too slow.
        if (outcome.failure === 'timeout') throw new UpstreamError(messages.upstreamTimedOut(service));
        if (!idempotent || retry >= maxRetries) throw new UpstreamError(messages.upstreamUnreachable(service));
        await sleep(backoff);
        continue;
      }
      const { status } = outcome.answer;
      const retryable = status === 429 || (idempotent && status >= 500);
      if (!retryable || retry >= maxRetries) return outcome.answer;
      const wait = retryAfterMs(outcome.answer.headers, now()) ?? backoff;
      if (wait > maxRetryAfterMs) return outcome.answer;
      await sleep(wait);
    }
  }

  return {
    send,
    async fetch(input, init = {}) {
      // A Request's body can be read once: it is read here, and each attempt sends the bytes.
      const request = input instanceof Request ? input : null;
      const fromRequest: RequestInit = request
        ? {
            method: request.method,
            headers: request.headers,
            body: request.body ? await request.arrayBuffer() : undefined,
            redirect: request.redirect,
            signal: request.signal,
          }
        : {};
      const url = request ? request.url : String(input);
      const answer = await send(() => ({ url, init: { ...fromRequest, ...init } }));
      const headers = new Headers(answer.headers);
      // The text is decoded already and its length may differ.
      headers.delete('content-encoding');
      headers.delete('content-length');
      // A body is not allowed on these statuses; the text is empty then anyway.
      const body = [204, 205, 304].includes(answer.status) ? null : answer.text;
      return new Response(body, { status: answer.status, headers });
    },
  };
}
