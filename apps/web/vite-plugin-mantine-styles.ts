import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Mantine's class names (`m_` and 8 hex digits), as its components' code and its stylesheets name them. */
const classPattern = /m_[0-9a-f]{8}/g;

const classesIn = (text: string) => new Set(text.match(classPattern) ?? []);

/**
 * The files of @mantine/core/styles/ that style a class the bundle's code uses
 * but its stylesheets do not define: what src/app/mantine-styles.css is
 * missing. `styleFiles` maps each file to its text.
 */
export function missingMantineStyles(code: string, css: string, styleFiles: ReadonlyMap<string, string>): string[] {
  const defined = classesIn(css);
  const undefinedInBundle = [...classesIn(code)].filter((name) => !defined.has(name));
  const missing = new Set<string>();
  for (const name of undefinedInBundle) {
    for (const [file, text] of styleFiles) if (text.includes(name)) missing.add(file);
  }
  return [...missing].sort();
}

function mantineStyleFiles(): Map<string, string> {
  // The package exports its styles (./styles/*) but not its package.json: find the folder from one of them.
  const dir = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles/global.css'));
  const files = readdirSync(dir).filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'));
  return new Map(files.map((file) => [file, readFileSync(path.join(dir, file), 'utf8')]));
}

/**
 * Fails the build when a Mantine component in the bundle has no styles: the
 * app imports Mantine's styles per component (src/app/mantine-styles.css), not
 * the whole sheet, and a component added later would otherwise look broken.
 */
export function mantineStylesCheck(): Plugin {
  return {
    name: 'keywright:mantine-styles',
    apply: 'build',
    // After every plugin wrote its files: the stylesheet is in the bundle by then.
    writeBundle(_options, bundle) {
      const outputs = Object.values(bundle);
      const code = outputs.map((output) => (output.type === 'chunk' ? output.code : '')).join('\n');
      const css = outputs
        .map((output) => (output.type === 'asset' && output.fileName.endsWith('.css') ? String(output.source) : ''))
        .join('\n');
      const missing = missingMantineStyles(code, css, mantineStyleFiles());
      if (missing.length > 0) {
        this.error(
          `Mantine components in the bundle have no styles: add ${missing.map((file) => `@import '@mantine/core/styles/${file}';`).join(' ')} to src/app/mantine-styles.css, in the order of @mantine/core/styles.css`,
        );
      }
    },
  };
}
