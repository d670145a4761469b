import type { DocumentProblem } from '@keywright/contract';
import { DocumentProblemError, type ExtractionResult } from './document-problem';
import { extractionLimits } from './limits';
import { markdownToText } from './markdown';
import { ooxmlInCompoundFile, readDocx, readPptx } from './ooxml';
import { readPdf } from './pdf';
import { decodeText, looksBinary } from './plain-text';
import { readPpt } from './ppt';
import { sniffContainer } from './sniff';

export type { ExtractionResult } from './document-problem';

const readers = {
  '.txt': readTxt,
  '.md': async (bytes: Uint8Array) => markdownToText(await readTxt(bytes)),
  '.docx': readDocxFile,
  '.pptx': readPresentation,
  '.ppt': readPresentation,
  '.pdf': readPdfFile,
} as const;

type Extension = keyof typeof readers;

export function documentExtension(fileName: string): Extension | null {
  const match = /\.[^./\\]+$/.exec(fileName.trim().toLowerCase());
  return match && match[0] in readers ? (match[0] as Extension) : null;
}

/**
 * A document's plain text, or why there is none. The name's extension picks the format and the
 * content must agree with it (a .txt that is really a PDF or a zip is refused). Never throws.
 */
export async function extractDocumentText(bytes: Uint8Array, fileName: string): Promise<ExtractionResult> {
  const extension = documentExtension(fileName);
  if (!extension) return { problem: 'unsupported_type' };
  if (bytes.length > extractionLimits.maxFileBytes) return { problem: 'too_large' };
  if (bytes.length === 0) return { problem: 'empty' };
  try {
    const text = normalizeText(await readers[extension](bytes));
    if (text) return { text };
    return { problem: extension === '.pdf' ? 'no_text' : 'empty' };
  } catch (error) {
    return { problem: error instanceof DocumentProblemError ? error.problem : 'unreadable' };
  }
}

async function readTxt(bytes: Uint8Array): Promise<string> {
  if (sniffContainer(bytes) !== 'other' || looksBinary(bytes)) throw problem('unsupported_type');
  return decodeText(bytes, extractionLimits.maxTextChars);
}

async function readDocxFile(bytes: Uint8Array): Promise<string> {
  const container = sniffContainer(bytes);
  if (container === 'cfb') ooxmlInCompoundFile(bytes);
  if (container !== 'zip') throw problem('unreadable');
  return readDocx(bytes);
}

/** .ppt and .pptx by content: a deck saved under the other extension still reads. */
async function readPresentation(bytes: Uint8Array): Promise<string> {
  const container = sniffContainer(bytes);
  if (container === 'zip') return readPptx(bytes);
  if (container === 'cfb') return readPpt(bytes);
  throw problem('unreadable');
}

async function readPdfFile(bytes: Uint8Array): Promise<string> {
  if (sniffContainer(bytes) !== 'pdf') throw problem('unreadable');
  const { text, pages } = await readPdf(bytes);
  if (!text.trim()) throw problem(pages > 0 ? 'no_text' : 'empty');
  return text;
}

const problem = (reason: DocumentProblem) => new DocumentProblemError(reason);

/**
 * Text as the details extractor wants it: Unix newlines, no control characters or lone
 * surrogates, no trailing spaces, at most one blank line in a row, at most the text limit.
 */
export function normalizeText(text: string): string {
  const clean = text
    .slice(0, extractionLimits.maxTextChars * 2)
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufeff\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/[ \t\u00a0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (clean.length <= extractionLimits.maxTextChars) return clean;
  // Cut at the limit, never inside a surrogate pair.
  const end = /[\ud800-\udbff]/.test(clean[extractionLimits.maxTextChars - 1]!)
    ? extractionLimits.maxTextChars - 1
    : extractionLimits.maxTextChars;
  return clean.slice(0, end);
}
