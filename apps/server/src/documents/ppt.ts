import CFB from 'cfb';
import { DocumentProblemError, unreadable } from './document-problem';
import { isEncryptedOoxml } from './ooxml';

// Record types and tokens of the PowerPoint 97-2003 binary format (MS-PPT).
const DOCUMENT = 0x03e8;
const SLIDE = 0x03ee;
const NOTES = 0x03f0;
const USER_EDIT_ATOM = 0x0ff5;
const PERSIST_DIRECTORY_ATOM = 0x1772;
const TEXT_CHARS_ATOM = 0x0fa0; // UTF-16LE
const TEXT_BYTES_ATOM = 0x0fa8; // the low bytes of UTF-16 code units, i.e. Latin-1
const MAIN_MASTER = 0x03f8; // the masters' placeholder texts ("Click to edit Master title style")
const HANDOUT = 0x0fc9;
const CRYPT_SESSION_10 = 0x2f14;
const SLIDE_LIST_WITH_TEXT = 0x0ff0; // instance 1 lists the masters (main and title masters)
const SLIDE_PERSIST_ATOM = 0x03f3;
const DOCUMENT_ATOM = 0x03e9; // names the notes master and the handout master
const ENCRYPTED_DOCUMENT_TOKEN = 0xf3d1c4df;
/** Persist objects whose text a reader sees: the document (slide texts), slides and notes. */
const TEXT_HOLDERS = new Set([DOCUMENT, SLIDE, NOTES]);
const SKIPPED_CONTAINERS = new Set([MAIN_MASTER, HANDOUT]);
/** The edit chain is short in real files; a loop in a damaged one must end. */
const MAX_EDITS = 1_000;

export function openCompoundFile(bytes: Uint8Array): CFB.CFB$Container {
  try {
    return CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' });
  } catch {
    throw unreadable();
  }
}

/**
 * A legacy .ppt's text. The `Current User` stream points at the last edit, whose persist
 * directory (merged with the older edits') locates the document, slides and notes; their
 * TextCharsAtom and TextBytesAtom records are read, masters skipped, each text once. A damaged
 * directory falls back to walking the stream from its start, then to looking for text records
 * by their headers: a damaged deck still gives what text it has, and none makes it unreadable.
 */
export function readPpt(bytes: Uint8Array): string {
  const container = openCompoundFile(bytes);
  if (CFB.find(container, 'EncryptedSummary')) throw new DocumentProblemError('password_protected');
  // A deck saved for PowerPoint 95 too keeps the 97 format's streams in PP97_DUALSTORAGE.
  const storage = CFB.find(container, '/PP97_DUALSTORAGE/PowerPoint Document') ? '/PP97_DUALSTORAGE/' : '/';
  const stream = CFB.find(container, `${storage}PowerPoint Document`)?.content as Uint8Array | undefined;
  if (!stream || stream.length === 0) {
    if (isEncryptedOoxml(bytes)) throw new DocumentProblemError('password_protected');
    throw new DocumentProblemError(stream ? 'unreadable' : 'unsupported_type');
  }
  const currentUser = CFB.find(container, `${storage}Current User`)?.content as Uint8Array | undefined;
  const reader = new RecordReader(stream);
  const lastEdit = currentUser && currentUser.length >= 20 ? readCurrentUser(currentUser) : null;
  if (lastEdit?.isEncrypted) throw new DocumentProblemError('password_protected');
  const texts = new TextCollector();
  if (lastEdit && readThroughPersistDirectory(reader, lastEdit.offset, texts)) return texts.join();
  texts.clear();
  const walked = walkRecords(reader, 0, stream.length, texts);
  if (walked === 'encrypted') throw new DocumentProblemError('password_protected');
  if (walked === 'complete' || texts.size > 0) return texts.join();
  scanForTextRecords(reader, texts);
  if (texts.size === 0) throw unreadable();
  return texts.join();
}

function readCurrentUser(stream: Uint8Array): { offset: number; isEncrypted: boolean } {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  return { isEncrypted: view.getUint32(12, true) === ENCRYPTED_DOCUMENT_TOKEN, offset: view.getUint32(16, true) };
}

class RecordReader {
  readonly view: DataView;
  constructor(readonly stream: Uint8Array) {
    this.view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  }
  header(offset: number): { version: number; instance: number; type: number; length: number; end: number } | null {
    if (offset < 0 || offset + 8 > this.stream.length) return null;
    const length = this.view.getUint32(offset + 4, true);
    return {
      version: this.view.getUint16(offset, true) & 0x0f,
      instance: this.view.getUint16(offset, true) >>> 4,
      type: this.view.getUint16(offset + 2, true),
      length,
      end: offset + 8 + length,
    };
  }
  u32(offset: number): number {
    return this.view.getUint32(offset, true);
  }
}

class TextCollector {
  private readonly seen = new Set<string>();
  private readonly texts: string[] = [];
  get size(): number {
    return this.texts.length;
  }
  add(text: string): void {
    const clean = text.replace(/[\r\v]/g, '\n').trim();
    // "*" is a slide-number field; repeated texts come from copies kept by fast saves.
    if (clean && clean !== '*' && !this.seen.has(clean)) {
      this.seen.add(clean);
      this.texts.push(clean);
    }
  }
  clear(): void {
    this.seen.clear();
    this.texts.length = 0;
  }
  join(): string {
    return this.texts.join('\n');
  }
}

