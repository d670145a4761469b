import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { routeModuleSource, signedInShellModules, type ScreenRoute } from './src/app/screens';

/** Vite's build manifest (`build.manifest`): one record per chunk, keyed by its source or `_name` for shared chunks. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** One route's hints in dist/.vite/pages.json, read by the server (apps/server/src/lib/web-app.ts). */
export interface PageHints {
  path: string;
  signedIn: boolean;
  /** The route's JavaScript beyond what index.html loads: its chunk, the signed-in shell, their static imports. */
  scripts: string[];
  /** Their stylesheets, which Vite adds when the chunk is imported. */
  styles: string[];
  /** GET calls the screen makes at once (`:params` to fill in). */
  data: string[];
}

export const pagesFile = '.vite/pages.json';

/** Every chunk `key` imports statically, transitively, itself included. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key)) return;
  if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest: was it renamed?`);
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
}

/**
 * Each route's hints, from the build's manifest. `bundledInEntry`: the source
 * files index.html's own chunk holds (a route imported statically has no chunk).
 */
export function pageHints(
  manifest: Manifest,
  routes: readonly ScreenRoute[],
  { base = '/', bundledInEntry = new Set<string>() }: { base?: string; bundledInEntry?: ReadonlySet<string> } = {},
): PageHints[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry');
  const loaded = new Set<string>();
  staticClosure(manifest, entry, loaded);
  return routes.map(({ path, module, signedIn, data = [] }) => {
    const keys = new Set<string>();
    for (const key of [...(signedIn ? signedInShellModules : []), routeModuleSource(module)]) {
      if (!bundledInEntry.has(key)) staticClosure(manifest, key, keys);
    }
    const chunks = [...keys].filter((key) => !loaded.has(key)).map((key) => manifest[key]!);
    const entryCss = new Set([...loaded].flatMap((key) => manifest[key]!.css ?? []));
    return {
      path,
      signedIn,
      scripts: chunks.map((chunk) => base + chunk.file),
      styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))]
        .filter((file) => !entryCss.has(file))
        .map((file) => base + file),
      data,
    };
  });
}

/**
 * Writes dist/.vite/pages.json: for each route of screens.ts, the files and
 * data its screen needs first, so the server can name them in the page (see
 * apps/server/src/lib/web-app.ts) and the browser asks for them at once, not
 * one after another as the app discovers them.
 */
export function pageHintsPlugin(routes: readonly ScreenRoute[]): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'keywright:page-hints',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    // After every plugin's generateBundle, so the manifest is in the bundle.
    async writeBundle(options, bundle) {
      const manifestAsset = bundle['.vite/manifest.json'];
      if (manifestAsset?.type !== 'asset') throw new Error('page hints need build.manifest: true');
      const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
      // The modules of the entry chunk and of the chunks it imports statically (its code may sit in one).
      const bundledInEntry = new Set<string>();
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      const pending = entry ? [entry.fileName] : [];
      const seen = new Set<string>();
      while (pending.length > 0) {
        const chunk = bundle[pending.pop()!];
        if (chunk?.type !== 'chunk' || seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        for (const id of chunk.moduleIds) bundledInEntry.add(path.relative(root, id).split(path.sep).join('/'));
        pending.push(...chunk.imports);
      }
      const pages = pageHints(manifest, routes, { base, bundledInEntry });
      await writeFile(path.join(options.dir!, pagesFile), `${JSON.stringify({ pages }, null, 2)}\n`);
    },
  };
}
