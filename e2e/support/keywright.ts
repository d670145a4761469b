import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { claimPort } from '../../apps/server/test/support/ports';

const root = fileURLToPath(new URL('../../', import.meta.url));
const serverBundle = path.join(root, 'apps/server/dist/server.js');

export interface RunningKeywright {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  stop(): Promise<void>;
}

/**
 * A second Keywright from the build, on its own port and empty data directory, with extra
 * settings (an outside service's fake, say): for journeys the shared server cannot show.
 * Resolves once it says it is running.
 */
export async function startKeywright(env: Record<string, string>): Promise<RunningKeywright> {
  if (!existsSync(serverBundle)) throw new Error('Run `npm run build` first');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-e2e-own-'));
  chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as the postgres user and must reach it
  const url = `http://127.0.0.1:${await claimPort()}`;
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: new URL(url).port,
      HOST: '127.0.0.1',
      APP_URL: url,
      AUTH_SIGN_IN_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`is running at ${url}`)) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(() => reject(new Error(`Keywright exited before it was ready:\n${output}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
