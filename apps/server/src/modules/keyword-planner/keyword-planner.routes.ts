import { endpoints, messages } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors';
import { createKeywordPlannerReader, type KeywordPlannerFile } from './keyword-planner-file';
import type { KeywordPlannerService } from './keyword-planner.service';
import { addUploadRoute, oneFileImport, readUpload } from '../upload-route';

const tooLarge = () => new AppError('payload_too_large', messages.keywordPlannerTooLarge);

/**
 * `POST /api/projects/:projectId/keyword-planner-import` (multipart, see `addUploadRoute`). The file
 * is read only once the caller may change the project; reading stops at the first sign it is no
 * Keyword Planner file, at 40 MB (413) or past 100,000 rows.
 */
export async function registerKeywordPlannerRoutes(app: FastifyInstance, service: KeywordPlannerService) {
  const upload = oneFileImport({
    notMultipart: messages.keywordPlannerFileRequired,
    tooManyFiles: messages.keywordPlannerOneFile,
  });
  await addUploadRoute(app, endpoints.keywordPlannerImport, upload, async ({ user, params, eachFile }) => {
    await service.checkAccess(user, params.projectId);
    let file: KeywordPlannerFile | undefined;
    await eachFile(async (part) => {
      file = await readPlannerFile(part.file);
    });
    if (!file) throw new AppError('validation_error', messages.keywordPlannerFileRequired);
    return service.importFile(user, params.projectId, file);
  });
}

/** Reads the file as it arrives; stopping early (a throw) destroys the stream, and the rest is never read. */
async function readPlannerFile(stream: Readable & { truncated: boolean }): Promise<KeywordPlannerFile> {
  const reader = createKeywordPlannerReader();
  await readUpload(stream, (chunk) => reader.push(chunk), tooLarge);
  return reader.end();
}
