import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startupMessages } from '../src/lib/startup-errors';
import { postgresRunningIn, spawnServer } from './support/process';

// `npm start` that cannot succeed: one line saying what to change, exit code 1, nothing left running.
// The data directory is a fresh mkdtemp (mode 0700), as a person running as root might pass.

let dataDir: string;
let taken: Server | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-startup-'));
});
afterEach(() => {
  taken?.close();
  taken = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

const lines = (output: string) => output.split('\n').filter(Boolean);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a start that cannot succeed', () => {
  it('says the port is in use, before it starts a database', async () => {
    taken = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken!.once('listening', resolve));
    const port = (taken.address() as { port: number }).port;

    const server = await spawnServer({ env: { DATA_DIR: dataDir, PORT: String(port) } });
    expect(await server.exit).toBe(1);
    expect(lines(server.output())).toEqual([
      `Port ${port} on 127.0.0.1 is already in use by another program: stop it, or set PORT to a free port.`,
    ]);
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'keywright.pid'))).toBe(false);
  });

  it('says a cluster made by a newer PostgreSQL cannot be read, and leaves it as it was', async () => {
    const clusterDir = path.join(dataDir, 'postgres');
    mkdirSync(clusterDir);
    writeFileSync(path.join(clusterDir, 'PG_VERSION'), '99\n');

    const server = await spawnServer({ env: { DATA_DIR: dataDir } });
    expect(await server.exit).toBe(1);
    // As root, PostgreSQL runs as the postgres user: the 0700 data directory is opened for it, and that is said.
    const asRoot = process.getuid?.() === 0;
    const said = lines(server.output());
    expect(said.slice(0, -1)).toEqual(asRoot ? [startupMessages.dataDirOpenedForPostgres(dataDir)] : []);
    expect(said.at(-1)).toMatch(
      new RegExp(
        `^The database in ${escaped(clusterDir)} was made by PostgreSQL 99, newer than the embedded PostgreSQL \\d+: ` +
          'start it with the Keywright version that made it, or set DATABASE_URL to a PostgreSQL 99 server\\.$',
      ),
    );
    expect(statSync(dataDir).mode & 0o777).toBe(asRoot ? 0o701 : 0o700);
    expect(readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8')).toBe('99\n');
    expect(existsSync(path.join(dataDir, 'keywright.pid'))).toBe(false);
    expect(postgresRunningIn(dataDir)).toBe(false);
  });
});