/** False when the directory cannot be followed (a damaged file): the caller falls back. */
function readThroughPersistDirectory(reader: RecordReader, lastEditOffset: number, texts: TextCollector): boolean {
  const offsets = new Map<number, number>(); // persist id -> offset; the newest edit wins
  const visited = new Set<number>();
  for (let edit = lastEditOffset; edit !== 0;) {
    if (visited.has(edit) || visited.size >= MAX_EDITS) return false;
    visited.add(edit);
    const userEdit = reader.header(edit);
    if (!userEdit || userEdit.type !== USER_EDIT_ATOM || userEdit.length < 28 || userEdit.end > reader.stream.length) {
      return false;
    }
    const older = reader.u32(edit + 16);
    const directory = reader.header(reader.u32(edit + 20));
    const directoryOffset = reader.u32(edit + 20);
    if (!directory || directory.type !== PERSIST_DIRECTORY_ATOM || directory.end > reader.stream.length) return false;
    for (let at = directoryOffset + 8; at + 4 <= directory.end;) {
      const entry = reader.u32(at);
      const firstId = entry & 0xfffff;
      const count = entry >>> 20;
      at += 4;
      for (let index = 0; index < count && at + 4 <= directory.end; index += 1, at += 4) {
        if (!offsets.has(firstId + index)) offsets.set(firstId + index, reader.u32(at));
      }
    }
    edit = older;
  }
  const masters = masterPersistIds(reader, offsets.get(reader.u32(lastEditOffset + 24)));
  const holders = [...offsets.entries()].filter(([id]) => !masters.has(id)).sort(([a], [b]) => a - b);
  let found = false;
  for (const [, offset] of holders) {
    const record = reader.header(offset);
    if (!record || record.version !== 0x0f || !TEXT_HOLDERS.has(record.type)) continue;
    if (record.end > reader.stream.length) return false;
    found = true;
    if (walkRecords(reader, offset + 8, record.end, texts) === 'encrypted') return false;
  }
  return found;
}

/** The persist ids of the masters (title masters are slides) and the notes and handout masters. */
function masterPersistIds(reader: RecordReader, documentOffset: number | undefined): Set<number> {
  const ids = new Set<number>();
  const document = documentOffset === undefined ? null : reader.header(documentOffset);
  if (!document || document.type !== DOCUMENT || document.end > reader.stream.length) return ids;
  for (let offset = documentOffset! + 8; offset + 8 <= document.end;) {
    const record = reader.header(offset)!;
    if (record.end > document.end) break;
    if (record.type === DOCUMENT_ATOM && record.length >= 32) {
      ids.add(reader.u32(offset + 8 + 24)).add(reader.u32(offset + 8 + 28));
    }
    if (record.type === SLIDE_LIST_WITH_TEXT && record.instance === 1) {
      for (let child = offset + 8; child + 8 <= record.end;) {
        const atom = reader.header(child)!;
        if (atom.type === SLIDE_PERSIST_ATOM && atom.length >= 4) ids.add(reader.u32(child + 8));
        child = atom.end;
      }
    }
    offset = record.end; // the document's direct children only
  }
  return ids;
}

/** Walks the records in [start, end): containers entered, atoms stepped over, texts kept. */
function walkRecords(
  reader: RecordReader,
  start: number,
  end: number,
  texts: TextCollector,
): 'complete' | 'damaged' | 'encrypted' {
  let offset = start;
  while (offset + 8 <= end) {
    const record = reader.header(offset)!;
    if (record.type === CRYPT_SESSION_10) return 'encrypted';
    const isMasterList = record.type === SLIDE_LIST_WITH_TEXT && record.instance === 1;
    if (record.version === 0x0f && !SKIPPED_CONTAINERS.has(record.type) && !isMasterList) {
      offset += 8; // enter the container: its children follow its header
      continue;
    }
    if (record.end > end) return 'damaged';
    if (record.type === TEXT_CHARS_ATOM || record.type === TEXT_BYTES_ATOM) {
      texts.add(decodeTextAtom(reader.stream.subarray(offset + 8, record.end), record.type));
    }
    offset = record.end;
  }
  return offset === end ? 'complete' : 'damaged';
}

/** The last resort: text records found by their 4-byte headers wherever they are. */
function scanForTextRecords(reader: RecordReader, texts: TextCollector): void {
  const { stream } = reader;
  for (let offset = 0; offset + 8 <= stream.length; offset += 1) {
    if (stream[offset] !== 0 || stream[offset + 1] !== 0 || stream[offset + 3] !== 0x0f) continue;
    const record = reader.header(offset)!;
    if (record.type !== TEXT_CHARS_ATOM && record.type !== TEXT_BYTES_ATOM) continue;
    if (record.end > stream.length || (record.type === TEXT_CHARS_ATOM && record.length % 2 !== 0)) continue;
    texts.add(decodeTextAtom(stream.subarray(offset + 8, record.end), record.type));
    offset = record.end - 1;
  }
}

function decodeTextAtom(body: Uint8Array, type: number): string {
  if (type === TEXT_CHARS_ATOM) return new TextDecoder('utf-16le').decode(body);
  // Not TextDecoder('latin1'): WHATWG makes that label Windows-1252, and these bytes are code units.
  let text = '';
  for (let start = 0; start < body.length; start += 8192) {
    text += String.fromCharCode(...body.subarray(start, start + 8192));
  }
  return text;
}
