import {
  generateFilteredKeywordsAnswerSchema,
  generateFilteredKeywordsInputSchema,
  keywordMetricsAnswerSchema,
  keywordMetricsInputSchema,
  keywordSuggestionsAnswerSchema,
  keywordSuggestionsInputSchema,
  similarKeywordsAnswerSchema,
  similarKeywordsInputSchema,
} from './metrics';
import { define, err } from './endpoint';

/** Figures and ideas from the metrics source. */
export const metricsEndpoints = {
  keywordMetrics: define({
    method: 'POST',
    path: '/api/google-ads/keyword-metrics',
    summary:
      "A page of a project's keywords with volume, competition, CPC and difficulty; the first call fetches every keyword's figures (cached 30 days)",
    auth: true,
    body: keywordMetricsInputSchema,
    response: { 200: keywordMetricsAnswerSchema, 400: err, 401: err, 404: err, 502: err, 503: err },
  }),
  generateFilteredKeywords: define({
    method: 'POST',
    path: '/api/google-ads/generate-filtered-keywords',
    summary: 'Generate keywords for a project inside CPC bounds and a word count, and add them',
    auth: true,
    body: generateFilteredKeywordsInputSchema,
    response: { 200: generateFilteredKeywordsAnswerSchema, 400: err, 401: err, 404: err, 502: err, 503: err },
  }),
  keywordSuggestions: define({
    method: 'POST',
    path: '/api/google-ads/keyword-suggestions',
    summary: "Keyword ideas from a project's keywords (or a list's), with their figures",
    auth: true,
    body: keywordSuggestionsInputSchema,
    response: { 200: keywordSuggestionsAnswerSchema, 400: err, 401: err, 404: err, 502: err, 503: err },
  }),
  similarKeywords: define({
    method: 'POST',
    path: '/api/keywords/similar',
    summary: 'Keywords similar to one keyword, for a place and language, with their figures',
    auth: true,
    body: similarKeywordsInputSchema,
    response: { 200: similarKeywordsAnswerSchema, 400: err, 401: err, 502: err, 503: err },
  }),
} as const;
