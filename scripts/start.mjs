// `npm start`: builds what is missing or out of date, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Settings in ./.env apply unless the environment already sets them.
const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

function run(workspace) {
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const contract = 'packages/contract/src';
if (isStale(path.join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'apps/web/index.html', contract])) {
  run('apps/web');
}
const serverBundle = path.join(root, 'apps/server/dist/server.js');
if (isStale(serverBundle, ['apps/server/src', contract])) run('apps/server');

await import(pathToFileURL(serverBundle).href);
