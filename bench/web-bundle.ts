// What each screen of the built web app downloads before it can render, read from Vite's manifest
// and the build's page hints (dist/.vite/pages.json: each route's chunks, as the server names them in the page).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');

/** Vite's build manifest: one record per chunk, keyed by its source (or `_name` for shared chunks). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Screen {
  name: string;
  /** Its route in apps/web/src/app/screens.ts. */
  route: string;
  signedIn: boolean;
}

/** SPEC section 2's screens, by their route. */
export const screens: readonly Screen[] = [
  { name: 'sign-in', route: '/sign-in', signedIn: false },
  { name: 'sign-up', route: '/sign-up', signedIn: false },
  { name: 'keyword generation', route: '/keyword-generation', signedIn: true },
  { name: 'projects', route: '/projects', signedIn: true },
  { name: 'project keywords', route: '/projects/:projectId/keywords', signedIn: true },
  { name: 'keyword lists', route: '/keyword-lists', signedIn: true },
  { name: 'google ads analysis', route: '/google-ads-analysis', signedIn: true },
  { name: 'team', route: '/team', signedIn: true },
];

/** dist/.vite/pages.json (apps/web/vite-plugin-page-hints.ts): a route's own chunks and their static imports. */
interface PageHints {
  path: string;
  scripts: string[];
}

export interface ScreenWeight {
  name: string;
  /** Gzipped bytes of every JavaScript file the screen needs before it renders. */
  initialJsGzip: number;
  files: number;
}

export interface BundleReport {
  screens: ScreenWeight[];
  /** The heaviest JavaScript chunk, gzipped. */
  largestChunk: { file: string; gzip: number };
}

/** Gzip at the level the build's pre-compressed .gz files use. */
function gzipBytes(dist: string, file: string): number {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

/** The module's chunk and every chunk it imports statically, transitively (what the browser fetches for it). */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: was the route renamed?`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/** `dist`: another build of the web app, to compare with. */
export function measureBundle(dist = webDist): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const { pages } = JSON.parse(readFileSync(path.join(dist, '.vite/pages.json'), 'utf8')) as { pages: PageHints[] };
  const sizes = new Map<string, number>();
  const gzipOf = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipBytes(dist, file));
    return sizes.get(file)!;
  };
  const measured = screens.map((screen) => {
    const files = new Set<string>();
    staticClosure(manifest, 'index.html', files);
    const page = pages.find(({ path: route }) => route === screen.route);
    if (!page) throw new Error(`${screen.route} is not in pages.json: was the route renamed?`);
    // The shell and the screen's chunk (none for a screen index.html's chunk holds), as `/assets/…`.
    for (const script of page.scripts) files.add(script.replace(/^\//, ''));
    const js = [...files].filter((file) => file.endsWith('.js'));
    return { name: screen.name, initialJsGzip: js.reduce((sum, file) => sum + gzipOf(file), 0), files: js.length };
  });
  const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
  const largestChunk = chunks
    .map((file) => ({ file, gzip: gzipOf(file) }))
    .reduce((largest, chunk) => (chunk.gzip > largest.gzip ? chunk : largest));
  return { screens: measured, largestChunk };
}
