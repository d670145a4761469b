import { projectIdParamsSchema } from './common';
import { define, err } from './endpoint';
import { searchTermsAnswerSchema, searchTermsImportAnswerSchema, searchTermsQuerySchema } from './search-terms';

/** Google Ads' search terms report: imported on a project, and its terms read a page at a time (issue 27). */
export const searchTermsEndpoints = {
  importSearchTerms: define({
    method: 'POST',
    path: '/api/projects/:projectId/search-terms/import',
    summary:
      "Replaces the project's search terms with a Google Ads search terms report (multipart, field file: UTF-8 CSV or UTF-16 tab-separated); all or nothing (owner or team member)",
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: searchTermsImportAnswerSchema, 400: err, 401: err, 404: err, 413: err, 415: err },
  }),
  projectSearchTerms: define({
    method: 'GET',
    path: '/api/projects/:projectId/search-terms',
    summary:
      "A page of the project's search terms (its latest report), filtered (contains, no conversions, cost at least) and sorted in the database, each marked when it is already a keyword",
    auth: true,
    params: projectIdParamsSchema,
    query: searchTermsQuerySchema,
    response: { 200: searchTermsAnswerSchema, 400: err, 401: err, 404: err },
  }),
} as const;
