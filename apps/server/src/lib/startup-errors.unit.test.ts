import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPortFree } from './net';
import { EmbeddedPostgresError, StartupError, startupErrorMessage, startupMessages } from './startup-errors';

const dataDir = '/srv/keywright';
const clusterDir = `${dataDir}/postgres`;

function systemError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a failure'),
    (error: unknown) => error,
  );
}

// Output as initdb and postgres 17 print it (captured on a 1 MB tmpfs and on a PG_VERSION of 99).
const initdbOnFullDisk = `The files belonging to this database system will be owned by user "postgres".
This user must also own the server process.

creating configuration files ... ok
running bootstrap script ... 2026-11-23 13:34:36.268 UTC [30299] FATAL:  could not write to file "pg_wal/xlogtemp.30299": No space left on device
child process exited with exit code 1
initdb: removing contents of data directory "/srv/keywright/postgres"
`;
const postgresOnNewerCluster = `2026-11-23 13:34:31.280 UTC [30169] FATAL:  database files are incompatible with server
2026-11-23 13:34:31.280 UTC [30169] DETAIL:  The data directory was initialized by PostgreSQL version 99, which is not compatible with this version 17.10.
`;
const initdbWithoutAccess = `The files belonging to this database system will be owned by user "postgres".

initdb: error: could not access directory "/srv/keywright/postgres": Permission denied
`;

