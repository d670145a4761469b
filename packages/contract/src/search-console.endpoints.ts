import { z } from 'zod';
import { googleDisconnectAnswerSchema, projectIdParamsSchema, successSchema } from './common';
import { define, err } from './endpoint';
import {
  linkSearchConsoleInputSchema,
  projectSearchConsoleSchema,
  searchConsoleImportAnswerSchema,
  searchConsoleImportSchema,
  searchConsoleQueriesAnswerSchema,
  searchConsoleQueriesQuerySchema,
  searchConsoleSitesAnswerSchema,
  searchConsoleSitesQuerySchema,
  searchConsoleStatusSchema,
} from './search-console';

/** Google Search Console: a person's connection, a project's property, its imports and queries (issue 26). */
export const searchConsoleEndpoints = {
  searchConsoleStatus: define({
    method: 'GET',
    path: '/api/search-console/status',
    summary: 'Whether the caller has connected Search Console (and as which account), and whether this server can',
    auth: true,
    response: { 200: searchConsoleStatusSchema, 401: err },
  }),
  searchConsoleConnect: define({
    method: 'GET',
    path: '/api/auth/search-console/connect',
    summary:
      "Starts Google's consent for read-only Search Console access (redirects); the callback returns to the projects page with search-console=connected or error=auth_failed",
    auth: true,
    query: z.object({ projectId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }),
    response: { 302: z.null(), 401: err, 503: err },
  }),
  searchConsoleCallback: define({
    method: 'GET',
    path: '/api/auth/search-console/callback',
    summary: "Google's redirect after consent: keeps the tokens (encrypted) and returns to where the person started",
    auth: true,
    query: z.object({
      code: z.string().max(4096).optional(),
      state: z.string().max(4096).optional(),
      error: z.string().max(200).optional(),
    }),
    response: { 302: z.null(), 401: err },
  }),
  searchConsoleDisconnect: define({
    method: 'POST',
    path: '/api/search-console/disconnect',
    summary:
      "Disconnects Search Console: revokes the grant at Google and forgets the caller's tokens (imported queries stay)",
    auth: true,
    response: { 200: googleDisconnectAnswerSchema, 401: err },
  }),
  searchConsoleSites: define({
    method: 'GET',
    path: '/api/search-console/sites',
    summary: "The caller's Search Console properties with their permission, the project's own site first",
    auth: true,
    query: searchConsoleSitesQuerySchema,
    response: { 200: searchConsoleSitesAnswerSchema, 401: err, 404: err, 409: err, 502: err, 503: err },
  }),
  projectSearchConsole: define({
    method: 'GET',
    path: '/api/projects/:projectId/search-console',
    summary: "A project's Search Console property, its current import and the latest one (owner or team member)",
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: projectSearchConsoleSchema, 401: err, 404: err },
  }),
  linkSearchConsole: define({
    method: 'PUT',
    path: '/api/projects/:projectId/search-console',
    summary:
      "Links one of the caller's Search Console properties to the project and starts the first import (owner or team member)",
    auth: true,
    params: projectIdParamsSchema,
    body: linkSearchConsoleInputSchema,
    response: { 200: projectSearchConsoleSchema, 400: err, 401: err, 403: err, 404: err, 409: err, 502: err, 503: err },
  }),
  unlinkSearchConsole: define({
    method: 'DELETE',
    path: '/api/projects/:projectId/search-console',
    summary: "Unlinks the project's property: no more daily refreshes; the imported queries stay",
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: successSchema, 401: err, 404: err },
  }),
  refreshSearchConsole: define({
    method: 'POST',
    path: '/api/projects/:projectId/search-console/refresh',
    summary:
      "Fetches the last 16 months of the linked property's queries again, with the caller's own grant, in the background",
    auth: true,
    params: projectIdParamsSchema,
    response: { 202: searchConsoleImportSchema, 401: err, 404: err, 409: err, 503: err },
  }),
  importSearchConsole: define({
    method: 'POST',
    path: '/api/projects/:projectId/search-console/import',
    summary:
      "Replaces the project's queries with a Performance report export (multipart, field file: the ZIP or Queries.csv); all or nothing",
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: searchConsoleImportAnswerSchema, 400: err, 401: err, 404: err, 413: err, 415: err },
  }),
  searchConsoleQueries: define({
    method: 'GET',
    path: '/api/projects/:projectId/search-console/queries',
    summary:
      "A page of the project's Search Console queries, filtered (position, impressions, not yet keywords) and sorted in the database",
    auth: true,
    params: projectIdParamsSchema,
    query: searchConsoleQueriesQuerySchema,
    response: { 200: searchConsoleQueriesAnswerSchema, 400: err, 401: err, 404: err },
  }),
} as const;
