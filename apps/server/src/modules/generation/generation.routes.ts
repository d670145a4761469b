import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import type { GenerationService } from './generation.service';

export function registerGenerationRoutes(app: FastifyInstance, generation: GenerationService): void {
  addRoute(app, endpoints.startKeywordGeneration, ({ user, body }) => generation.start(user, body));
  addRoute(app, endpoints.projectStatus, ({ user, params }) => generation.status(user, params.projectId));
}
