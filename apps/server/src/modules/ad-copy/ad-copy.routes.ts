import { encodeLeftOut, endpoints, leftOutHeader } from '@keywright/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { addRoute } from '../route';
import type { AdCopyService } from './ad-copy.service';

/** A CSV file to download: a string or a stream. */
function sendCsv(reply: FastifyReply, fileName: string, body: string | NodeJS.ReadableStream) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export function registerAdCopyRoutes(app: FastifyInstance, adCopy: AdCopyService): void {
  addRoute(app, endpoints.generateHeadlines, async ({ body, reply }) => {
    const { fileName, text } = await adCopy.linesCsv('headlines', body);
    return sendCsv(reply, fileName, text);
  });
  addRoute(app, endpoints.generateDescriptions, async ({ body, reply }) => {
    const { fileName, text } = await adCopy.linesCsv('descriptions', body);
    return sendCsv(reply, fileName, text);
  });
  addRoute(app, endpoints.adCopy, ({ body }) => adCopy.adCopy(body));
  addRoute(app, endpoints.keywordListAdBrief, ({ user, params }) => adCopy.brief(user, params.id));
  addRoute(app, endpoints.exportGoogleAdsEditor, async ({ user, params, body, reply }) => {
    const { fileName, stream, leftOut } = await adCopy.adsEditorExport(user, params.id, body);
    reply.header(leftOutHeader, encodeLeftOut(leftOut));
    return sendCsv(reply, fileName, stream);
  });
}
