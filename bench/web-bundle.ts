// What each screen of the built web app downloads before it can render, read from Vite's manifest.
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
  /** The route module React.lazy loads for it. */
  module: string;
  signedIn: boolean;
}

/** SPEC section 2's screens, by the route module that renders each. */
export const screens: readonly Screen[] = [
  { name: 'sign-in', module: 'src/app/routes/sign-in.tsx', signedIn: false },
  { name: 'sign-up', module: 'src/app/routes/sign-up.tsx', signedIn: false },
  { name: 'keyword generation', module: 'src/app/routes/keyword-generation.tsx', signedIn: true },
  { name: 'projects', module: 'src/app/routes/projects.tsx', signedIn: true },
  { name: 'project keywords', module: 'src/app/routes/project-keywords.tsx', signedIn: true },
  { name: 'keyword lists', module: 'src/app/routes/keyword-lists.tsx', signedIn: true },
  { name: 'google ads analysis', module: 'src/app/routes/google-ads-analysis.tsx', signedIn: true },
  { name: 'team', module: 'src/app/routes/team.tsx', signedIn: true },
];

/** Loaded on every signed-in screen before its route: the shell, toasts and modals, the parsed /api/me. */
const signedInModules = [
  'src/components/app-layout/app-layout.tsx',
  'src/app/signed-in-providers.tsx',
  'src/lib/me-answer.ts',
];

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
  const sizes = new Map<string, number>();
  const gzipOf = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipBytes(dist, file));
    return sizes.get(file)!;
  };
  const measured = screens.map((screen) => {
    const files = new Set<string>();
    staticClosure(manifest, 'index.html', files);
    if (screen.signedIn) for (const key of signedInModules) staticClosure(manifest, key, files);
    staticClosure(manifest, screen.module, files);
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
