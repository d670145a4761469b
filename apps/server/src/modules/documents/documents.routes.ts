import { constants, endpoints, messages } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { analyzeDocuments, type DocumentInput } from '../../documents/analyze';
import { documentExtension } from '../../documents/extract';
import { createExtractionPool } from '../../documents/extraction-pool';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import type { Providers } from '../../providers';
import { addUploadRoute } from '../upload-route';

export interface DocumentRoutesDeps {
  db: Db;
  env: Env;
  providers: Providers;
}

/** The form field the files come in; other fields and files are ignored. */
const FILE_FIELD = 'documents';

/**
 * `POST /api/analyze-document` (multipart, see `addUploadRoute`). A file over 20 MB is that file's
 * `too_large` (its bytes past the limit are discarded as they arrive), not a 413 for the whole
 * upload; an 11th file is a 400. Nothing is stored.
 */
export async function registerDocumentRoutes(app: FastifyInstance, deps: DocumentRoutesDeps): Promise<void> {
  const pool = createExtractionPool();
  app.addHook('onClose', () => pool.close());

  const upload = {
    limits: {
      files: constants.maxUploadFiles,
      fileSize: constants.maxDocumentBytes,
      fields: 20,
      fieldSize: 1024,
      parts: constants.maxUploadFiles + 20,
      headerPairs: 50,
    },
    field: FILE_FIELD,
    notMultipart: messages.noDocuments,
    tooManyFiles: messages.tooManyFiles,
  };
  await addUploadRoute(app, endpoints.analyzeDocument, upload, async ({ eachFile }) => {
    const files: DocumentInput[] = [];
    await eachFile(async (part) => {
      const bytes = await part.toBuffer();
      const name = fileName(part.filename);
      files.push(part.file.truncated ? { name, problem: 'too_large' } : { name, bytes });
    });
    if (files.length === 0) throw new AppError('validation_error', messages.noDocuments);
    const unsupported = files.find((file) => !documentExtension(file.name));
    if (unsupported && files.every((file) => !documentExtension(file.name))) {
      throw new AppError('validation_error', messages.unsupportedDocumentType(unsupported.name));
    }
    return analyzeDocuments(files, { detailsExtractor: deps.providers.detailsExtractor, pool });
  });
}

/** The name as people know it: no folders (old browsers sent C:\fakepath\...), no control characters. */
function fileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'document';
}
