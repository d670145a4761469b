import { constants, messages, type DriveFilesAnswer } from '@keywright/contract';
import { z } from 'zod';
import {
  BodyTooLargeError,
  createHttpClient,
  parseJson,
  UpstreamError,
  type HttpAnswer,
  type HttpClientOptions,
} from '../../lib/http-client';
import { createGoogleOAuthClient, type GoogleGrant, type GoogleOAuthConfig } from '../google-oauth/google-oauth';

const service = 'Google Drive';

/** Read-only access to the person's files; nothing else is asked for. */
export const driveScope = 'https://www.googleapis.com/auth/drive.readonly';

const googleDoc = 'application/vnd.google-apps.document';
const googleSlides = 'application/vnd.google-apps.presentation';

/** The types the picker lists, each with the extension the document reader knows it by. */
export const driveFileTypes: Readonly<Record<string, string>> = {
  [googleDoc]: '.txt',
  [googleSlides]: '.txt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': '.pptx',
  'application/vnd.ms-powerpoint': '.ppt',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
  'text/markdown': '.md',
  'text/x-markdown': '.md',
};

/** Where and as which OAuth client to talk to Google (the `GOOGLE_OAUTH_*` and `GOOGLE_DRIVE_*` settings). */
export interface GoogleDriveConfig extends GoogleOAuthConfig {
  /** Drive API root, e.g. https://www.googleapis.com (the client adds /drive/v3). */
  apiBaseUrl: string;
}

/** A person's grant: what the code exchange gives and a refresh renews. Times in ms since the epoch. */
export type DriveGrant = GoogleGrant;

/** Google no longer honours the refresh token (revoked by the person, expired, or the client changed). */
export class DriveGrantRevokedError extends Error {
  constructor() {
    super('The Google Drive grant was revoked or has expired');
    this.name = 'DriveGrantRevokedError';
  }
}

/** Drive refused the access token (401): it expired early or was revoked. */
export class DriveUnauthorizedError extends Error {
  constructor() {
    super('Google Drive refused the access token');
    this.name = 'DriveUnauthorizedError';
  }
}

/** The file does not exist, or this person cannot see it. */
export class DriveFileNotFoundError extends Error {
  constructor() {
    super('No such Drive file');
    this.name = 'DriveFileNotFoundError';
  }
}

export interface DriveFileMeta {
  id: string;
  name: string;
  mimeType: string;
  /** Bytes; Google Docs and Slides have none. */
  size: number | null;
}

/** A file's content as the document reader takes it, or why it was not fetched. */
export type DriveFileContent =
  | { kind: 'read'; name: string; bytes: Uint8Array }
  | { kind: 'too_large'; name: string }
  | { kind: 'unsupported_type'; name: string };

export interface ListFilesOptions {
  search: string;
  pageToken: string;
  pageSize: number;
}

export interface GoogleDriveClient {
  /** Google's consent page for read-only Drive access, carrying `state`. */
  authorizationUrl(state: string): string;
  /** The code of the redirect, exchanged for tokens; an UpstreamError when Google refuses. */
  exchangeCode(code: string): Promise<DriveGrant>;
  /** A fresh access token; DriveGrantRevokedError when the refresh token is no longer honoured. */
  refresh(grant: DriveGrant): Promise<DriveGrant>;
  /** Revokes the grant at Google; a token Google no longer knows counts as revoked. */
  revoke(token: string): Promise<void>;
  listFiles(accessToken: string, options: ListFilesOptions): Promise<DriveFilesAnswer>;
  getFile(accessToken: string, fileId: string): Promise<DriveFileMeta>;
  /** Google Docs and Slides exported as text, other supported files downloaded (at most 20 MB). */
  readFile(accessToken: string, fileId: string): Promise<DriveFileContent>;
}

const apiErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
  }),
});

const fileSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  mimeType: z.string(),
  modifiedTime: z.string().optional(),
  /** int64 as a string in Google's JSON. */
  size: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).optional(),
});

const fileListSchema = z.object({
  files: z.array(fileSchema).default([]),
  nextPageToken: z.string().optional(),
});

/** A string literal of Drive's query language: quotes and backslashes escaped with a backslash. */
export function driveQueryString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** The files.list query: not trashed, of a supported type, and (when searched) a name containing `search`. */
export function driveFilesQuery(search: string): string {
  const types = Object.keys(driveFileTypes)
    .map((type) => `mimeType = ${driveQueryString(type)}`)
    .join(' or ');
  const parts = ['trashed = false', `(${types})`];
  const trimmed = search.trim();
  if (trimmed) parts.push(`name contains ${driveQueryString(trimmed)}`);
  return parts.join(' and ');
}

