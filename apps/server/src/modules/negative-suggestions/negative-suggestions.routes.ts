import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import type { NegativeSuggestionsService } from './negative-suggestions.service';

export function registerNegativeSuggestionRoutes(app: FastifyInstance, service: NegativeSuggestionsService): void {
  addRoute(app, endpoints.negativeSuggestions, ({ user, params, query }) =>
    service.suggestions(user, params.projectId, query.minCost),
  );
}
