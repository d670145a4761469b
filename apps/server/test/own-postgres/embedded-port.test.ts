import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded';
import { freePort } from '../../src/lib/net';

// The embedded PostgreSQL listens on a port chosen free a moment before it binds it. Whatever takes
// the port in between (an outgoing connection, another program's listen) must not stop Keywright
// from starting: the crash loop's restarts met that as "port in use".

let dir: string;
let taken: Server;
let postgres: EmbeddedPostgres | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'keywright-embedded-port-'));
  chmodSync(dir, 0o755); // when run as root, PostgreSQL runs as the postgres user and must reach its directory
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await postgres?.stop();
  await new Promise((resolve) => taken.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL', () => {
  it('starts on another port when the one chosen is taken before it listens', { timeout: 120_000 }, async () => {
    const takenPort = (taken.address() as { port: number }).port;
    const chosen: number[] = [];
    postgres = await startEmbeddedPostgres({
      dir: path.join(dir, 'pg'),
      // The first choice is taken meanwhile, as by another process; the next is free.
      choosePort: async () => {
        chosen.push(chosen.length === 0 ? takenPort : await freePort());
        return chosen.at(-1)!;
      },
    });
    expect(chosen).toHaveLength(2);
    const port = Number(new URL(postgres.url).port);
    expect(port).toBe(chosen[1]);
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });
});