/** The name the document reader gets: the file's own, with the extension its type is read as. */
export function readableName(name: string, mimeType: string): string {
  const extension = driveFileTypes[mimeType] ?? '';
  if (mimeType === googleDoc || mimeType === googleSlides) return `${name}${extension}`;
  return extension && !name.toLowerCase().endsWith(extension) ? `${name}${extension}` : name;
}

function apiErrorDetail(status: number, text: string): string {
  const parsed = apiErrorSchema.safeParse(parseJson(text));
  if (!parsed.success) return `HTTP ${status}`;
  return parsed.data.error.message || parsed.data.error.status || `HTTP ${status}`;
}

export function createGoogleDriveClient(config: GoogleDriveConfig, options: HttpClientOptions = {}): GoogleDriveClient {
  const now = options.now ?? Date.now;
  const http = createHttpClient(service, options);
  const apiRoot = `${config.apiBaseUrl.replace(/\/+$/, '')}/drive/v3`;

  const oauth = createGoogleOAuthClient({
    service,
    scope: driveScope,
    config,
    http,
    now,
    consentParameters: { include_granted_scopes: 'true' },
    revoked: () => new DriveGrantRevokedError(),
  });

  /** GET an API path as the person; 401 and 404 become their own errors, other failures an UpstreamError. */
  async function apiGet(accessToken: string, path: string, query: Record<string, string>, maxBytes?: number) {
    const url = `${apiRoot}/${path}?${new URLSearchParams(query).toString()}`;
    const response = await http.send(
      () => ({ url, init: { method: 'GET', headers: { authorization: `Bearer ${accessToken}` } } }),
      maxBytes === undefined ? {} : { maxBytes },
    );
    if (response.status === 401) throw new DriveUnauthorizedError();
    if (response.status === 404) throw new DriveFileNotFoundError();
    if (!response.ok) {
      throw new UpstreamError(
        messages.upstreamFailed(service, apiErrorDetail(response.status, response.text)),
        response.status,
      );
    }
    return response;
  }

  function parsed<T>(response: HttpAnswer, schema: z.ZodType<T>): T {
    const answer = schema.safeParse(parseJson(response.text));
    if (!answer.success) throw new UpstreamError(messages.upstreamUnreadable(service), response.status);
    return answer.data;
  }

  async function getFile(accessToken: string, fileId: string): Promise<DriveFileMeta> {
    const file = parsed(
      await apiGet(accessToken, `files/${encodeURIComponent(fileId)}`, {
        fields: 'id,name,mimeType,size',
        supportsAllDrives: 'true',
      }),
      fileSchema,
    );
    return {
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      size: file.size === undefined ? null : Number(file.size),
    };
  }

  return {
    authorizationUrl: (state) => oauth.authorizationUrl(state),
    exchangeCode: (code) => oauth.exchangeCode(code),
    refresh: (grant) => oauth.refresh(grant),
    revoke: (token) => oauth.revoke(token),

    async listFiles(accessToken, { search, pageToken, pageSize }) {
      const query: Record<string, string> = {
        q: driveFilesQuery(search),
        fields: 'nextPageToken,files(id,name,mimeType,modifiedTime,size)',
        orderBy: 'modifiedTime desc',
        pageSize: String(pageSize),
        spaces: 'drive',
      };
      if (pageToken) query.pageToken = pageToken;
      const answer = parsed(await apiGet(accessToken, 'files', query), fileListSchema);
      return {
        files: answer.files.map((file) => ({
          id: file.id,
          name: file.name,
          modifiedTime: file.modifiedTime ?? '',
          mimeType: file.mimeType,
        })),
        nextPageToken: answer.nextPageToken || null,
      };
    },

    getFile,

    async readFile(accessToken, fileId) {
      const file = await getFile(accessToken, fileId);
      const name = readableName(file.name, file.mimeType);
      if (!(file.mimeType in driveFileTypes)) return { kind: 'unsupported_type', name: file.name };
      // Refused by its declared size before a byte is downloaded; the download is cut off at the limit anyway.
      if (file.size !== null && file.size > constants.maxDocumentBytes) return { kind: 'too_large', name };
      const isGoogleFile = file.mimeType === googleDoc || file.mimeType === googleSlides;
      const path = `files/${encodeURIComponent(file.id)}${isGoogleFile ? '/export' : ''}`;
      const query: Record<string, string> = isGoogleFile
        ? { mimeType: 'text/plain' }
        : { alt: 'media', supportsAllDrives: 'true' };
      try {
        const response = await apiGet(accessToken, path, query, constants.maxDocumentBytes);
        return { kind: 'read', name, bytes: response.bytes ?? new Uint8Array() };
      } catch (error) {
        if (error instanceof BodyTooLargeError) return { kind: 'too_large', name };
        throw error;
      }
    },
  };
}
