import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import type { MetricsService } from './metrics.service';

export function registerMetricsRoutes(app: FastifyInstance, metrics: MetricsService): void {
  addRoute(app, endpoints.keywordMetrics, ({ user, body }) => metrics.keywordMetrics(user, body));
  addRoute(app, endpoints.generateFilteredKeywords, ({ user, body }) => metrics.generateFiltered(user, body));
  addRoute(app, endpoints.keywordSuggestions, ({ user, body }) => metrics.suggestions(user, body));
  addRoute(app, endpoints.similarKeywords, ({ body }) => metrics.similar(body));
}
