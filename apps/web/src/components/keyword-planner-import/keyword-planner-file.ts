import { constants, messages } from '@keywright/contract';

/**
 * Keyword Planner's "Download keyword ideas" file: a .csv (UTF-16, tab-separated) or a .tsv. A
 * browser may name a .csv's type text/csv, application/vnd.ms-excel or nothing at all, so the
 * extension is what counts.
 */
export const keywordPlannerAccept: Record<string, string[]> = {
  'text/csv': ['.csv'],
  'text/tab-separated-values': ['.tsv'],
  'application/vnd.ms-excel': ['.csv'],
};

export const keywordPlannerExtensions = ['.csv', '.tsv'];

/** A dropped or chosen file that cannot be imported, as the dropzone reports it. */
export interface RefusedFile {
  errors: ReadonlyArray<{ code: string }>;
}

/** What to say about the files a person dropped: null when there is exactly one to import. */
export function checkKeywordPlannerFiles(accepted: readonly File[], refused: readonly RefusedFile[]): string | null {
  if (accepted.length + refused.length > 1) return messages.keywordPlannerOneFile;
  const codes = refused.flatMap((file) => file.errors.map((error) => error.code));
  if (codes.includes('too-many-files')) return messages.keywordPlannerOneFile;
  if (codes.includes('file-too-large')) return messages.keywordPlannerTooLarge;
  if (codes.length > 0 || accepted.length === 0) return messages.keywordPlannerFileRequired;
  const [file] = accepted;
  if (file && file.size > constants.keywordPlannerImport.maxBytes) return messages.keywordPlannerTooLarge;
  return null;
}

/** `1.4 MB`, `820 KB`: a file's size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
