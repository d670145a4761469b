import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import type { ClustersService } from './clusters.service';

export function registerClusterRoutes(app: FastifyInstance, clusters: ClustersService): void {
  addRoute(app, endpoints.projectClusters, async ({ user, params, query, reply }) => {
    const { status, answer } = await clusters.read(user, params.projectId, query);
    reply.status(status);
    return answer;
  });
  addRoute(app, endpoints.recomputeClusters, async ({ user, params, body, query, reply }) => {
    const { status, answer } = await clusters.recompute(user, params.projectId, body.tightness, query);
    reply.status(status);
    return answer;
  });
  addRoute(app, endpoints.moveClusterKeyword, ({ user, params, body, query }) =>
    clusters.move(user, params.projectId, body, query),
  );
  addRoute(app, endpoints.mergeClusters, ({ user, params, body, query }) =>
    clusters.merge(user, params.projectId, body, query),
  );
  addRoute(app, endpoints.renameCluster, ({ user, params, body, query }) =>
    clusters.rename(user, params.projectId, params.clusterId, body.name, query),
  );
  addRoute(app, endpoints.saveClustersAsLists, ({ user, params, body }) =>
    clusters.saveAsLists(user, params.projectId, body),
  );
}
