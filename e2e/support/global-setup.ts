import { spawn, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants as fsConstants,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { claimPort } from '../../apps/server/test/support/ports';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running server, e.g. http://127.0.0.1:41234 ('' when no browser was found). */
    baseUrl: string;
    /** The Chromium executable, or '' when none was found (every journey then reports itself skipped). */
    chromiumPath: string;
  }
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const serverBundle = path.join(root, 'apps/server/dist/server.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const artifactsDir = path.join(root, 'e2e/artifacts');

/** CHROME_PATH when set (and only it, so a wrong path is noticed), else /usr/bin/chromium. */
function findChromium(): string {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  try {
    accessSync(candidate, fsConstants.X_OK);
    return candidate;
  } catch {
    return '';
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Polls GET /api/ready until it answers 200. This is the readiness probe of
 * the server, not a test: journeys never sleep.
 */
async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (code ${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await delay(150);
  }
  throw new Error(`The server did not become ready at ${baseUrl} within 90 s:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    const where = process.env.CHROME_PATH ? `CHROME_PATH=${process.env.CHROME_PATH}` : '/usr/bin/chromium';
    if (process.env.REQUIRE_E2E === '1') {
      throw new Error(
        `REQUIRE_E2E=1 but no Chromium was found at ${where}. Install Chromium or set CHROME_PATH to its executable.`,
      );
    }
    const line = '!'.repeat(78);
    console.warn(
      `\n${line}\n!!! NO CHROMIUM FOUND at ${where}.\n!!! EVERY BROWSER JOURNEY IS SKIPPED. Set CHROME_PATH, or REQUIRE_E2E=1 to make this an error.\n${line}\n`,
    );
    project.provide('chromiumPath', '');
    project.provide('baseUrl', '');
    return;
  }

  const missing = [serverBundle, webIndex].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The browser journeys need a build; missing: ${missing.map((file) => path.relative(root, file)).join(', ')}. Run \`npm run build\` (\`npm run test:e2e\` does it for you).`,
    );
  }

  // Run a snapshot of the build, so that someone rebuilding the shared checkout
  // during the run cannot swap the web assets under the journeys' feet.
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-e2e-'));
  chmodSync(tempDir, 0o755); // as root, the embedded PostgreSQL runs as the postgres user and must reach it
  const snapshot = path.join(tempDir, 'app');
  const snapshotBundle = path.join(snapshot, 'apps/server/dist/server.js');
  cpSync(path.join(root, 'apps/server/dist'), path.dirname(snapshotBundle), { recursive: true });
  cpSync(path.join(root, 'apps/server/package.json'), path.join(snapshot, 'apps/server/package.json'));
  cpSync(path.join(root, 'apps/server/migrations'), path.join(snapshot, 'apps/server/migrations'), { recursive: true });
  cpSync(path.dirname(webIndex), path.join(snapshot, 'apps/web/dist'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(snapshot, 'node_modules'), 'dir');
  if (existsSync(path.join(root, 'apps/server/node_modules'))) {
    symlinkSync(path.join(root, 'apps/server/node_modules'), path.join(snapshot, 'apps/server/node_modules'), 'dir');
  }
  const dataDir = path.join(tempDir, 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  const port = await claimPort();
  const baseUrl = `http://127.0.0.1:${port}`;

  rmSync(artifactsDir, { recursive: true, force: true }); // only this run's screenshots
  mkdirSync(artifactsDir, { recursive: true });
  const log = createWriteStream(path.join(artifactsDir, 'server.log'));
  const recent: string[] = [];
  const remember = (chunk: Buffer) => {
    log.write(chunk);
    recent.push(chunk.toString('utf8'));
    if (recent.length > 200) recent.shift();
  };

  const child = spawn(process.execPath, [snapshotBundle], {
    cwd: snapshot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      AUTH_SIGN_IN_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited(child);
      clearTimeout(killer);
    }
    log.end();
    rmSync(tempDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseUrl, child, () => recent.join(''));
  } catch (error) {
    await stop();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('chromiumPath', chromiumPath);
  return stop;
}