describe('startupErrorMessage', () => {
  it('says a full disk where the data directory is, whoever hit it', () => {
    const full = startupMessages.diskFull(dataDir);
    const nodeWrite = systemError('ENOSPC: no space left on device, write', { code: 'ENOSPC', syscall: 'write' });
    expect(startupErrorMessage(nodeWrite, { dataDir })).toBe(full);
    expect(startupErrorMessage(systemError('EDQUOT: disk quota exceeded', { code: 'EDQUOT' }), { dataDir })).toBe(full);
    expect(startupErrorMessage(new EmbeddedPostgresError('initdb', clusterDir, initdbOnFullDisk), { dataDir })).toBe(
      full,
    );
    const lockFile = '2026-11-23 FATAL:  could not write lock file "postmaster.pid": No space left on device';
    expect(startupErrorMessage(new EmbeddedPostgresError('postgres', clusterDir, lockFile), { dataDir })).toBe(full);
    // A migration on the embedded PostgreSQL: pg's disk_full, wrapped by drizzle.
    const diskFull = systemError('could not extend file "base/16384/2619": No space left on device', {
      code: '53100',
    });
    const migration = new Error('Failed query: create table "project"', { cause: diskFull });
    expect(startupErrorMessage(migration, { dataDir })).toBe(full);
  });

  it('says a full disk without a place when none is known, and the server’s disk with DATABASE_URL', () => {
    const nodeWrite = systemError('ENOSPC: no space left on device, write', { code: 'ENOSPC', syscall: 'write' });
    expect(startupErrorMessage(nodeWrite)).toBe(startupMessages.diskFull());
    const diskFull = systemError('could not extend file: No space left on device', { code: '53100' });
    expect(startupErrorMessage(new Error('Failed query', { cause: diskFull }))).toBe(
      startupMessages.databaseServerDiskFull,
    );
  });

  it('says which PostgreSQL made a cluster the embedded one cannot read', () => {
    const error = new EmbeddedPostgresError('postgres', clusterDir, postgresOnNewerCluster);
    expect(startupErrorMessage(error, { dataDir })).toBe(startupMessages.clusterTooNew(clusterDir, 99, 17));
    const older = postgresOnNewerCluster.replace('version 99', 'version 15');
    expect(startupErrorMessage(new EmbeddedPostgresError('postgres', clusterDir, older), { dataDir })).toBe(
      startupMessages.clusterTooOld(clusterDir, 15, 17),
    );
  });

  it('keeps the line of any other PostgreSQL failure, without its log prefix', () => {
    expect(startupErrorMessage(new EmbeddedPostgresError('initdb', clusterDir, initdbWithoutAccess))).toBe(
      'The embedded PostgreSQL did not start: initdb: error: could not access directory "/srv/keywright/postgres": Permission denied',
    );
    const fatal =
      '2026-11-23 13:00:00.000 UTC [1] LOG:  starting\n2026-11-23 13:00:00.001 UTC [1] FATAL:  lock file   "postmaster.pid" is bad';
    expect(startupErrorMessage(new EmbeddedPostgresError('postgres', clusterDir, fatal))).toBe(
      'The embedded PostgreSQL did not start: lock file "postmaster.pid" is bad',
    );
    expect(startupErrorMessage(new EmbeddedPostgresError('postgres', clusterDir, ''))).toBe(
      'The embedded PostgreSQL did not start: postgres exited with an error',
    );
  });

  describe('a port that cannot be taken', () => {
    let taken: Server | undefined;
    afterEach(() => taken?.close());

    it('says which port is in use (a real EADDRINUSE)', async () => {
      taken = createServer().listen(0, '127.0.0.1');
      await new Promise((resolve) => taken!.once('listening', resolve));
      const port = (taken.address() as { port: number }).port;
      const error = await caught(checkPortFree(port, '127.0.0.1'));
      expect(startupErrorMessage(error)).toBe(startupMessages.portInUse('127.0.0.1', port));
      expect(startupErrorMessage(error)).toBe(
        `Port ${port} on 127.0.0.1 is already in use by another program: stop it, or set PORT to a free port.`,
      );
    });

    it('says a HOST is not an address of this machine (a real EADDRNOTAVAIL)', async () => {
      const error = await caught(checkPortFree(4000, '192.0.2.1')); // TEST-NET-1: on no machine
      expect(startupErrorMessage(error)).toBe(startupMessages.hostNotHere('192.0.2.1'));
    });

    it('says a privileged port needs another PORT, and an unknown HOST name needs another HOST', () => {
      const denied = systemError('listen EACCES: permission denied 0.0.0.0:80', {
        code: 'EACCES',
        syscall: 'listen',
        address: '0.0.0.0',
        port: 80,
      });
      expect(startupErrorMessage(denied)).toBe(startupMessages.portNeedsPrivileges(80));
      const unknown = systemError('getaddrinfo ENOTFOUND keywright.invalid', {
        code: 'ENOTFOUND',
        syscall: 'getaddrinfo',
        hostname: 'keywright.invalid',
      });
      expect(startupErrorMessage(unknown)).toBe(startupMessages.hostNotHere('keywright.invalid'));
    });

    it('lets a free port be taken after the check', async () => {
      await expect(checkPortFree(0, '127.0.0.1')).resolves.toBeUndefined();
    });
  });

  it('passes a StartupError through, also as the cause of another', () => {
    const known = new StartupError(startupMessages.workerNeedsDatabaseUrl);
    expect(startupErrorMessage(known)).toBe(startupMessages.workerNeedsDatabaseUrl);
    expect(startupErrorMessage(new Error('wrapped', { cause: known }))).toBe(startupMessages.workerNeedsDatabaseUrl);
  });

  it('shows anything else by its message, never its stack', () => {
    expect(startupErrorMessage(new Error('Migrations folder not found'))).toBe('Migrations folder not found');
    expect(startupErrorMessage('plain')).toBe('plain');
  });

  it('has one line for every start-up message', () => {
    const lines = [
      startupMessages.workerNeedsDatabaseUrl,
      startupMessages.noEmbeddedPostgres('linux-riscv64'),
      startupMessages.dataDirInUse(dataDir, 42),
      startupMessages.dataDirNotLockable(dataDir),
      startupMessages.portInUse('127.0.0.1', 3000),
      startupMessages.portNeedsPrivileges(80),
      startupMessages.hostNotHere('10.9.9.9'),
      startupMessages.diskFull(dataDir),
      startupMessages.diskFull(),
      startupMessages.databaseServerDiskFull,
      startupMessages.clusterTooNew(clusterDir, 99, 17),
      startupMessages.clusterTooOld(clusterDir, 15, 17),
      startupMessages.postgresCannotEnter('/root'),
      startupMessages.dataDirOpenedForPostgres(dataDir),
      startupErrorMessage(new EmbeddedPostgresError('initdb', clusterDir, initdbWithoutAccess)),
    ];
    for (const line of lines) expect(line).toMatch(/^[^\n]+$/);
  });
});
