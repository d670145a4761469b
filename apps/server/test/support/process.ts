import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { claimPort } from './ports';
import { isProcessAlive } from '../../src/lib/process-alive';

// Keywright as `npm start` runs it, in a process of its own (compiled on the fly by tsx).

const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Its exit code (null when a signal ended it). */
  exit: Promise<number | null>;
}

/** Spawns a server (or a worker, with `--worker`) on a port of its own (see ports.ts); see `untilStarted`. */
export async function spawnServer({
  env = {},
  args = [],
}: { env?: Record<string, string>; args?: string[] } = {}): Promise<ServerProcess> {
  const port = await claimPort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry, ...args], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exit };
}

/** Resolves when the process says it serves (or works jobs), or rejects with what it printed when it exits first. */
export async function untilStarted(server: ServerProcess): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/is running at|is working jobs/.test(server.output())) resolve();
    };
    server.child.stdout!.on('data', check);
    check();
    void server.exit.then((code) => reject(new Error(`exited with ${code}: ${server.output()}`)));
  });
}

/** Spawns a server and waits until it serves. */
export async function startServer(options: Parameters<typeof spawnServer>[0] = {}): Promise<ServerProcess> {
  const server = await spawnServer(options);
  await untilStarted(server);
  return server;
}

/** Sends a signal (SIGTERM by default) unless the process has ended, and waits for its exit. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exit;
}

export function api(port: number, pathname: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${pathname}`, init);
}

/**
 * The embedded PostgreSQL of a data directory, from its `postmaster.pid` (pid on the first line,
 * port on the fourth), while it runs; null when none does. A Keywright killed with SIGKILL leaves
 * it running, so a test can still look at what was committed.
 */
export function embeddedPostgresIn(dataDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  return Number.isInteger(pid) && isProcessAlive(pid) ? { pid, port } : null;
}

export function postgresRunningIn(dataDir: string): boolean {
  return embeddedPostgresIn(dataDir) !== null;
}
