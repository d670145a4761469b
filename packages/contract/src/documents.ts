import { z } from 'zod';
import { textInput } from './common';

/** Document types the generator reads, by extension (SPEC: .docx .txt .pdf .ppt .pptx .md). */
export const documentExtensions = ['.docx', '.txt', '.pdf', '.ppt', '.pptx', '.md'] as const;
export type DocumentExtension = (typeof documentExtensions)[number];

/** The project details documents describe; any field may be empty when no document says it. */
export const projectDetailsSchema = z.object({
  projectName: z.string(),
  siteUrl: z.string(),
  targetAudience: z.string(),
  productService: z.string(),
  competitors: z.string(),
  country: z.string(),
  city: z.string(),
  language: z.string(),
});
export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

/** Details no document states. */
export const emptyProjectDetails: Readonly<ProjectDetails> = {
  projectName: '',
  siteUrl: '',
  targetAudience: '',
  productService: '',
  competitors: '',
  country: '',
  city: '',
  language: '',
};

/** Why a file gave no text, said to people by name (see `messages.documentProblem`). */
export const documentProblems = [
  'password_protected',
  'unreadable',
  'no_text',
  'empty',
  'unsupported_type',
  'too_large',
] as const;
export type DocumentProblem = (typeof documentProblems)[number];

/** One file of an analysis: read, or the reason it was not. */
export const documentResultSchema = z.object({
  name: z.string(),
  read: z.boolean(),
  problem: z.enum(documentProblems).nullable(),
  /** The people's text for `problem`, naming the file; null when read. */
  message: z.string().nullable(),
});
export type DocumentResult = z.infer<typeof documentResultSchema>;

/**
 * `POST /api/analyze-document` and `POST /api/google-drive/analyze/:fileId`: the details of all
 * readable files together, and each file's outcome. A valid request whose files could not be read
 * still answers 200: every file says why, the details are empty, and the page says
 * `messages.failedToAnalyzeDocument`.
 */
export const analyzeDocumentAnswerSchema = z.object({
  projectDetails: projectDetailsSchema,
  files: z.array(documentResultSchema),
});
export type AnalyzeDocumentAnswer = z.infer<typeof analyzeDocumentAnswerSchema>;

/**
 * `GET /api/auth/google/status`. `configured`: the server has Drive credentials at all. `setup`:
 * while it has none, the settings that turn Drive on, answered to an administrator only.
 */
export const googleDriveStatusSchema = z.object({
  authenticated: z.boolean(),
  configured: z.boolean(),
  setup: z.array(z.string()).optional(),
});
export type GoogleDriveStatus = z.infer<typeof googleDriveStatusSchema>;

/** A cloud-drive file (SPEC: id, name, modifiedTime), with its type for the picker's icon. */
export const driveFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  modifiedTime: z.string(),
  mimeType: z.string(),
});
export type DriveFile = z.infer<typeof driveFileSchema>;

export const driveFilesQuerySchema = z.object({
  search: textInput().max(200).default(''),
  pageToken: textInput().max(2000).default(''),
});

export const driveFilesAnswerSchema = z.object({
  files: z.array(driveFileSchema),
  /** Null on the last page. */
  nextPageToken: z.string().nullable(),
});
export type DriveFilesAnswer = z.infer<typeof driveFilesAnswerSchema>;

/** Drive file ids are URL-safe base64-like strings. */
export const driveFileParamsSchema = z.object({
  fileId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid file id'),
});

/**
 * Several files' details merged as SPEC says (Cloud-drive import): competitors joined with a
 * comma (each once); every other field the longest value.
 */
export function mergeProjectDetails(all: readonly ProjectDetails[]): ProjectDetails {
  const merged: ProjectDetails = { ...emptyProjectDetails };
  const competitors: string[] = [];
  for (const details of all) {
    for (const key of Object.keys(merged) as Array<keyof ProjectDetails>) {
      if (key === 'competitors') continue;
      if (details[key].length > merged[key].length) merged[key] = details[key];
    }
    for (const name of details.competitors.split(',')) {
      const trimmed = name.trim();
      if (trimmed && !competitors.some((known) => known.toLowerCase() === trimmed.toLowerCase())) {
        competitors.push(trimmed);
      }
    }
  }
  merged.competitors = competitors.join(', ');
  return merged;
}
