import type { DocumentProblem } from '@keywright/contract';

/** A file to read: its bytes at hand, or a file on disk that the reader opens itself. */
export type DocumentSource = { bytes: Uint8Array } | { path: string };

/** What reading one file gives: its plain text, or why there is none. */
export type ExtractionResult = { text: string } | { problem: DocumentProblem };

/** Thrown by a format's reader when it knows why a file cannot be read. */
export class DocumentProblemError extends Error {
  constructor(readonly problem: DocumentProblem) {
    super(problem);
  }
}

export const unreadable = () => new DocumentProblemError('unreadable');
