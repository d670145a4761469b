import { unzipSync } from 'fflate';
import { unreadable } from './document-problem';
import { extractionLimits } from './limits';

export interface ZipLimits {
  maxTotalBytes: number;
  maxPartBytes: number;
  maxEntries: number;
}

const defaultZipLimits: ZipLimits = {
  maxTotalBytes: extractionLimits.maxZipTotalBytes,
  maxPartBytes: extractionLimits.maxZipPartBytes,
  maxEntries: extractionLimits.maxZipEntries,
};

/**
 * The wanted parts of a zip, uncompressed, within limits. fflate inflates each part into a buffer
 * of the size the directory declares and never grows it, so a part that lies about its size is
 * cut off there (and its XML then fails to parse), never inflated past the limits. Anything over a
 * limit, or a damaged archive, makes the whole file unreadable.
 */
export function readZipParts(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  limits: ZipLimits = defaultZipLimits,
): Map<string, Uint8Array> {
  let entries = 0;
  let total = 0;
  let overLimit = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        entries += 1;
        if (entries > limits.maxEntries) overLimit = true;
        if (overLimit || !wanted(file.name)) return false;
        total += file.originalSize;
        if (file.originalSize > limits.maxPartBytes || total > limits.maxTotalBytes) {
          overLimit = true;
          return false;
        }
        return true;
      },
    });
  } catch {
    throw unreadable();
  }
  if (overLimit) throw unreadable();
  return new Map(Object.entries(files));
}

/** A zip part as text (OOXML parts are UTF-8; a BOM is allowed). */
export function partText(part: Uint8Array): string {
  return new TextDecoder('utf-8').decode(part);
}
