import { constants, endpoints, messages } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { analyzeDocuments, type DocumentInput } from '../../documents/analyze';
import { documentExtension } from '../../documents/extract';
import type { ExtractionPool } from '../../documents/extraction-pool';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import type { Providers } from '../../providers';
import { addUploadRoute } from '../upload-route';
import { makeUploadDir, removeLeftUploadDirs } from './upload-dirs';

export interface DocumentRoutesDeps {
  env: Env;
  providers: Providers;
  /** The app's document readers (`DOCUMENT_WORKERS` at once), shared with the Drive import. */
  documentPool: ExtractionPool;
}

/** The form field the files come in; other fields and files are ignored. */
const FILE_FIELD = 'documents';

/** How long a refused upload is asked to wait: about what reading a few large documents takes. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Uploads in progress, at most `capacity`: each takes a place before its body is read and gives it
 * back when answered. One more is refused at once rather than held.
 */
function createUploadGate(capacity: number) {
  let inProgress = 0;
  return {
    /** A place, with the function that gives it back; null when all are taken. */
    enter(): (() => void) | null {
      if (inProgress >= capacity) return null;
      inProgress += 1;
      let isLeft = false;
      return () => {
        if (isLeft) return;
        isLeft = true;
        inProgress -= 1;
      };
    },
  };
}

/**
 * `POST /api/analyze-document` (multipart, see `addUploadRoute`). `DOCUMENT_WORKERS` uploads are
 * read at once and `DOCUMENT_QUEUE` more wait; one beyond them is a 503 with `Retry-After`, before
 * its body is read. Each file is written to a directory of its own upload as it arrives (the server
 * holds none of it in memory), read there by a worker, and removed with the directory once the
 * upload is answered (or, after a crash, when the server starts again: see upload-dirs.ts). A file over 20 MB is that file's `too_large` (its bytes past the limit are
 * discarded as they arrive), not a 413 for the whole upload; an 11th file is a 400. Nothing is stored.
 */
export async function registerDocumentRoutes(app: FastifyInstance, deps: DocumentRoutesDeps): Promise<void> {
  const gate = createUploadGate(deps.env.DOCUMENT_WORKERS + deps.env.DOCUMENT_QUEUE);
  const uploadRoot = deps.env.UPLOAD_DIR ?? os.tmpdir();
  const removed = await removeLeftUploadDirs(uploadRoot);
  if (removed > 0) app.log.info(`Removed ${removed} upload directories left by processes that were killed`);

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
    const leave = gate.enter();
    if (!leave) {
      throw new AppError('unavailable', messages.documentsBusy, undefined, {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
    }
    const dir = await makeUploadDir(uploadRoot).catch((error: unknown) => {
      leave();
      throw error;
    });
    try {
      const files: DocumentInput[] = [];
      await eachFile(async (part) => {
        const name = fileName(part.filename);
        const filePath = path.join(dir, String(files.length));
        await pipeline(part.file, createWriteStream(filePath));
        files.push(part.file.truncated ? { name, problem: 'too_large' } : { name, path: filePath });
      });
      if (files.length === 0) throw new AppError('validation_error', messages.noDocuments);
      const unsupported = files.find((file) => !documentExtension(file.name));
      if (unsupported && files.every((file) => !documentExtension(file.name))) {
        throw new AppError('validation_error', messages.unsupportedDocumentType(unsupported.name));
      }
      return await analyzeDocuments(files, {
        detailsExtractor: deps.providers.detailsExtractor,
        pool: deps.documentPool,
      });
    } finally {
      leave();
      await rm(dir, { recursive: true, force: true });
    }
  });
}

/** The name as people know it: no folders (old browsers sent C:\fakepath\...), no control characters. */
function fileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'document';
}
