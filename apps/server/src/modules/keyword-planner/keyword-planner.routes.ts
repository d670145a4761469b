import fastifyMultipart from '@fastify/multipart';
import { constants, endpoints, messages } from '@keywright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { requireUser } from '../../auth/auth.routes';
import { AppError } from '../../lib/errors';
import { createKeywordPlannerReader, type KeywordPlannerFile } from './keyword-planner-file';
import type { KeywordPlannerService } from './keyword-planner.service';

/** The form field the file comes in. */
const FILE_FIELD = 'file';

const tooLarge = () => new AppError('payload_too_large', messages.keywordPlannerTooLarge);

/**
 * `POST /api/projects/:projectId/keyword-planner-import` (multipart). Not `addRoute`: the body is a
 * file read as it streams in (never held whole), not a schema-validated object; the contract's
 * schemas still check the id and serialize the answer. The file is read only once the caller may
 * change the project; reading stops at the first sign it is no Keyword Planner file, at 40 MB (413)
 * or past 100,000 rows.
 */
export async function registerKeywordPlannerRoutes(app: FastifyInstance, service: KeywordPlannerService) {
  const endpoint = endpoints.keywordPlannerImport;

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: {
        files: 1,
        fileSize: constants.keywordPlannerImport.maxBytes,
        fields: 10,
        fieldSize: 1024,
        parts: 11,
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
        params: endpoint.params,
        response: endpoint.response,
        security: [{ bearerAuth: [] }, { cookieAuth: [] }],
      },
      // Signed-out callers get 401 before their upload is read.
      onRequest: async (request) => {
        requireUser(request);
      },
      async handler(request) {
        const user = requireUser(request);
        const { projectId } = request.params as { projectId: number };
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.keywordPlannerFileRequired);
        await service.checkAccess(user, projectId);
        return service.importFile(user, projectId, await readUpload(request));
      },
    });
  });
}

async function readUpload(request: FastifyRequest): Promise<KeywordPlannerFile> {
  let file: KeywordPlannerFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume(); // not ours: drained, not kept
        continue;
      }
      file = await readPlannerFile(part.file);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('validation_error', messages.keywordPlannerOneFile);
    throw new AppError('validation_error', messages.invalidRequest);
  }
  if (!file) throw new AppError('validation_error', messages.keywordPlannerFileRequired);
  return file;
}

/** Reads the file as it arrives; stopping early (a throw) destroys the stream, and the rest is never read. */
async function readPlannerFile(stream: Readable & { truncated: boolean }): Promise<KeywordPlannerFile> {
  const reader = createKeywordPlannerReader();
  for await (const chunk of stream) {
    // Past the limit the parser cuts the file short: what was read is not the whole file.
    if (stream.truncated) throw tooLarge();
    reader.push(chunk as Buffer);
  }
  if (stream.truncated) throw tooLarge();
  return reader.end();
}
