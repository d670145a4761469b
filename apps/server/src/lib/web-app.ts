// The built web app (apps/web/dist): its files, and its pages with what each screen needs first named in them.
import fastifyStatic from '@fastify/static';
import { constants as contract } from '@keywright/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One route's entry in dist/.vite/pages.json (written by apps/web/vite-plugin-page-hints.ts). */
interface PageHints {
  path: string;
  signedIn: boolean;
  scripts: string[];
  styles: string[];
  data: string[];
}

interface Page {
  html: string;
  pages: PageHints[];
}

/** What the router reads as an id (apps/web/src/lib/ids.ts): a screen given anything else asks for no data. */
const idPattern = /^[1-9]\d{0,14}$/;

/** better-auth's session cookie (with its prefix over HTTPS). */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;\s]/;

export interface WebApp {
  register(app: FastifyInstance): Promise<void>;
  /**
   * Answers a page of the single-page app: its index.html, with the hints of
   * the route at `request.url` and the first answers the app would ask for.
   */
  sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * GET /api/config's and GET /api/me's answers (null when signed out), as those
 * calls give them; the page carries them, so the app starts without asking.
 */
export interface FirstAnswers {
  config: unknown;
  me: unknown;
}

/** A GET call's answer as the API gives it to the visitor: its status and JSON body. */
export interface DataAnswer {
  status: number;
  body: unknown;
}

/** JSON inside a <script> element: `<` escaped, so no text in it can close the element. */
export function firstAnswersScript(answers: FirstAnswers & { data?: Record<string, DataAnswer> }): string {
  const json = JSON.stringify(answers).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${contract.firstAnswersElementId}">${json}</script>`;
}

/** The route whose path matches `pathname` as the web app's router matches it, with its params. */
export function matchRoute(
  pages: readonly PageHints[],
  pathname: string,
): { page: PageHints; params: Record<string, string> } | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  for (const page of pages) {
    const pattern = page.path === '/' ? [] : page.path.split('/').slice(1);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment;
        return segment !== '';
      }
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (matches) return { page, params };
  }
  return undefined;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * What the page names for a route: in the head, the `<link>`s of its modules
 * and stylesheets; and for a signed-in visitor, the addresses of its first data
 * calls, whose answers the page then carries: only as the screen first asks
 * for them, when every param is an id and the address has no query string (a
 * screen reads its page or filters from it). A visitor without a session is
 * sent to /sign-in by a signed-in route, and the reverse: such a page gets none.
 */
export function pageLinks(
  page: PageHints,
  { params, hasQuery, hasSession }: { params: Record<string, string>; hasQuery: boolean; hasSession: boolean },
): { head: string[]; data: string[] } {
  if (page.signedIn !== hasSession) return { head: [], data: [] };
  // `crossorigin` as Vite's loader asks for both (anonymous mode), or the preload is not used. Low
  // priority: the page's first paint needs index.html's own script and stylesheet first.
  const head = [
    ...page.scripts.map(
      (script) => `<link rel="modulepreload" href="${escapeAttribute(script)}" fetchpriority="low" crossorigin>`,
    ),
    ...page.styles.map(
      (style) => `<link rel="preload" href="${escapeAttribute(style)}" as="style" fetchpriority="low" crossorigin>`,
    ),
  ];
  const data =
    page.signedIn && !hasQuery && Object.values(params).every((value) => idPattern.test(value))
      ? page.data.map((template) => template.replace(/:(\w+)/g, (_, name: string) => params[name] ?? ''))
      : [];
  return { head, data };
}

/**
 * The answers of the page's first data calls, asked of the API itself with the
 * visitor's credentials, so each is what the app would get: its access rules,
 * its errors. An answer that is not JSON, or a call that fails, is left out
 * (the app then asks itself).
 */
