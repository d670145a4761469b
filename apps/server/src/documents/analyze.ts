import {
  messages,
  type AnalyzeDocumentAnswer,
  type DocumentProblem,
  type DocumentResult,
  emptyProjectDetails,
} from '@keywright/contract';
import type { DetailsExtractor, DocumentText } from '../providers/details-extractor/details-extractor';
import { documentExtension, normalizeText } from './extract';
import type { ExtractionPool } from './extraction-pool';

/**
 * One document to analyse: its bytes, a file on disk (an upload), text already at hand (a Google
 * Doc's export), or a known problem.
 */
export type DocumentInput =
  | { name: string; bytes: Uint8Array }
  | { name: string; path: string }
  | { name: string; text: string }
  | { name: string; problem: DocumentProblem };

export interface AnalyzeDocumentsDeps {
  detailsExtractor: DetailsExtractor;
  /** Where files are read: the app's worker pool. */
  pool: ExtractionPool;
}

const problemMessages: Record<DocumentProblem, (name: string) => string> = {
  password_protected: messages.documentPasswordProtected,
  unreadable: messages.documentUnreadable,
  no_text: messages.documentHasNoText,
  empty: messages.documentEmpty,
  unsupported_type: messages.unsupportedDocumentType,
  too_large: messages.documentTooLarge,
};

export function documentResult(name: string, problem: DocumentProblem | null): DocumentResult {
  return problem
    ? { name, read: false, problem, message: problemMessages[problem](name) }
    : { name, read: true, problem: null, message: null };
}

/**
 * `POST /api/analyze-document` and the Drive import: each file read (in the worker pool) or the
 * reason it was not, and the project details of all readable files together. Nothing is stored.
 */
export async function analyzeDocuments(
  files: readonly DocumentInput[],
  { detailsExtractor, pool }: AnalyzeDocumentsDeps,
): Promise<AnalyzeDocumentAnswer> {
  const outcomes = await Promise.all(
    files.map(async (file): Promise<{ name: string; text: string } | { name: string; problem: DocumentProblem }> => {
      if ('problem' in file) return file;
      if ('text' in file) {
        const text = normalizeText(file.text);
        return text ? { name: file.name, text } : { name: file.name, problem: 'empty' };
      }
      if (!documentExtension(file.name)) return { name: file.name, problem: 'unsupported_type' };
      const result = await pool.extract('path' in file ? { path: file.path } : { bytes: file.bytes }, file.name);
      return 'text' in result ? { name: file.name, text: result.text } : { name: file.name, problem: result.problem };
    }),
  );
  const readable: DocumentText[] = outcomes.flatMap((outcome) =>
    'text' in outcome ? [{ name: outcome.name, text: outcome.text }] : [],
  );
  const projectDetails = readable.length > 0 ? await detailsExtractor.extract(readable) : { ...emptyProjectDetails };
  return {
    projectDetails,
    files: outcomes.map((outcome) => documentResult(outcome.name, 'problem' in outcome ? outcome.problem : null)),
  };
}
