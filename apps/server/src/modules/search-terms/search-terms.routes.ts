import { endpoints, messages } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors';
import { addRoute } from '../route';
import { addUploadRoute, oneFileImport, readUpload } from '../upload-route';
import { createSearchTermsReader, type SearchTermsReport } from './search-terms-file';
import type { SearchTermsService } from './search-terms.service';

const tooLarge = () => new AppError('payload_too_large', messages.searchTermsTooLarge);

/**
 * `POST /api/projects/:projectId/search-terms/import` (multipart, see `addUploadRoute`): the file is
 * read only once the caller may change the project, and reading stops at the first sign it is no
 * search terms report, at 40 MB (413) or past 100,000 rows. `GET /api/projects/:projectId/search-terms`.
 */
export async function registerSearchTermsRoutes(app: FastifyInstance, service: SearchTermsService) {
  const upload = oneFileImport({
    notMultipart: messages.searchTermsFileRequired,
    tooManyFiles: messages.searchTermsOneFile,
  });
  await addUploadRoute(app, endpoints.importSearchTerms, upload, async ({ user, params, eachFile }) => {
    await service.checkAccess(user, params.projectId);
    let report: SearchTermsReport | undefined;
    await eachFile(async (part) => {
      report = await readReport(part.file);
    });
    if (!report) throw new AppError('validation_error', messages.searchTermsFileRequired);
    return service.importReport(user, params.projectId, report);
  });
  addRoute(app, endpoints.projectSearchTerms, ({ user, params, query }) => service.page(user, params.projectId, query));
}

/** Reads the file as it arrives; stopping early (a throw) destroys the stream, and the rest is never read. */
async function readReport(stream: Readable & { truncated: boolean }): Promise<SearchTermsReport> {
  const reader = createSearchTermsReader();
  await readUpload(stream, (chunk) => reader.push(chunk), tooLarge);
  return reader.end();
}
