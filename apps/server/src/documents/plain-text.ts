// Windows-1252's 0x80-0x9F (WHATWG): Node 20's TextDecoder('windows-1252') decodes that range as
// Latin-1 control characters, so smart quotes, dashes and the euro sign are mapped here.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  const chunk = 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const codes = Array.from(bytes.subarray(start, start + chunk), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

/**
 * A text file's characters: a UTF-8 or UTF-16 byte-order mark decides; otherwise UTF-8 when the
 * bytes are valid UTF-8, else Windows-1252 (what Notepad and Office wrote for years).
 */
export function decodeText(bytes: Uint8Array, maxChars = Infinity): string {
  // At most 4 bytes a character: a longer file is decoded only as far as the text kept from it.
  const head = (bytes: Uint8Array) => bytes.subarray(0, Math.min(bytes.length, maxChars * 4));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(head(bytes.subarray(3)), { stream: true });
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(head(bytes.subarray(2)), { stream: true });
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return new TextDecoder('utf-16be').decode(head(bytes.subarray(2)), { stream: true });
  }
  try {
    // Streaming: a character cut at the end of the head is held back, not an error.
    return new TextDecoder('utf-8', { fatal: true }).decode(head(bytes), { stream: true });
  } catch {
    return decodeWindows1252(head(bytes));
  }
}

/** True when the bytes look like a binary file rather than text (a NUL where text has none). */
export function looksBinary(bytes: Uint8Array): boolean {
  const hasUtf16Mark = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  return !hasUtf16Mark && bytes.subarray(0, 8192).includes(0);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** XML and the common HTML character references; an unknown one is left as it is. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}
