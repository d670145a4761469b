import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from './factories/keywords';
import { buildProject } from './factories/projects';
import { addToTeam } from './factories/team';
import { buildUser, type TestUser } from './factories/users';
import { createTestContext, request, type TestContext } from './harness';

/** A built web app as `vite build` leaves it: hashed assets, each with its .br and .gz copies. */
const files = {
  'index.html':
    '<!doctype html><html lang="en"><head><title>Keywright</title></head><body><div id="root"></div></body></html>',
  'assets/index-Cx81pQ2w.js': `export const routes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `/route-${i}`))};`,
  'assets/index-Byg8j9pm.css': `.root { color: #3b5bdb; }\n`.repeat(100),
  'assets/project-keywords-D2kq0aXz.js': 'export default function ProjectKeywords() {}',
  'assets/Table-B1x9QmWd.js': 'export const Table = 1;',
  'assets/project-keywords-C4rT7uVw.css': '.table { width: 100%; }',
  'assets/sign-in-Aq3LmZ8e.js': 'export default function SignIn() {}',
  'assets/keyword-generation-Pk4sW2nB.js': 'export default function KeywordGeneration() {}',
};

/** What the build writes for the server (apps/web/vite-plugin-page-hints.ts), for two of its routes. */
const pages = {
  pages: [
    {
      path: '/sign-in',
      signedIn: false,
      scripts: ['/assets/sign-in-Aq3LmZ8e.js'],
      styles: [],
      data: [],
    },
    {
      path: '/',
      signedIn: true,
      scripts: ['/assets/keyword-generation-Pk4sW2nB.js'],
      styles: [],
      data: [],
    },
    {
      path: '/projects/:projectId/keywords',
      signedIn: true,
      scripts: ['/assets/project-keywords-D2kq0aXz.js', '/assets/Table-B1x9QmWd.js'],
      styles: ['/assets/project-keywords-C4rT7uVw.css'],
      data: [
        '/api/projects/:projectId',
        '/api/projects/:projectId/keywords/page?page=1&pageSize=20&search=&sort=newest',
      ],
    },
  ],
};

let webDir: string;
let ctx: TestContext;
/** A signed-in visitor. */
let owner: TestUser;
let session: Record<string, string>;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-web-'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(webDir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, '.vite/pages.json'), JSON.stringify(pages));
  ctx = await createTestContext({ app: { webDir } });
  owner = await buildUser(ctx);
  session = owner.headers;
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string>) {
  return request(ctx, null, { method: 'GET', url, headers });
}

const immutable = 'public, max-age=31536000, immutable';

const firstAnswersTag = /<script type="application\/json" id="first-answers">(.*?)<\/script>\s*/s;
/** The answers the page carries (GET /api/config's and GET /api/me's, and its screen's), as the web app reads them. */
const firstAnswers = (html: string): { config: unknown; me: unknown; data?: Record<string, unknown> } =>
  JSON.parse(firstAnswersTag.exec(html)?.[1] ?? 'null');
const withoutFirstAnswers = (html: string) => html.replace(firstAnswersTag, '');
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

  it("keeps the build's own records (dist/.vite) to itself", async () => {
    const asked: Record<string, string>[] = [{}, { accept: 'application/json' }];
    for (const headers of asked) {
      const response = await get('/.vite/pages.json', headers);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('keyword-generation-Pk4sW2nB');
    }
  });

  it('sends stylesheets compressed with their own type', async () => {
    const response = await get('/assets/index-Byg8j9pm.css', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/css\b/);
    expect(response.headers['cache-control']).toBe(immutable);
  });

  it('sends the page compressed but never cached without asking, at / and at every route', async () => {
    // Signed out, a signed-in route is sent to /sign-in by the app: the page names none of its files.
    for (const url of ['/', '/index.html', '/projects/12/keywords', '/no-such-page']) {
      const response = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html\b/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(withoutFirstAnswers(brotliDecompressSync(response.rawPayload).toString())).toBe(files['index.html']);
    }
    const plain = await get('/projects', { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(withoutFirstAnswers(plain.body)).toBe(files['index.html']);
  });
});

/** A session cookie no session has (signed out, or expired): the visitor is signed out. */
const staleSession = { cookie: 'better-auth.session_token=abc.def; theme=light' };
const page = (url: string, headers: Record<string, string> = {}) => get(url, { accept: 'text/html', ...headers });

