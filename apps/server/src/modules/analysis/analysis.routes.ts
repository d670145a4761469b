import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import type { AnalysisService } from './analysis.service';

export function registerAnalysisRoutes(app: FastifyInstance, analysis: AnalysisService): void {
  addRoute(app, endpoints.analysisPage, ({ user, params, query }) => analysis.page(user, params.projectId, query));
  addRoute(app, endpoints.exportAnalysis, async ({ user, params, query, reply }) => {
    const { fileName, stream } = await analysis.exportCsv(user, params.projectId, query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
  addRoute(app, endpoints.deleteProjectKeywords, ({ user, params, body }) =>
    analysis.deleteKeywords(user, params.projectId, body.keywordIds),
  );
  addRoute(app, endpoints.addKeywordListKeywords, ({ user, params, body }) =>
    analysis.addToList(user, params.id, body.keywordIds),
  );
}
