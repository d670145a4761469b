import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * Lists a lazily loaded module's chunk and the chunks it imports as
 * `<link rel="modulepreload">` in index.html, so the browser fetches them
 * alongside the entry instead of after the entry has run: one round trip less
 * for the screen most first visits show (the sign-in page: every signed-out
 * path leads there). Files the page loads anyway are not listed twice.
 */
export function preloadModule(source: string): Plugin {
  let base = '/';
  return {
    name: 'keywright:preload-module',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const module = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(source));
        if (!module) throw new Error(`preloadModule: no chunk for ${source}`);
        const files = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const imported of chunk.imports) visit(bundle[imported] as OutputChunk);
        };
        visit(module);
        return [...files]
          .filter((file) => !html.includes(`${base}${file}`))
          .map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}
