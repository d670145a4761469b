import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import type { NegativeListService } from './negative-lists.service';

export function registerNegativeListRoutes(app: FastifyInstance, lists: NegativeListService): void {
  addRoute(app, endpoints.listNegativeLists, ({ user, params }) => lists.listsOfProject(user, params.projectId));
  addRoute(app, endpoints.createNegativeList, ({ user, params, body }) =>
    lists.createList(user, params.projectId, body.name),
  );
  addRoute(app, endpoints.getNegativeList, ({ user, params, query }) => lists.getList(user, params.id, query));
  addRoute(app, endpoints.updateNegativeList, ({ user, params, body }) => lists.renameList(user, params.id, body.name));
  addRoute(app, endpoints.deleteNegativeList, async ({ user, params }) => {
    await lists.deleteList(user, params.id);
    return { success: true as const };
  });
  addRoute(app, endpoints.addNegativeItems, ({ user, params, body }) => lists.addItems(user, params.id, body.items));
  addRoute(app, endpoints.removeNegativeItem, async ({ user, params }) => {
    await lists.removeItem(user, params.id, params.itemId);
    return { success: true as const };
  });
}
