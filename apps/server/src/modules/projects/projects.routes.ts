import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import { createProjectListJson } from './projects.serializer';
import type { ProjectService } from './projects.service';

export function registerProjectRoutes(app: FastifyInstance, projects: ProjectService): void {
  const listJson = createProjectListJson(projects);
  addRoute(app, endpoints.listProjects, async ({ user, request, reply }) => {
    const { tag, json } = await listJson(user);
    const etag = `"${tag}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });
  addRoute(app, endpoints.getProject, ({ user, params }) => projects.getProject(user, params.id));
  addRoute(app, endpoints.createProject, ({ user, body }) => projects.createProject(user, body));
  addRoute(app, endpoints.updateProject, ({ user, params, body }) => projects.updateProject(user, params.id, body));
  addRoute(app, endpoints.deleteProject, async ({ user, params }) => {
    await projects.deleteProject(user, params.id);
    return { success: true as const };
  });
}
