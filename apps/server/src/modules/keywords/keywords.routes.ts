import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import { createKeywordPageJson } from './keywords.serializer';
import type { KeywordService } from './keywords.service';

export function registerKeywordRoutes(app: FastifyInstance, keywords: KeywordService): void {
  const pageJson = createKeywordPageJson();
  addRoute(app, endpoints.listProjectKeywords, ({ user, params }) =>
    keywords.listProjectKeywords(user, params.projectId),
  );
  addRoute(app, endpoints.projectKeywordPage, async ({ user, params, query, reply }) => {
    const json = pageJson(await keywords.keywordPage(user, params.projectId, query));
    return reply.type('application/json; charset=utf-8').send(json);
  });
  addRoute(app, endpoints.exportProjectKeywords, async ({ user, params, query, reply }) => {
    const { fileName, stream } = await keywords.exportKeywords(user, params.projectId, query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
  addRoute(app, endpoints.addProjectKeyword, ({ user, params, body }) =>
    keywords.addKeyword(user, params.projectId, body),
  );
  addRoute(app, endpoints.addProjectKeywords, ({ user, params, body }) =>
    keywords.addKeywords(user, params.projectId, body.keywords),
  );
  addRoute(app, endpoints.deleteKeyword, async ({ user, params }) => {
    await keywords.deleteKeyword(user, params.id);
    return { success: true as const };
  });
}
