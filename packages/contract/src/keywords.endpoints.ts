import { z } from 'zod';
import { idParamsSchema, projectIdParamsSchema, successSchema } from './common';
import {
  bulkKeywordsAnswerSchema,
  bulkKeywordsInputSchema,
  keywordArraySchema,
  keywordExportQuerySchema,
  keywordInputSchema,
  keywordPageQuerySchema,
  keywordPageSchema,
  keywordSchema,
} from './keywords';
import { define, err } from './endpoint';

/** A project's keywords: list, page, export, add one or a pasted list, delete one. */
export const keywordEndpoints = {
  listProjectKeywords: define({
    method: 'GET',
    path: '/api/projects/:projectId/keywords',
    summary: "A project's keywords, newest first",
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: keywordArraySchema, 400: err, 401: err, 404: err },
  }),
  projectKeywordPage: define({
    method: 'GET',
    path: '/api/projects/:projectId/keywords/page',
    summary: "A page of a project's keywords, searched and sorted in the database",
    auth: true,
    params: projectIdParamsSchema,
    query: keywordPageQuerySchema,
    response: { 200: keywordPageSchema, 400: err, 401: err, 404: err },
  }),
  exportProjectKeywords: define({
    method: 'GET',
    path: '/api/projects/:projectId/keywords/export',
    summary:
      "A project's keywords as a CSV file (UTF-8 with a BOM), streamed; with metrics columns and CPC bounds when asked",
    auth: true,
    params: projectIdParamsSchema,
    query: keywordExportQuerySchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 404: err },
  }),
  addProjectKeyword: define({
    method: 'POST',
    path: '/api/projects/:projectId/keywords',
    summary: 'Add a keyword to a project; 409 when it exists',
    auth: true,
    params: projectIdParamsSchema,
    body: keywordInputSchema,
    response: { 201: keywordSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  addProjectKeywords: define({
    method: 'POST',
    path: '/api/projects/:projectId/keywords/bulk',
    summary:
      'Add a pasted list of keywords to a project (owner or team member): repeats and keywords it has are skipped and named; at most 500; all or nothing',
    auth: true,
    params: projectIdParamsSchema,
    body: bulkKeywordsInputSchema,
    response: { 200: bulkKeywordsAnswerSchema, 400: err, 401: err, 404: err },
  }),
  deleteKeyword: define({
    method: 'DELETE',
    path: '/api/keywords/:id',
    summary: 'Delete a keyword (owner or team member of its project)',
    auth: true,
    params: idParamsSchema,
    response: { 200: successSchema, 400: err, 401: err, 404: err },
  }),
} as const;
