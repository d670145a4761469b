import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, expect, it } from 'vitest';
import { sharedFixtures } from '../../test/support/shared-fixtures';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
let outdir = '';
afterAll(() => (outdir ? rm(outdir, { recursive: true, force: true }) : undefined));

// The built server is one bundle with the worker beside it (build.mjs): the pool, bundled the same
// way, must find and start dist/extract-worker.js, not the TypeScript source.
it('starts the bundled worker from beside the bundle, as the built server does', async () => {
  const buildScript = await readFile(path.join(serverDir, 'build.mjs'), 'utf8');
  expect(buildScript).toContain("'extract-worker': 'src/documents/extract.worker.ts'");
  outdir = await mkdtemp(path.join(serverDir, '.built-worker-test-'));
  const entry = path.join(outdir, 'entry.ts');
  await writeFile(
    entry,
    [
      `import { readFileSync } from 'node:fs';`,
      `import { createExtractionPool } from ${JSON.stringify(path.join(serverDir, 'src/documents/extraction-pool.ts'))};`,
      `const pool = createExtractionPool({ size: 1 });`,
      `const result = await pool.extract(new Uint8Array(readFileSync(process.argv[2])), 'tika.pdf');`,
      `await pool.close();`,
      `console.log(JSON.stringify(result));`,
    ].join('\n'),
  );
  const pkg = JSON.parse(await readFile(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    entryPoints: { server: entry, 'extract-worker': path.join(serverDir, 'src/documents/extract.worker.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]),
    logLevel: 'silent',
  });
  const { stdout } = await promisify(execFile)(process.execPath, [
    path.join(outdir, 'server.js'),
    sharedFixtures('documents/apache-tika-project-page.pdf'),
  ]);
  const result = JSON.parse(stdout) as { text?: string };
  expect(result.text).toContain('Apache Tika is a toolkit');
});
