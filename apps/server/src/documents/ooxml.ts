import CFB from 'cfb';
import { zipSync } from 'fflate';
import mammoth from 'mammoth';
import { DocumentProblemError, unreadable } from './document-problem';
import { extractionLimits } from './limits';
import { decodeEntities } from './plain-text';
import { partText, readZipParts } from './zip';

/** The parts a text reader needs: XML and relationships, never media. */
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/**
 * A .docx's text through mammoth. mammoth unzips with JSZip, which has no size limits, so it is
 * given a fresh archive of the XML parts already read within limits (stored, not compressed).
 */
export async function readDocx(bytes: Uint8Array): Promise<string> {
  const parts = readZipParts(bytes, isXmlPart);
  if (!parts.has('word/document.xml') && ![...parts.keys()].some((name) => /^word\/document\d*\.xml$/.test(name))) {
    throw unreadable();
  }
  const archive = zipSync(Object.fromEntries(parts), { level: 0 });
  try {
    const result = await mammoth.extractRawText({
      buffer: Buffer.from(archive.buffer, archive.byteOffset, archive.length),
    });
    return result.value;
  } catch {
    throw unreadable();
  }
}

const SLIDE_PART = /^ppt\/slides\/slide(\d+)\.xml$/;

/** A .pptx's text: the slides in order, each paragraph (`<a:p>`) a line of its runs (`<a:t>`). */
export function readPptx(bytes: Uint8Array): string {
  const parts = readZipParts(bytes, (name) => SLIDE_PART.test(name) || name === '[Content_Types].xml');
  if (!parts.has('[Content_Types].xml')) throw unreadable();
  const slides = [...parts.entries()]
    .flatMap(([name, part]) => {
      const number = SLIDE_PART.exec(name)?.[1];
      return number ? [{ number: Number(number), part }] : [];
    })
    .sort((a, b) => a.number - b.number)
    .slice(0, extractionLimits.maxSlides);
  return slides.map(({ part }) => drawingMlText(partText(part))).join('\n\n');
}

/** DrawingML text: paragraphs as lines, line breaks kept, tabs as tabs. */
export function drawingMlText(xml: string): string {
  const lines: string[] = [];
  for (const paragraph of xml.match(/<a:p[\s>][\s\S]*?<\/a:p>|<a:p\/>/g) ?? []) {
    let line = '';
    for (const piece of paragraph.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>|<a:br\b[^>]*\/>|<a:tab\b[^>]*\/>/g)) {
      if (piece[1] !== undefined) line += decodeEntities(piece[1]);
      else line += piece[0].startsWith('<a:br') ? '\n' : '\t';
    }
    lines.push(line);
  }
  return lines.join('\n');
}

/**
 * Office keeps a password-protected .docx or .pptx in an OLE compound file holding an
 * `EncryptionInfo` and an `EncryptedPackage` stream (MS-OFFCRYPTO). Any other compound file under
 * an OOXML name is some other (older) format.
 */
export function isEncryptedOoxml(bytes: Uint8Array): boolean {
  try {
    const container = CFB.read(bytes, { type: 'buffer' });
    return CFB.find(container, 'EncryptionInfo') !== null && CFB.find(container, 'EncryptedPackage') !== null;
  } catch {
    return false;
  }
}

export function ooxmlInCompoundFile(bytes: Uint8Array): never {
  throw new DocumentProblemError(isEncryptedOoxml(bytes) ? 'password_protected' : 'unsupported_type');
}
