/**
 * What `npm start` tells a person when Keywright cannot start: one line that
 * says what is wrong and what to change, never a stack trace. Every start-up
 * message lives here; `startupErrorMessage` turns any failure into its line.
 */

/** A start-up failure whose message is already the line to show. */
export class StartupError extends Error {}

/** initdb or postgres of the embedded PostgreSQL exited with an error; `output` is what it printed. */
export class EmbeddedPostgresError extends Error {
  constructor(
    readonly program: string,
    /** The cluster directory. */
    readonly dir: string,
    readonly output: string,
  ) {
    super(`${program} failed: ${output.trim()}`);
  }
}

export const startupMessages = {
  workerNeedsDatabaseUrl: 'A worker shares the database of the web instances: set DATABASE_URL.',
  noEmbeddedPostgres: (platform: string) =>
    `No embedded PostgreSQL for ${platform}: set DATABASE_URL to use an external PostgreSQL.`,
  dataDirInUse: (dataDir: string, pid: number) =>
    `The data directory ${dataDir} is already in use by another Keywright (process ${pid}): ` +
    'stop that one first, or set DATA_DIR to another directory.',
  dataDirNotLockable: (dataDir: string) =>
    `Could not lock the data directory ${dataDir}: check that no other Keywright uses it, then start again.`,
  portInUse: (host: string, port: number) =>
    `Port ${port} on ${host} is already in use by another program: stop it, or set PORT to a free port.`,
  portNeedsPrivileges: (port: number) =>
    `Port ${port} needs privileges this user does not have: set PORT to 1024 or above.`,
  hostNotHere: (host: string) =>
    `HOST ${host} is not an address of this machine: set HOST to one of its addresses ` +
    '(127.0.0.1 for this machine only, 0.0.0.0 for every network).',
  diskFull: (dataDir?: string) =>
    dataDir
      ? `The disk holding ${dataDir} is full: free some space on it, or set DATA_DIR to a directory on another disk.`
      : 'The disk is full (no space left on device): free some space, then start again.',
  databaseServerDiskFull: 'The disk of the database server at DATABASE_URL is full: free some space on it.',
  clusterTooNew: (clusterDir: string, clusterMajor: number, embeddedMajor: number) =>
    `The database in ${clusterDir} was made by PostgreSQL ${clusterMajor}, newer than the embedded ` +
    `PostgreSQL ${embeddedMajor}: start it with the Keywright version that made it, ` +
    `or set DATABASE_URL to a PostgreSQL ${clusterMajor} server.`,
  clusterTooOld: (clusterDir: string, clusterMajor: number, embeddedMajor: number) =>
    `The database in ${clusterDir} was made by PostgreSQL ${clusterMajor}, which the embedded ` +
    `PostgreSQL ${embeddedMajor} cannot read: upgrade it with pg_upgrade, or set DATA_DIR to another directory.`,
  postgresCannotEnter: (closedDir: string) =>
    `PostgreSQL does not run as root, so Keywright runs it as the postgres user, who cannot enter ${closedDir}: ` +
    `set DATA_DIR to a directory outside it, let that user through (chmod o+x ${closedDir}), ` +
    'or run Keywright as another user.',
  /** Not an error: said once, when a root-owned data directory is opened for the postgres user. */
  dataDirOpenedForPostgres: (dataDir: string) =>
    `Made ${dataDir} enterable by other users (chmod o+x, no listing) so that the postgres user, ` +
    'which runs PostgreSQL when Keywright runs as root, can reach its cluster inside.',
  postgresFailed: (line: string) => `The embedded PostgreSQL did not start: ${line}`,
};

export interface StartupContext {
  /** The data directory when PostgreSQL is embedded; unset with DATABASE_URL. */
  dataDir?: string;
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 8; current = (current as Error).cause) {
    chain.push(current);
    if (!(current instanceof Error)) break;
  }
  return chain;
}

interface SystemError {
  code?: unknown;
  syscall?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
}

const noSpace = /no space left on device|disk quota exceeded/i;

function isDiskFull(error: unknown): boolean {
  const { code } = error as SystemError;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
  if (error instanceof EmbeddedPostgresError) return noSpace.test(error.output);
  return error instanceof Error && noSpace.test(error.message);
}

/** A listen failure (port taken, privileged port, unknown host), told as a line. */
function listenMessage(error: unknown): string | undefined {
  const { code, syscall, address, port, hostname } = error as SystemError;
  if (syscall === 'listen' && code === 'EADDRINUSE') return startupMessages.portInUse(String(address), Number(port));
  if (syscall === 'listen' && code === 'EACCES') return startupMessages.portNeedsPrivileges(Number(port));
  if (syscall === 'listen' && code === 'EADDRNOTAVAIL') return startupMessages.hostNotHere(String(address));
  if (syscall === 'getaddrinfo' && (code === 'ENOTFOUND' || code === 'EAI_AGAIN')) {
    return startupMessages.hostNotHere(String(hostname));
  }
  return undefined;
}

/** The line of initdb's or postgres's output that says what went wrong, without its log prefix. */
function postgresMessage(error: EmbeddedPostgresError): string {
  // Start-up compares PG_VERSION first; this is for a cluster it could not read.
  const incompatible = /initialized by PostgreSQL version (\d+)[^\n]*with this version (\d+)/.exec(error.output);
  if (incompatible) {
    const [clusterMajor, embeddedMajor] = [Number(incompatible[1]), Number(incompatible[2])];
    return clusterMajor > embeddedMajor
      ? startupMessages.clusterTooNew(error.dir, clusterMajor, embeddedMajor)
      : startupMessages.clusterTooOld(error.dir, clusterMajor, embeddedMajor);
  }
  const lines = error.output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const problem = lines.find((line) => /\b(FATAL|PANIC|ERROR):|^initdb: error:/.test(line)) ?? lines.at(-1);
  const text = problem?.replace(/^.*?\b(FATAL|PANIC|ERROR):\s+/, '').replace(/\s+/g, ' ');
  return startupMessages.postgresFailed(text || `${error.program} exited with an error`);
}

/** The one line to show for a failed start. */
export function startupErrorMessage(error: unknown, context: StartupContext = {}): string {
  const chain = causes(error);
  const known = chain.find((cause) => cause instanceof StartupError);
  if (known instanceof StartupError) return known.message;
  if (chain.some(isDiskFull)) {
    // PostgreSQL's disk_full; with DATABASE_URL that disk is the database server's.
    const fromServer = chain.some((cause) => (cause as SystemError).code === '53100');
    return fromServer && !context.dataDir
      ? startupMessages.databaseServerDiskFull
      : startupMessages.diskFull(context.dataDir);
  }
  for (const cause of chain) {
    const line = listenMessage(cause);
    if (line) return line;
    if (cause instanceof EmbeddedPostgresError) return postgresMessage(cause);
  }
  return error instanceof Error ? error.message : String(error);
}
