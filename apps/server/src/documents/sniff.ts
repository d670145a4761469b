/** What a file's first bytes say it is, whatever its name says. */
export type Container = 'pdf' | 'zip' | 'cfb' | 'other';

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return magic.every((byte, index) => bytes[at + index] === byte);
}

export function sniffContainer(bytes: Uint8Array): Container {
  if (startsWith(bytes, CFB_MAGIC)) return 'cfb';
  // A local file header, or the end record of an empty archive.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  // PDF readers accept the header anywhere in the first kilobyte.
  const head = bytes.subarray(0, 1024);
  for (let index = head.indexOf(0x25); index !== -1; index = head.indexOf(0x25, index + 1)) {
    if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d], index)) return 'pdf';
  }
  return 'other';
}
