import { normalizeKeyword, type KeywordFigures } from '@keywright/contract';
import { AppError } from '../../lib/errors';
import { LlmError } from '../../providers/keyword-generator/llm';
import {
  UpstreamError,
  type KeywordMetrics,
  type MetricsPlace,
  type MetricsProvider,
} from '../../providers/metrics/metrics-provider';
import { figuresFromMetrics, metricsScope, type MetricsScope } from '../../queries/figures';
import type { MetricsRepository } from './metrics.repository';

/** Provider failures become the API's 502 with the provider's text; other errors pass. */
export async function upstream<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UpstreamError || error instanceof LlmError) {
      throw new AppError('upstream_error', error.message);
    }
    throw error;
  }
}

/** The figures of a keyword the provider knows nothing of. */
export function unknownFigures(source: KeywordFigures['source']): KeywordFigures {
  return {
    avg_monthly_searches: null,
    competition: null,
    competition_index: null,
    cpc_low: null,
    cpc_high: null,
    difficulty: null,
    cpc_range: 'N/A',
    source,
    currency: null,
  };
}

/**
 * The provider's side of the figures cache: asks the provider for what the cache lacks, in batches
 * of its maximum, and stores every answer.
 */
export function createFiguresFetcher(repository: MetricsRepository) {
  /** One upstream fetch per project and scope at a time in this process; a second caller waits for it. */
  const inFlight = new Map<string, Promise<void>>();

  /** Asks the provider for these keywords in batches of its maximum and caches every answer. */
  async function fetchAndStore(metrics: MetricsProvider, scope: MetricsScope, place: MetricsPlace, wanted: string[]) {
    const answers = new Map<string, KeywordMetrics>();
    if (wanted.length === 0) return { answers, currency: null };
    // The bids come in the provider's currency for the place (Google Ads: the account's); kept with them.
    const currency = await upstream(() => metrics.currencyFor(place));
    for (let start = 0; start < wanted.length; start += metrics.maxKeywordsPerRequest) {
      const batch = wanted.slice(start, start + metrics.maxKeywordsPerRequest);
      const batchAnswers = new Map<string, KeywordMetrics>();
      for (const answer of await upstream(() => metrics.historicalMetrics(batch, place))) {
        batchAnswers.set(normalizeKeyword(answer.keyword), answer);
      }
      // Each batch is stored whole as soon as it arrives: a later batch failing loses nothing stored.
      await repository.store(scope, batch, batchAnswers, currency);
      for (const [keyword, answer] of batchAnswers) answers.set(keyword, answer);
    }
    return { answers, currency };
  }

  return {
    fetchAndStore,

    /** Makes sure every keyword of the project has fresh figures in the cache. */
    async ensureProjectMetrics(
      metrics: MetricsProvider,
      projectId: number,
      place: MetricsPlace,
      refresh: boolean,
    ): Promise<MetricsScope> {
      const scope = metricsScope(metrics.name, place);
      const key = `${projectId}:${scope.geo}:${scope.language}:${refresh}`;
      let running = inFlight.get(key);
      if (!running) {
        running = (async () => {
          const wanted = await repository.keywordsToFetch(projectId, scope, refresh);
          await fetchAndStore(metrics, scope, place, wanted);
        })().finally(() => inFlight.delete(key));
        inFlight.set(key, running);
      }
      await running;
      return scope;
    },

    /** Figures for any keywords of a project: from the cache, the rest fetched in one go and cached. */
    async figuresFor(
      metrics: MetricsProvider,
      projectId: number,
      place: MetricsPlace,
      texts: readonly string[],
    ): Promise<Map<string, KeywordFigures>> {
      const scope = metricsScope(metrics.name, place);
      const normalized = [...new Set(texts.map(normalizeKeyword))];
      const figures = await repository.cached(scope, normalized, projectId);
      const missing = normalized.filter((keyword) => !figures.has(keyword));
      const fetched = await fetchAndStore(metrics, scope, place, missing);
      for (const keyword of missing) {
        const answer = fetched.answers.get(keyword);
        figures.set(
          keyword,
          answer ? figuresFromMetrics(answer, metrics.name, fetched.currency) : unknownFigures(metrics.name),
        );
      }
      return figures;
    },
  };
}
