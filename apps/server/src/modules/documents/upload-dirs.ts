import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../../lib/process-alive';

// Each upload's files are written to a directory of their own, removed once the upload is answered.
// A process killed meanwhile (SIGKILL, out of memory, a power cut) cannot remove it: up to ten files
// of 20 MB each would stay in the upload directory for good. The directory is therefore named by the
// host and process that made it, and a process starting removes those of its host whose process is
// gone, while the others' uploads (instances sharing UPLOAD_DIR, on this host or another) are left alone.

const PREFIX = 'keywright-upload-';
/** `keywright-upload-<host>-<pid>-<six characters of mkdtemp>`; a host name may hold dashes. */
const NAMED = /^keywright-upload-(.+)-(\d+)-[A-Za-z0-9]{6}$/;

/** A new directory for one upload's files, under `root`, named by this host and process. */
export function makeUploadDir(root: string): Promise<string> {
  return mkdtemp(path.join(root, `${PREFIX}${os.hostname()}-${process.pid}-`));
}

/**
 * Removes the upload directories under `root` left by processes of this host that are gone; how many.
 * One with this very process id is left from before a restart that reused it (as a container's
 * first process always has the same id): this process has made none yet when it starts.
 */
export async function removeLeftUploadDirs(root: string): Promise<number> {
  const host = os.hostname();
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const named = NAMED.exec(name);
    if (!named || named[1] !== host) continue;
    const pid = Number(named[2]);
    if (pid !== process.pid && isProcessAlive(pid)) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
