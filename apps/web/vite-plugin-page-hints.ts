import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { routeModuleSource, signedInShellModules, type ScreenRoute } from './src/app/screens.ts';

/** What the hints need of one chunk of the build (Rolldown's output chunk, paths made relative). */
export interface BuiltChunk {
  file: string;
  isEntry: boolean;
  /** The module a dynamic import of this chunk loads (null for shared and grouped chunks). */
  facadeModule: string | null;
  /** Source paths relative to the web app's root, as `src/app/routes/team.tsx`. */
  modules: string[];
  /** Files this chunk imports statically. */
  imports: string[];
  css: string[];
}

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

/**
 * The chunk a dynamic import of `module` loads: the one it is the facade of, or
 * else the one that holds it (a chunk group or the entry's own chunks can hold a
 * route or the shell).
 */
function chunkOf(chunks: readonly BuiltChunk[], module: string): BuiltChunk {
  const chunk =
    chunks.find(({ facadeModule }) => facadeModule === module) ??
    chunks.find(({ modules }) => modules.includes(module));
  if (!chunk) throw new Error(`${module} is in no chunk of the build: was it renamed?`);
  return chunk;
}

/** Every file `file` imports statically, transitively, itself included. */
function staticClosure(byFile: ReadonlyMap<string, BuiltChunk>, file: string, into: Set<string>): void {
  if (into.has(file)) return;
  into.add(file);
  for (const imported of byFile.get(file)?.imports ?? []) staticClosure(byFile, imported, into);
}

/** Each route's hints, from the build's chunks. */
export function pageHints(
  chunks: readonly BuiltChunk[],
  routes: readonly ScreenRoute[],
  { base = '/' }: { base?: string } = {},
): PageHints[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const loaded = new Set<string>();
  staticClosure(byFile, entry.file, loaded);
  const entryCss = new Set([...loaded].flatMap((file) => byFile.get(file)?.css ?? []));
  return routes.map(({ path, module, signedIn, data = [] }) => {
    const files = new Set<string>();
    for (const source of [...(signedIn ? signedInShellModules : []), routeModuleSource(module)]) {
      staticClosure(byFile, chunkOf(chunks, source).file, files);
    }
    const needed = [...files].filter((file) => !loaded.has(file));
    return {
      path,
      signedIn,
      scripts: needed.map((file) => base + file),
      styles: [...new Set(needed.flatMap((file) => byFile.get(file)?.css ?? []))]
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
    async writeBundle(options, bundle) {
      const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          file: output.fileName,
          isEntry: output.isEntry,
          facadeModule: output.isDynamicEntry && output.facadeModuleId ? relative(output.facadeModuleId) : null,
          modules: output.moduleIds.map(relative),
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      const pages = pageHints(chunks, routes, { base });
      await writeFile(path.join(options.dir!, pagesFile), `${JSON.stringify({ pages }, null, 2)}\n`);
    },
  };
}
