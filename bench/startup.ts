import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './support';
import { freePort } from '../apps/server/src/lib/net';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Milliseconds from `npm start`'s process start until /api/ready answers 200. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the server did not become ready within 60 s');
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function benchStartup(): Promise<{ fresh: number; existing: number }> {
  const dir = tempDir('keywright-bench-start-');
  try {
    const fresh = await timeStart(path.join(dir, 'data'));
    const existing = await timeStart(path.join(dir, 'data'));
    return { fresh, existing };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
