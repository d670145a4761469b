import { endpoints, messages } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors';
import { addRoute } from '../route';
import { addUploadRoute, oneFileImport, readUpload } from '../upload-route';
import { readSearchConsoleExport, type SearchConsoleFile } from './search-console-file';
import type { SearchConsoleDataService } from './search-console-data.service';

const tooLarge = () => new AppError('payload_too_large', messages.searchConsoleTooLarge);

/**
 * A project's Search Console data: its state, the upload of a Performance report export
 * (multipart, see `addUploadRoute`; read only once the caller may change the project, refused
 * past 40 MB with a 413) and the pages of its queries.
 */
export async function registerSearchConsoleDataRoutes(app: FastifyInstance, service: SearchConsoleDataService) {
  addRoute(app, endpoints.projectSearchConsole, ({ user, params }) => service.projectState(user, params.projectId));
  addRoute(app, endpoints.searchConsoleQueries, ({ user, params, query }) =>
    service.queries(user, params.projectId, query),
  );
  const upload = oneFileImport({
    notMultipart: messages.searchConsoleFileRequired,
    tooManyFiles: messages.searchConsoleOneFile,
  });
  await addUploadRoute(app, endpoints.importSearchConsole, upload, async ({ user, params, eachFile }) => {
    await service.checkAccess(user, params.projectId);
    let file: SearchConsoleFile | undefined;
    await eachFile(async (part) => {
      file = readSearchConsoleExport(await bytesOf(part.file), part.filename);
    });
    if (!file) throw new AppError('validation_error', messages.searchConsoleFileRequired);
    return service.importFile(user, params.projectId, file);
  });
}

/** The whole file (a ZIP is read from its end, so it is kept whole; at most 40 MB). */
async function bytesOf(stream: Readable & { truncated: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await readUpload(stream, (chunk) => chunks.push(chunk), tooLarge);
  return Buffer.concat(chunks);
}
