import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server as `npm start` runs it, in its own process, on an embedded PostgreSQL.

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
let dataDir: string;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exit: Promise<number | null>;
}

async function startServer(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exit };
}

/** Resolves when the server says it is running, or rejects with what it printed when it exits first. */
async function untilRunning(server: Running): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (server.output().includes('is running at')) resolve();
    };
    server.child.stdout!.on('data', check);
    check();
    void server.exit.then((code) => reject(new Error(`exited with ${code}: ${server.output()}`)));
  });
}

function postgresRunningIn(dir: string): boolean {
  const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function api(port: number, pathname: string, init: RequestInit = {}) {
  return fetch(`http://127.0.0.1:${port}${pathname}`, init);
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-lifecycle-'));
  chmodSync(dataDir, 0o755);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('running Keywright', () => {
  it('starts on a fresh data directory, refuses a second start there, and stops cleanly on SIGTERM', async () => {
    const first = await startServer();
    await untilRunning(first);
    expect((await api(first.port, '/api/ready')).status).toBe(200);

    const signUp = await api(first.port, '/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${first.port}` },
      body: JSON.stringify({ email: 'keeper@example.com', password: 'keeper-password', name: 'Keeper' }),
    });
    expect(signUp.status).toBe(200);

    const second = await startServer();
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is already in use by another Keywright`);
    expect((await api(first.port, '/api/ready')).status).toBe(200); // the first one is unharmed

    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(existsSync(path.join(dataDir, 'keywright.pid'))).toBe(false);
    expect(postgresRunningIn(dataDir)).toBe(false);
  });

  it('starts again on the existing data directory with its data, and stops cleanly on SIGINT', async () => {
    const again = await startServer();
    await untilRunning(again);
    const signIn = await api(again.port, '/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${again.port}` },
      body: JSON.stringify({ email: 'keeper@example.com', password: 'keeper-password' }),
    });
    expect(signIn.status).toBe(200);

    again.child.kill('SIGINT');
    again.child.kill('SIGINT'); // Ctrl-C reaches every process of the group; a repeat must not cut the shutdown short
    expect(await again.exit).toBe(0);
    expect(postgresRunningIn(dataDir)).toBe(false);
  });
});
