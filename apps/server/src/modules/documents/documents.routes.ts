import fastifyMultipart from '@fastify/multipart';
import { constants, endpoints, messages } from '@keywright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/auth.routes';
import type { Db } from '../../db/client';
import { analyzeDocuments, type DocumentInput } from '../../documents/analyze';
import { documentExtension } from '../../documents/extract';
import { createExtractionPool } from '../../documents/extraction-pool';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import type { Providers } from '../../providers';

export interface DocumentRoutesDeps {
  db: Db;
  env: Env;
  providers: Providers;
}

/** The form field the files come in; other fields and files are ignored. */
const FILE_FIELD = 'documents';

/**
 * `POST /api/analyze-document` (multipart). Not `addRoute`: the body is a stream of files, not a
 * schema-validated object; the contract's responses still serialize the answer. A file over 20 MB
 * is that file's `too_large` (its bytes past the limit are discarded as they arrive), not a 413 for
 * the whole upload; an 11th file is a 400. Nothing is stored.
 */
export async function registerDocumentRoutes(app: FastifyInstance, deps: DocumentRoutesDeps): Promise<void> {
  const pool = createExtractionPool();
  app.addHook('onClose', () => pool.close());
  const endpoint = endpoints.analyzeDocument;

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: {
        files: constants.maxUploadFiles,
        fileSize: constants.maxDocumentBytes,
        fields: 20,
        fieldSize: 1024,
        parts: constants.maxUploadFiles + 20,
        headerPairs: 50,
      },
    });
    // Any other body reaches the handler, which answers 415 in the contract's words.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        summary: endpoint.summary,
        consumes: ['multipart/form-data'],
        response: endpoint.response,
        security: [{ bearerAuth: [] }, { cookieAuth: [] }],
      },
      // Signed-out callers get 401 before their upload is read.
      onRequest: async (request) => {
        requireUser(request);
      },
      async handler(request) {
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.noDocuments);
        const files = await readUploadedFiles(request);
        if (files.length === 0) throw new AppError('validation_error', messages.noDocuments);
        const unsupported = files.find((file) => !documentExtension(file.name));
        if (unsupported && files.every((file) => !documentExtension(file.name))) {
          throw new AppError('validation_error', messages.unsupportedDocumentType(unsupported.name));
        }
        return analyzeDocuments(files, { detailsExtractor: deps.providers.detailsExtractor, pool });
      },
    });
  });
}

async function readUploadedFiles(request: FastifyRequest): Promise<DocumentInput[]> {
  const files: DocumentInput[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume(); // not ours: drained, not kept
        continue;
      }
      const bytes = await part.toBuffer();
      const name = fileName(part.filename);
      files.push(part.file.truncated ? { name, problem: 'too_large' } : { name, bytes });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('validation_error', messages.tooManyFiles);
    throw new AppError('validation_error', messages.invalidRequest);
  }
  return files;
}

/** The name as people know it: no folders (old browsers sent C:\fakepath\...), no control characters. */
function fileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'document';
}
