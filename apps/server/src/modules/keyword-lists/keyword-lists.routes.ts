import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import type { KeywordListService } from './keyword-lists.service';
import { createKeywordListsPageJson } from './keyword-lists.serializer';

export function registerKeywordListRoutes(app: FastifyInstance, lists: KeywordListService): void {
  const listsPageJson = createKeywordListsPageJson(lists);
  addRoute(app, endpoints.listKeywordLists, async ({ user, query, request, reply }) => {
    const { tag, json } = await listsPageJson(user, query.refresh);
    const etag = `"${tag}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    // Refresh asks for the whole answer, whatever copy the caller holds.
    if (!query.refresh && request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });
  addRoute(app, endpoints.getKeywordList, ({ user, params, query }) => lists.getListDetail(user, params.id, query));
  addRoute(app, endpoints.createKeywordList, ({ user, body }) => lists.createList(user, body));
  addRoute(app, endpoints.updateKeywordList, ({ user, params, body }) => lists.updateList(user, params.id, body));
  addRoute(app, endpoints.deleteKeywordList, async ({ user, params }) => {
    await lists.deleteList(user, params.id);
    return { success: true as const };
  });
  addRoute(app, endpoints.exportKeywordList, async ({ user, params, reply }) => {
    const { fileName, stream } = await lists.exportList(user, params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
  addRoute(app, endpoints.keywordListMetrics, ({ user, params, body }) =>
    lists.loadMetrics(user, params.id, body.refresh),
  );
  addRoute(app, endpoints.addKeywordListText, ({ user, params, body }) => lists.addText(user, params.listId, body));
  addRoute(app, endpoints.addKeywordListItem, ({ user, body }) => lists.addItem(user, body));
  addRoute(app, endpoints.removeKeywordListItem, async ({ user, params }) => {
    await lists.removeItem(user, params.listId, params.keywordId);
    return { success: true as const };
  });
  addRoute(app, endpoints.removeKeywordListKeywords, ({ user, params, body }) =>
    lists.removeItems(user, params.id, body.keywordIds),
  );
  addRoute(app, endpoints.keywordListHoldings, ({ user, query }) => lists.keywordHoldings(user, query.keywordIds));
  addRoute(app, endpoints.keywordListsForKeyword, ({ user, params }) => lists.listsForKeyword(user, params.id));
}
