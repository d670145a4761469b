import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, request, type TestContext } from './harness';

/** A built web app as `vite build` leaves it: hashed assets, each with its .br and .gz copies. */
const files = {
  'index.html':
    '<!doctype html><html lang="en"><head><title>Keywright</title></head><body><div id="root"></div></body></html>',
  'assets/index-Cx81pQ2w.js': `export const routes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `/route-${i}`))};`,
  'assets/index-Byg8j9pm.css': `.root { color: #3b5bdb; }\n`.repeat(100),
};

let webDir: string;
let ctx: TestContext;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-web-'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(webDir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  ctx = await createTestContext({ app: { webDir } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string>) {
  return request(ctx, null, { method: 'GET', url, headers });
}

const immutable = 'public, max-age=31536000, immutable';
const script = '/assets/index-Cx81pQ2w.js';
const javascript = 'application/javascript; charset=utf-8';

describe('the built web app', () => {
  it('sends a hashed script brotli-compressed when brotli is accepted', async () => {
    const response = await get(script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe(javascript);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(files['assets/index-Cx81pQ2w.js']);
  });

  it('sends it gzipped when only gzip is accepted', async () => {
    const response = await get(script, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe(javascript);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(files['assets/index-Cx81pQ2w.js']);
  });

  it('sends it as it is when no compression is accepted', async () => {
    const noCompression: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of noCompression) {
      const response = await get(script, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toBe(javascript);
      expect(response.headers['cache-control']).toBe(immutable);
      // The uncompressed answer was chosen by Accept-Encoding too: a shared cache must know.
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(files['assets/index-Cx81pQ2w.js']);
    }
  });

  it('sends stylesheets compressed with their own type', async () => {
    const response = await get('/assets/index-Byg8j9pm.css', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/css\b/);
    expect(response.headers['cache-control']).toBe(immutable);
  });

  it('sends the page compressed but never cached without asking, at / and at every route', async () => {
    for (const url of ['/', '/index.html', '/projects/12/keywords']) {
      const response = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html\b/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(files['index.html']);
    }
    const plain = await get('/projects', { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(files['index.html']);
  });
});
