import { z } from 'zod';
import { googleDisconnectAnswerSchema } from './common';
import {
  analyzeDocumentAnswerSchema,
  driveFileParamsSchema,
  driveFilesAnswerSchema,
  driveFilesQuerySchema,
  googleDriveStatusSchema,
} from './documents';
import { define, err } from './endpoint';

/** Project details from documents, uploaded or in Google Drive. */
export const documentEndpoints = {
  analyzeDocument: define({
    method: 'POST',
    path: '/api/analyze-document',
    summary:
      'Project details from up to 10 documents (multipart, field documents: .docx .txt .pdf .ppt .pptx .md, 20 MB each), with each file read or the reason it was not',
    auth: true,
    response: { 200: analyzeDocumentAnswerSchema, 400: err, 401: err, 413: err, 415: err },
  }),
  googleDriveStatus: define({
    method: 'GET',
    path: '/api/auth/google/status',
    summary: 'Whether the caller has connected Google Drive, and whether this server can connect it at all',
    auth: true,
    response: { 200: googleDriveStatusSchema, 401: err },
  }),
  googleDriveConnect: define({
    method: 'GET',
    path: '/api/auth/google/connect',
    summary:
      "Starts Google's consent for read-only Drive access (redirects); the callback returns to the generator with google=connected or error=auth_failed",
    auth: true,
    response: { 302: z.null(), 401: err, 503: err },
  }),
  googleDriveCallback: define({
    method: 'GET',
    path: '/api/auth/google/callback',
    summary: "Google's redirect after consent: keeps the tokens (encrypted) and returns to the generator",
    auth: true,
    query: z.object({
      code: z.string().max(4096).optional(),
      state: z.string().max(4096).optional(),
      error: z.string().max(200).optional(),
    }),
    response: { 302: z.null(), 401: err },
  }),
  googleDriveDisconnect: define({
    method: 'DELETE',
    path: '/api/auth/google',
    summary: "Disconnects Google Drive: revokes the grant at Google and forgets the caller's tokens",
    auth: true,
    response: { 200: googleDisconnectAnswerSchema, 401: err },
  }),
  googleDriveFiles: define({
    method: 'GET',
    path: '/api/google-drive/files',
    summary:
      "The caller's Drive files of supported types (Google Docs and Slides too), newest first, searched by name, paged",
    auth: true,
    query: driveFilesQuerySchema,
    response: { 200: driveFilesAnswerSchema, 400: err, 401: err, 409: err, 502: err, 503: err },
  }),
  googleDriveAnalyze: define({
    method: 'POST',
    path: '/api/google-drive/analyze/:fileId',
    summary: 'Project details from one Drive file (Docs and Slides exported as text, others downloaded and read)',
    auth: true,
    params: driveFileParamsSchema,
    response: { 200: analyzeDocumentAnswerSchema, 400: err, 401: err, 404: err, 409: err, 502: err, 503: err },
  }),
} as const;
