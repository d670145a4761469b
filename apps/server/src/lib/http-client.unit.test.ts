import { messages } from '@keywright/contract';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerWithFault, type HttpFault } from '../../test/fakes/faults';
import { createHttpClient, retryAfterMs, UpstreamError, type HttpClientOptions } from './http-client';

/** A loopback service answering from a script: a status (with headers), or a fault; then 200 `{"ok":true}`. */
type Scripted = { status: number; headers?: Record<string, string> } | HttpFault;

let server: Server;
let url: string;
let script: Scripted[] = [];
let requests: Array<{ method: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', body });
      const next = script.shift();
      if (typeof next === 'string') return answerWithFault(response, next, { answer: { ok: true }, wrongShape: [] });
      response.writeHead(next?.status ?? 200, { 'content-type': 'application/json', ...next?.headers });
      response.end(JSON.stringify({ ok: !next }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/call`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let sleeps: number[] = [];
beforeEach(() => {
  script = [];
  requests = [];
  sleeps = [];
});

const client = (options: HttpClientOptions = {}) =>
  createHttpClient('The service', {
    timeoutMs: 200,
    retryBaseMs: 1,
    sleep: async (ms) => void sleeps.push(ms),
    ...options,
  });

const post = { url: '', init: { method: 'POST', body: 'payload' } };
const build = () => ({ ...post, url });

describe('the shared HTTP client', () => {
  it('reads a Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Mon, 23 Nov 2026 12:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Mon, 23 Nov 2026 11:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers(), now)).toBeNull();
  });

  it('waits for a Retry-After given as a date, measured on its own clock', async () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    script = [{ status: 503, headers: { 'retry-after': 'Mon, 23 Nov 2026 12:00:05 GMT' } }];
    const answer = await client({ now: () => now }).send(build);
    expect(answer.status).toBe(200);
    expect(sleeps).toEqual([5000]);
  });

  it('answers the last 429 or 5xx once the retries are spent, without throwing', async () => {
    script = [{ status: 500 }, { status: 502 }];
    const answer = await client({ maxRetries: 1 }).send(build);
    expect(answer).toMatchObject({ status: 502, ok: false, text: '{"ok":false}' });
    expect(sleeps).toEqual([1]);
  });

  it('sends a request that must not run twice again only after a 429', async () => {
    script = [{ status: 429 }, { status: 503 }];
    expect((await client().send(build, { idempotent: false })).status).toBe(503);
    expect(requests).toHaveLength(2);

    script = ['html-502'];
    requests = [];
    expect((await client().send(build, { idempotent: false })).status).toBe(502);
    expect(requests).toHaveLength(1);
  });

  it('does not send a request that must not run twice again after the connection failed', async () => {
    const failure = client().send(() => ({ ...post, url: 'http://127.0.0.1:1/call' }), { idempotent: false });
    await expect(failure).rejects.toThrow(new UpstreamError(messages.upstreamUnreachable('The service')));
    expect(sleeps).toEqual([]);
  });

  it('lets a caller that gives up stop the call at once, without retrying', async () => {
    script = ['no-answer'];
    const controller = new AbortController();
    const call = client({ timeoutMs: 10_000 }).send(() => ({ url, init: { signal: controller.signal } }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort(new Error('The person went away'));
    await expect(call).rejects.toThrow('The person went away');
    expect(sleeps).toEqual([]);
  });

  it('as a fetch: gives a Response already read, with the final status, and sends a Request’s body each try', async () => {
    script = [{ status: 503 }];
    const response = await client().fetch(new Request(url, { method: 'POST', body: 'payload' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(requests.map((request) => request.body)).toEqual(['payload', 'payload']);
  });

  it('as a fetch: throws the UpstreamError of a time-out', async () => {
    script = ['stalled-body'];
    await expect(client().fetch(url)).rejects.toThrow(new UpstreamError(messages.upstreamTimedOut('The service')));
  });
});
