import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkPortFree } from '../../src/lib/net';
import { isProcessAlive } from '../../src/lib/process-alive';

// A port for a child process to listen on, which the child binds a second or two after it is chosen.
// A port the kernel handed out as free (listen on 0) can be taken in between: by an outgoing connection
// (every database and HTTP client takes its local port from the same ephemeral range) or by another
// process's listen on 0. That was the crash loop's "port in use": ports are therefore chosen below the
// ephemeral range, where neither ever lands, and claimed with a file, so that two test processes
// (the two API runs of CI run side by side) never hand out the same one.

const claimsDir = path.join(os.tmpdir(), 'keywright-test-ports');
const claimed: string[] = [];

/** The ports the kernel gives to outgoing connections and to listen on 0 (Linux's default elsewhere). */
function ephemeralRange(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low: low!, high: high! };
  } catch {
    // not Linux
  }
  return { low: 32768, high: 60999 };
}

/** Takes the claim file of `port`, unless a live process holds it. */
function claim(port: number): boolean {
  const file = path.join(claimsDir, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      if (claimed.length === 0) process.once('exit', () => claimed.forEach((held) => rmSync(held, { force: true })));
      claimed.push(file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      } catch {
        // removed in between
      }
      // A claim being written has no pid yet: leave it to its writer.
      if (!Number.isInteger(holder) || isProcessAlive(holder)) return false;
      rmSync(file, { force: true }); // left by a process that ended
    }
  }
  return false;
}

/**
 * A loopback port no one else will take before the child listens on it: outside the ephemeral range,
 * claimed for the life of this process (never handed out twice), and free when chosen.
 */
export async function claimPort(host = '127.0.0.1'): Promise<number> {
  mkdirSync(claimsDir, { recursive: true, mode: 0o1777 });
  const { low } = ephemeralRange();
  const top = Math.min(low, 65536);
  const bottom = Math.max(1024, top - 12_000);
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (!claim(port)) continue;
    try {
      await checkPortFree(port, host);
      return port;
    } catch {
      // someone else's program listens there: the claim stays, so it is not tried again
    }
  }
  throw new Error(`No free port found between ${bottom} and ${top}`);
}
