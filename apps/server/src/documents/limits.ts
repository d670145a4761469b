import { constants } from '@keywright/contract';

/**
 * What one document may cost to read. The upload limit bounds the bytes that arrive; these bound
 * what a small file may expand to (zip bombs, a huge XML part, an endless text layer).
 */
export const extractionLimits = {
  /** Each file, as uploaded or downloaded. */
  maxFileBytes: constants.maxDocumentBytes,
  /** All the parts read out of one .docx or .pptx, uncompressed. */
  maxZipTotalBytes: 50 * 1024 * 1024,
  /** One XML part of a .docx or .pptx, uncompressed. */
  maxZipPartBytes: 20 * 1024 * 1024,
  /** Entries in one zip's directory (real decks have hundreds). */
  maxZipEntries: 10_000,
  /** Slides read out of one .pptx. */
  maxSlides: 2_000,
  /** Pages read out of one PDF. */
  maxPdfPages: 2_000,
  /** Text kept from one file, in characters; the rest is dropped. */
  maxTextChars: 1_000_000,
} as const;
