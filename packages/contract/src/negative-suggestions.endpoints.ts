import { projectIdParamsSchema } from './common';
import { define, err } from './endpoint';
import { negativeSuggestionsAnswerSchema, negativeSuggestionsQuerySchema } from './negative-suggestions';

/** Negative keywords suggested from a project's search terms report (issue 27). */
export const negativeSuggestionEndpoints = {
  negativeSuggestions: define({
    method: 'GET',
    path: '/api/projects/:projectId/negative-suggestions',
    summary:
      "Negative keywords (exact or phrase, for the campaign or one ad group) suggested from the project's latest search terms report, each with its reason and what of the project's keywords and converting searches it would block; at most 200, the most money first",
    auth: true,
    params: projectIdParamsSchema,
    query: negativeSuggestionsQuerySchema,
    response: { 200: negativeSuggestionsAnswerSchema, 400: err, 401: err, 404: err },
  }),
} as const;
