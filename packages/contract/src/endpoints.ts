import { adCopyEndpoints } from './ad-copy.endpoints';
import { analysisEndpoints } from './analysis.endpoints';
import { clusterEndpoints } from './clusters.endpoints';
import { documentEndpoints } from './documents.endpoints';
import { generationEndpoints } from './generation.endpoints';
import { keywordListEndpoints } from './keyword-lists.endpoints';
import { keywordEndpoints } from './keywords.endpoints';
import { metricsEndpoints } from './metrics.endpoints';
import { negativeListEndpoints } from './negative-lists.endpoints';
import { negativeSuggestionEndpoints } from './negative-suggestions.endpoints';
import { projectEndpoints } from './projects.endpoints';
import { searchConsoleEndpoints } from './search-console.endpoints';
import { searchTermsEndpoints } from './search-terms.endpoints';
import { systemEndpoints } from './system.endpoints';
import { teamEndpoints } from './team.endpoints';

export type { Endpoint, HttpMethod } from './endpoint';

/**
 * Every call of the API: one place for method, path, inputs and answers. Each resource declares
 * its calls beside its schemas (`projects.endpoints.ts` beside `projects.ts`); this gathers them,
 * in the order the API lists them.
 */
export const endpoints = {
  ...systemEndpoints,
  ...projectEndpoints,
  ...keywordEndpoints,
  ...analysisEndpoints,
  ...clusterEndpoints,
  ...metricsEndpoints,
  ...keywordListEndpoints,
  ...adCopyEndpoints,
  ...generationEndpoints,
  ...documentEndpoints,
  ...teamEndpoints,
  ...searchConsoleEndpoints,
  ...negativeListEndpoints,
  ...searchTermsEndpoints,
  ...negativeSuggestionEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** Fills `:name` segments of a path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
