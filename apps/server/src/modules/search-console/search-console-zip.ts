import { constants, messages } from '@keywright/contract';
import { unzipSync } from 'fflate';
import { AppError } from '../../lib/errors';

// The Performance report's ZIP: Queries.csv beside Pages.csv, Countries.csv, Devices.csv and the
// like. Only Queries.csv is unpacked, within a size limit, so a small ZIP cannot unpack into gigabytes.

export interface ZipLimits {
  /** Queries.csv unpacked; the ZIP's directory declares it. */
  maxQueriesBytes: number;
  maxEntries: number;
}

const defaultLimits: ZipLimits = {
  maxQueriesBytes: constants.keywordPlannerImport.maxBytes,
  // An export holds seven files; an archive of thousands is no export.
  maxEntries: 100,
};

/** A ZIP opens with a local file header, or (empty) with the end of its directory. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && bytes[3] === bytes[2] + 1;
}

const isQueriesCsv = (name: string) => (name.split('/').pop() ?? '').toLowerCase() === 'queries.csv';

/**
 * Queries.csv from the ZIP, uncompressed. fflate inflates a part into a buffer of the size the
 * directory declares and never grows it, so a part that lies about its size is cut off there, never
 * inflated past the limit.
 */
export function queriesCsvOf(bytes: Uint8Array, limits: ZipLimits = defaultLimits): Uint8Array {
  let entries = 0;
  let tooMany = false;
  let tooLarge = false;
  let found: Uint8Array | undefined;
  try {
    const files = unzipSync(bytes, {
      filter(file) {
        entries += 1;
        if (entries > limits.maxEntries) tooMany = true;
        // The first Queries.csv only; a folder of several exports is read for the first.
        if (tooMany || found !== undefined || !isQueriesCsv(file.name)) return false;
        if (file.originalSize > limits.maxQueriesBytes) {
          tooLarge = true;
          return false;
        }
        found = new Uint8Array(0);
        return true;
      },
    });
    found = Object.entries(files).find(([name]) => isQueriesCsv(name))?.[1];
  } catch {
    throw new AppError('validation_error', messages.searchConsoleBadZip);
  }
  if (tooMany) throw new AppError('validation_error', messages.searchConsoleBadZip);
  if (tooLarge) throw new AppError('payload_too_large', messages.searchConsoleUnpackedTooLarge);
  if (!found) throw new AppError('validation_error', messages.searchConsoleNoQueriesCsv);
  return found;
}
