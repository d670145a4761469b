import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { constants, messages, type Endpoint } from '@keywright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { requireUser, type AuthUser } from '../auth/signed-in-user';
import { AppError } from '../lib/errors';
import type { Infer } from './route';

type SuccessAnswer<E extends Endpoint> = z.input<E['response'][Extract<keyof E['response'], 200>]>;

/** How much a multipart upload may hold (busboy's limits): past `fileSize` a file is cut short, not refused. */
export interface UploadLimits {
  files: number;
  fileSize: number;
  fields: number;
  fieldSize: number;
  parts: number;
  headerPairs: number;
}

export interface UploadRouteOptions {
  limits: UploadLimits;
  /** The form field the files come in; other fields and files are ignored. */
  field: string;
  /** The 415's text, for a body that is no multipart form. */
  notMultipart: string;
  /** The 400's text, for more files than `limits.files`. */
  tooManyFiles: string;
}

/**
 * An import's form (Keyword Planner, Search Console, search terms): one file in `file`, at most the
 * imports' 40 MB, and a few small fields; the refusals in the import's own words.
 */
export function oneFileImport(texts: { notMultipart: string; tooManyFiles: string }): UploadRouteOptions {
  return {
    limits: {
      files: 1,
      fileSize: constants.keywordPlannerImport.maxBytes,
      fields: 10,
      fieldSize: 1024,
      parts: 11,
      headerPairs: 50,
    },
    field: 'file',
    ...texts,
  };
}

/**
 * Hands an uploaded file to `push` piece by piece as it arrives. Past the size limit the parser cuts
 * the file short, so what was read is not the whole file: `tooLarge()` is thrown (a throw destroys
 * the stream, and the rest is never read).
 */
export async function readUpload(
  stream: Readable & { truncated: boolean },
  push: (chunk: Buffer) => void,
  tooLarge: () => AppError,
): Promise<void> {
  for await (const chunk of stream) {
    if (stream.truncated) throw tooLarge();
    push(chunk as Buffer);
  }
  if (stream.truncated) throw tooLarge();
}

export interface UploadContext<E extends Endpoint> {
  params: Infer<E['params']>;
  user: AuthUser;
  request: FastifyRequest;
  /**
   * Reads the upload's files of the form field in turn, as they arrive (others are drained, not
   * kept). A broken form is a 400; an AppError thrown by `read` passes as it is.
   */
  eachFile(read: (file: MultipartFile) => Promise<void>): Promise<void>;
}

/**
 * Binds one contract endpoint whose body is a multipart upload. Not `addRoute`: the body is a stream
 * of files read as it arrives (never a schema-validated object); the contract's schemas still check
 * the params and serialize the answer. Signed-out callers get 401 before their upload is read, any
 * other body than a multipart form a 415 in the contract's words.
 */
export async function addUploadRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: UploadRouteOptions,
  handler: (context: UploadContext<E>) => Promise<SuccessAnswer<E>>,
): Promise<void> {
  await app.register(async (scope) => {
    // Only a form is read: any other body (JSON too) reaches the handler unread, which answers 415.
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false, limits: options.limits });
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        summary: endpoint.summary,
        consumes: ['multipart/form-data'],
        ...(endpoint.params && { params: endpoint.params }),
        response: endpoint.response,
        security: [{ bearerAuth: [] }, { cookieAuth: [] }],
      },
      onRequest: async (request) => {
        requireUser(request);
      },
      async handler(request) {
        const user = requireUser(request);
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', options.notMultipart);
        return handler({
          params: request.params as Infer<E['params']>,
          user,
          request,
          eachFile: (read) => eachFile(request, options, read),
        });
      },
    });
  });
}

async function eachFile(
  request: FastifyRequest,
  { field, tooManyFiles }: UploadRouteOptions,
  read: (file: MultipartFile) => Promise<void>,
): Promise<void> {
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        part.file.resume(); // not ours: drained, not kept
        continue;
      }
      await read(part);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('validation_error', tooManyFiles);
    throw new AppError('validation_error', messages.invalidRequest);
  }
}