/** The `<link>`s in the page's head, by rel: what it tells the browser to fetch at once. */
function links(html: string): Record<'modulepreload' | 'style' | 'fetch', string[]> {
  const found = { modulepreload: [] as string[], style: [] as string[], fetch: [] as string[] };
  for (const [tag] of html.matchAll(/<link [^>]*>/g)) {
    const href = /href="([^"]*)"/.exec(tag)![1]!.replaceAll('&amp;', '&');
    if (tag.includes('rel="modulepreload"') || tag.includes('as="style"')) {
      // Vite's loader asks for chunks and their stylesheets in CORS anonymous mode: a preload in another is not used.
      expect(tag).toMatch(/ crossorigin(?:=""|="anonymous")?[ >]/);
      found[tag.includes('as="style"') ? 'style' : 'modulepreload'].push(href);
    } else if (tag.includes('as="fetch"')) {
      expect(tag, 'the app fetches with credentials: include').toContain('crossorigin="use-credentials"');
      found.fetch.push(href);
    }
  }
  return found;
}

describe("a page names its screen's files and first data", () => {
  it("names a signed-in screen's chunks and stylesheet, each a file of the build, and no data to fetch", async () => {
    const response = await page('/projects/12/keywords', { ...session, 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/cookie/i);
    const html = brotliDecompressSync(response.rawPayload).toString();
    const found = links(html);
    // The screen's data comes in the page (below), not from preloads.
    expect(found).toEqual({
      modulepreload: ['/assets/project-keywords-D2kq0aXz.js', '/assets/Table-B1x9QmWd.js'],
      style: ['/assets/project-keywords-C4rT7uVw.css'],
      fetch: [],
    });
    for (const file of [...found.modulepreload, ...found.style]) {
      expect(existsSync(path.join(webDir, file)), file).toBe(true);
      expect((await get(file, {})).statusCode, file).toBe(200);
    }
    // The code in the head, before the app's own script runs; the rest of the page as built.
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('</head>'));
    expect(
      withoutFirstAnswers(html)
        .replace(/\s*<link [^>]*>/g, '')
        .replace(/\s+<\/(head|body)>/g, '</$1>'),
    ).toBe(files['index.html']);
  });

  it('matches as the router does: trailing slash, letter case; an id that is not one gets code but no data', async () => {
    const trailing = await page('/Projects/7/Keywords/', session);
    expect(links(trailing.body).modulepreload).toHaveLength(2);
    expect(Object.keys(firstAnswers(trailing.body).data ?? {})).toEqual([
      '/api/projects/7',
      '/api/projects/7/keywords/page?page=1&pageSize=20&search=&sort=newest',
    ]);
    // The screen reads its page from the query string: another page, another call.
    const paged = await page('/projects/7/keywords?page=3', session);
    expect(links(paged.body).modulepreload).toHaveLength(2);
    expect(firstAnswers(paged.body).data).toBeUndefined();
    for (const id of ['abc', '0', '1e3', '%3Cscript%3E']) {
      const response = await page(`/projects/${id}/keywords`, session);
      expect(links(response.body).modulepreload, id).toHaveLength(2);
      expect(firstAnswers(response.body).data, id).toBeUndefined();
    }
  });

  it("answers / as any other page, with its route's hints", async () => {
    const response = await page('/', { ...session, 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(links(gunzipSync(response.rawPayload).toString()).modulepreload).toEqual([
      '/assets/keyword-generation-Pk4sW2nB.js',
    ]);
  });

  it('names nothing on a path no route has, nor past a route', async () => {
    for (const url of ['/no-such-page', '/projects/12', '/projects/12/keywords/more', '/sign-in/x']) {
      const response = await page(url, session);
      expect(response.statusCode, url).toBe(200);
      expect(withoutFirstAnswers(response.body), url).toBe(files['index.html']);
    }
  });

  it("names a signed-out screen's code for a visitor without a session only", async () => {
    expect(links((await page('/sign-in')).body).modulepreload).toEqual(['/assets/sign-in-Aq3LmZ8e.js']);
    // A cookie of no session is no session: the app shows sign-in, and a signed-in route nothing.
    expect(links((await page('/sign-in', staleSession)).body).modulepreload).toEqual(['/assets/sign-in-Aq3LmZ8e.js']);
    const stale = await page('/projects/12/keywords', staleSession);
    expect(withoutFirstAnswers(stale.body)).toBe(files['index.html']);
    expect(firstAnswers(stale.body).data).toBeUndefined();
    expect(withoutFirstAnswers((await page('/sign-in', session)).body)).toBe(files['index.html']);
    // A query string is not part of the path.
    expect(links((await page('/sign-in?next=%2Fteam')).body).modulepreload).toEqual(['/assets/sign-in-Aq3LmZ8e.js']);
  });

  it('answers HEAD for a page as for GET, without the body', async () => {
    for (const url of ['/', '/projects/12/keywords']) {
      const response = await request(ctx, null, { method: 'HEAD', url, headers: { accept: 'text/html', ...session } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html\b/);
      expect(response.body, url).toBe('');
    }
  });

  it('never answers an API path with the page', async () => {
    for (const url of ['/api/no-such-thing', '/api/projects/12/keywords/nope']) {
      const response = await page(url, session);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json\b/);
      expect(response.body, url).not.toContain('<html');
    }
  });

  it('serves a rebuilt web app without a restart: its new page and hints', async () => {
    const pagesFile = path.join(webDir, '.vite/pages.json');
    const rebuilt = structuredClone(pages);
    rebuilt.pages[0]!.scripts = ['/assets/sign-in-Zr2bN7Qe.js'];
    const later = new Date(Date.now() + 60_000);
    try {
      writeFileSync(pagesFile, JSON.stringify(rebuilt));
      utimesSync(pagesFile, later, later);
      expect(links((await page('/sign-in')).body).modulepreload).toEqual(['/assets/sign-in-Zr2bN7Qe.js']);
    } finally {
      writeFileSync(pagesFile, JSON.stringify(pages));
    }
    expect(links((await page('/sign-in')).body).modulepreload).toEqual(['/assets/sign-in-Aq3LmZ8e.js']);
  });
});

describe('a page carries the answers the app asks for first', () => {
  it("GET /api/config's answer, and no one signed in for a visitor without a session", async () => {
    const config = (await get('/api/config', {})).json();
    for (const headers of [{}, staleSession]) {
      expect(firstAnswers((await page('/sign-in', headers)).body)).toEqual({ config, me: null });
    }
  });

  it("GET /api/me's answer for a signed-in visitor, markup in their name kept inside the data", async () => {
    const user = await buildUser(ctx, { name: '</script><script>alert(1)</script>' });
    const me = (await request(ctx, user, { method: 'GET', url: '/api/me' })).json();
    expect(me).toMatchObject({ id: user.id, name: user.name });
    const html = brotliDecompressSync(
      (await page('/projects', { ...user.headers, 'accept-encoding': 'br' })).rawPayload,
    ).toString();
    expect(firstAnswers(html)).toEqual({ config: expect.objectContaining({ appName: 'Keywright' }), me });
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("a signed-in screen's first GET calls, each answered as the API answers the visitor, markup kept inside the data", async () => {
    const project = await buildProject(ctx, { owner, name: '</script><script>alert(1)</script>' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'leather wallet </script>' });
    const calls = [
      `/api/projects/${project.id}`,
      `/api/projects/${project.id}/keywords/page?page=1&pageSize=20&search=&sort=newest`,
    ];
    const teammate = await buildUser(ctx);
    await addToTeam(ctx, owner, teammate);
    const stranger = await buildUser(ctx);
    for (const [visitor, status] of [
      [owner, 200],
      [teammate, 200],
      [stranger, 404],
    ] as const) {
      const html = brotliDecompressSync(
        (await page(`/projects/${project.id}/keywords`, { ...visitor.headers, 'accept-encoding': 'br' })).rawPayload,
      ).toString();
      const expected: Record<string, unknown> = {};
      for (const url of calls) {
        const answer = await request(ctx, visitor, { method: 'GET', url });
        expect(answer.statusCode, url).toBe(status);
        expected[url] = { status, body: answer.json() };
      }
      expect(firstAnswers(html).data).toEqual(expected);
      expect(html.match(/<script/g)).toHaveLength(1);
    }
    expect(JSON.stringify(firstAnswers((await page(`/projects/${project.id}/keywords`, session)).body))).toContain(
      'leather wallet </script>',
    );
  });
});
