import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends to browsers; source maps and the manifest (under .vite/) are not sent. */
const compressible = /^(?!\.vite\/).*\.(?:js|css|html|svg)$/;

/**
 * Writes `file.br` and `file.gz` beside each built text file, compressed once
 * at the strongest levels, so the server sends them as they are (its static
 * plugin's `preCompressed`) instead of compressing per request. A variant that
 * would not be smaller is not written; the server then sends the file itself.
 */
export function precompress(): Plugin {
  return {
    name: 'keywright:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const files = Object.keys(bundle).filter((fileName) => compressible.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const file = path.join(outDir, fileName);
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
