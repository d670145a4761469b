// `npx tsx bench/lexicon.ts`: only this row. The offline keyword generator's first call pays for loading WordNet.
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { wordNetDictFolder } from '../apps/server/src/providers/lexicon/wordnet-files';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lexiconModule = pathToFileURL(path.join(root, 'apps/server/src/providers/lexicon/lexicon.ts')).href;
const runs = 5;

// Runs in a fresh process: the module is imported (and compiled) first, so only loading and first lookups count.
const coldLoad = `
const { loadLexicon } = await import(${JSON.stringify(lexiconModule)});
const megabytes = (bytes) => bytes / 1024 / 1024;
const held = () => { globalThis.gc(); const usage = process.memoryUsage(); return { rss: usage.rss, held: usage.heapUsed + usage.arrayBuffers }; };
const before = held();
const start = performance.now();
const lexicon = loadLexicon();
lexicon.agentsOf('dog walking');
lexicon.synonyms('mobile phones');
lexicon.broaderTerms('espresso');
lexicon.pluralOf('battery');
const loadMs = performance.now() - start;
const after = held();
console.log(JSON.stringify({ loadMs, heldMb: megabytes(after.held - before.held), rssMb: megabytes(after.rss - before.rss) }));
`;

interface ColdLoad {
  loadMs: number;
  /** Rise of heapUsed + arrayBuffers after a collection: what the lexicon keeps. */
  heldMb: number;
  /** Rise of the resident set, garbage not yet returned to the system included. */
  rssMb: number;
}

/**
 * WordNet loaded cold in a fresh process (median of 5): loading and four first lookups, the memory the lexicon
 * then holds, and the size of its files on disk.
 */
export async function benchLexiconLoad(): Promise<{ loadMs: number; addedMemoryMb: number; diskMb: number }> {
  const loads: ColdLoad[] = [];
  for (let run = 0; run < runs; run++) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '--eval', coldLoad],
      { cwd: root },
    );
    loads.push(JSON.parse(stdout) as ColdLoad);
  }
  loads.sort((a, b) => a.loadMs - b.loadMs);
  const median = loads[Math.floor(runs / 2)]!;
  const folder = wordNetDictFolder();
  const diskBytes = readdirSync(folder).reduce((sum, file) => sum + statSync(path.join(folder, file)).size, 0);
  return { loadMs: median.loadMs, addedMemoryMb: median.heldMb, diskMb: diskBytes / 1024 / 1024 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await benchLexiconLoad());