async function dataAnswers(request: FastifyRequest, urls: readonly string[]): Promise<Record<string, DataAnswer>> {
  const headers = {
    accept: 'application/json',
    ...(request.headers.cookie && { cookie: request.headers.cookie }),
    ...(request.headers.authorization && { authorization: request.headers.authorization }),
  };
  const answers = await Promise.all(
    urls.map(async (url) => {
      try {
        const response = await request.server.inject({ method: 'GET', url, headers });
        if (!/^application\/json\b/.test(String(response.headers['content-type'] ?? ''))) return undefined;
        return [url, { status: response.statusCode, body: response.json() as unknown }] as const;
      } catch (error) {
        // The page never fails for its data: a call that does (or answers JSON that is not) is left out.
        request.log.warn({ err: error, url }, 'the page goes without this first answer');
        return undefined;
      }
    }),
  );
  return Object.fromEntries(answers.filter((answer) => answer !== undefined));
}

/** Brotli, gzip or none, as Accept-Encoding allows (in that order of preference). */
function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export function createWebApp(
  webDir: string,
  {
    firstAnswers,
  }: {
    /** The page's first answers; when it throws (the database out of reach), the app asks for them itself. */
    firstAnswers?: (request: FastifyRequest, reply: FastifyReply) => Promise<FirstAnswers>;
  } = {},
): WebApp {
  const indexFile = path.join(webDir, 'index.html');
  const pagesFile = path.join(webDir, '.vite', 'pages.json');
  // Read again when either file changes: a rebuilt web app is served without a restart.
  let cached: { key: string; page: Page } | undefined;
  const load = (): Page => {
    const stamp = (file: string) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return stat ? `${stat.mtimeMs}:${stat.size}` : 'none';
    };
    const key = `${stamp(indexFile)}|${stamp(pagesFile)}`;
    if (cached?.key !== key) {
      let pages: PageHints[] = [];
      try {
        pages = (JSON.parse(readFileSync(pagesFile, 'utf8')) as { pages: PageHints[] }).pages;
      } catch {
        // A build without hints (or one being written): the page still works, only later.
      }
      cached = { key, page: { html: readFileSync(indexFile, 'utf8'), pages } };
    }
    return cached.page;
  };

  const webApp: WebApp = {
    async register(app) {
      // Other files are looked up per request too.
      await app.register(fastifyStatic, {
        root: webDir,
        // Pages are answered by sendPage: / below, the others through the not-found handler.
        index: false,
        wildcard: true,
        // The build's own records (dist/.vite: the manifest and the page hints) are not the site's files.
        dotfiles: 'ignore',
        // The build writes brotli and gzip copies beside each file (file.br, file.gz): sent as
        // Accept-Encoding asks, with Vary: Accept-Encoding, else the file itself.
        preCompressed: true,
        // Built assets carry a content hash in their names; the page itself must always be fresh.
        cacheControl: false,
        setHeaders: (reply, filePath) =>
          reply.header(
            'cache-control',
            /\.html(?:\.br|\.gz)?$/.test(filePath) ? 'no-cache' : 'public, max-age=31536000, immutable',
          ),
      });
      app.get('/', { schema: { hide: true } }, (request, reply) => webApp.sendPage(request, reply));
    },

    async sendPage(request, reply) {
      const { html, pages } = load();
      const answers = await firstAnswers?.(request, reply).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the page goes without its first answers');
        return undefined;
      });
      const [pathname = '', query] = request.url.split('?');
      const match = matchRoute(pages, pathname);
      // Signed in as the session says; without the answers, as far as the cookie tells.
      const hasSession = answers ? answers.me !== null : sessionCookie.test(request.headers.cookie ?? '');
      const links = match
        ? pageLinks(match.page, { params: match.params, hasQuery: !!query, hasSession })
        : { head: [], data: [] };
      const data = answers && links.data.length > 0 ? await dataAnswers(request, links.data) : undefined;
      const bodyEnd = answers ? [firstAnswersScript({ ...answers, ...(data && { data }) })] : [];
      const body = html
        .replace('</head>', `${links.head.map((link) => `${link}\n    `).join('')}</head>`)
        .replace('</body>', `${bodyEnd.map((tag) => `${tag}\n    `).join('')}</body>`);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      const payload =
        encoding === 'br'
          ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : encoding === 'gzip'
            ? gzipSync(body)
            : Buffer.from(body);
      if (encoding) reply.header('content-encoding', encoding);
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8');
      // HEAD through the not-found handler has no GET route whose HEAD twin would drop the body: the headers only.
      if (request.method === 'HEAD') return reply.header('content-length', payload.length).send();
      return reply.send(payload);
    },
  };
  return webApp;
}
