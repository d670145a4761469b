// `npm start`: builds what is missing or out of date, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale } from './build-state.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Settings in ./.env apply unless the environment already sets them.
const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

function run(workspace) {
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const contract = 'packages/contract/src';
const fromRoot = (...sources) => sources.map((source) => path.join(root, source));
if (isStale(path.join(root, 'apps/web/dist/index.html'), fromRoot('apps/web/src', 'apps/web/index.html', contract))) {
  run('apps/web');
}
const serverBundle = path.join(root, 'apps/server/dist/server.js');
if (isStale(serverBundle, fromRoot('apps/server/src', contract))) run('apps/server');

await import(pathToFileURL(serverBundle).href);
