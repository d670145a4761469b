import { z } from 'zod';
import { projectIdParamsSchema } from './common';
import {
  analysisExportQuerySchema,
  analysisPageSchema,
  analysisQuerySchema,
  deleteKeywordsAnswerSchema,
  deleteKeywordsInputSchema,
  keywordPlannerImportAnswerSchema,
} from './analysis';
import { define, err } from './endpoint';

/** The analysis table: its page and CSV, deleting keywords at once, the Keyword Planner import. */
export const analysisEndpoints = {
  deleteProjectKeywords: define({
    method: 'POST',
    path: '/api/projects/:projectId/keywords/delete',
    summary: "Delete some of a project's keywords at once (owner or team member); all or nothing",
    auth: true,
    params: projectIdParamsSchema,
    body: deleteKeywordsInputSchema,
    response: { 200: deleteKeywordsAnswerSchema, 400: err, 401: err, 404: err },
  }),
  analysisPage: define({
    method: 'GET',
    path: '/api/projects/:projectId/analysis',
    summary:
      "A page of a project's keywords with their cached figures and 12-month trend, filtered (text, competition, volume, CPC) and sorted by any column in the database",
    auth: true,
    params: projectIdParamsSchema,
    query: analysisQuerySchema,
    response: { 200: analysisPageSchema, 400: err, 401: err, 404: err },
  }),
  exportAnalysis: define({
    method: 'GET',
    path: '/api/projects/:projectId/analysis/export',
    summary:
      'The analysis table as a CSV file (UTF-8 with a BOM): Keyword, Avg. Monthly Searches, Competition, Competition Index, Low CPC, High CPC, of the filtered and sorted set, streamed',
    auth: true,
    params: projectIdParamsSchema,
    query: analysisExportQuerySchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 404: err },
  }),
  keywordPlannerImport: define({
    method: 'POST',
    path: '/api/projects/:projectId/keyword-planner-import',
    summary:
      'Import a Keyword Planner export (multipart, field file: UTF-16 tab-separated or UTF-8 CSV): its keywords are added to the project and their figures kept as source keyword-planner; all or nothing',
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: keywordPlannerImportAnswerSchema, 400: err, 401: err, 404: err, 413: err, 415: err },
  }),
} as const;
