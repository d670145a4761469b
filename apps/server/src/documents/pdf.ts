// unpdf 1.7.0 ships pdf.js 5.6's serverless build: parsing runs in this thread (no pdf.js worker
// loaded from a URL), it needs no canvas, and it polyfills what Node 20 lacks
// (Promise.withResolvers). unpdf 1.8 requires Node 22; pdfjs-dist's legacy build would do too,
// but pulls an optional native canvas and a worker file to locate. Extraction already runs in our
// own worker thread (extraction-pool.ts), so pdf.js's in-thread parsing blocks nobody.
import { getResolvedPDFJS } from 'unpdf';
import { DocumentProblemError, unreadable } from './document-problem';
import { extractionLimits } from './limits';

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

/**
 * A PDF's text, page by page. Nothing is run or drawn: no eval (PostScript functions are
 * interpreted), no font faces, no system fonts, no XFA forms, no fetching of anything.
 */
export async function readPdf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const { getDocument } = await getResolvedPDFJS();
  // pdf.js takes ownership of (detaches) the buffer it is given: give it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string } | null)?.name;
    throw new DocumentProblemError(name === 'PasswordException' ? 'password_protected' : 'unreadable');
  }
  try {
    const pages = Math.min(document.numPages, extractionLimits.maxPdfPages);
    const texts: string[] = [];
    let length = 0;
    let failedPages = 0;
    for (let number = 1; number <= pages && length < extractionLimits.maxTextChars; number += 1) {
      try {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        const items = content.items as TextItem[];
        const text = items.map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join('');
        page.cleanup();
        texts.push(text);
        length += text.length;
      } catch {
        failedPages += 1; // a damaged page: the others may still read
      }
    }
    if (pages > 0 && failedPages === pages) throw unreadable();
    return { text: texts.join('\n\n'), pages };
  } finally {
    await document.destroy().catch(() => undefined);
  }
}
