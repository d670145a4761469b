import { normalizeKeyword } from '@keywright/contract';
import { getWordCounts } from './estimate-data';
import { ideaCandidates } from './estimate-ideas';
import { projectPhraseContext } from '../keyword-generator/offline';
import { estimateKeyword, resolvePlace } from './estimate-model';
import type { KeywordMetrics, MetricsPlace, MetricsProvider } from './metrics-provider';
import { countryCurrency } from './place-currency';
import { fromUsdMicros, hasRoughRate } from './rough-rates';

const maxKeywordsPerRequest = 10_000;

/**
 * Keyword figures with no network: search volume from spoken-English word frequencies, shrunk by
 * phrase length and modifiers and scaled to the place; competition and bids from intent and the
 * topic's commercial value; each rounded the way Keyword Planner shows it. The same keyword and
 * place always give the same figures (jitter comes from a hash, never from the clock or Math.random);
 * so monthly volumes are a seasonal shape over a fixed year (`estimateMonthsYear`), not the last 12 months.
 */
export function createEstimateMetricsProvider({
  serverCurrency = 'USD',
}: { serverCurrency?: string } = {}): MetricsProvider {
  // Bids are modelled in US dollars and made in the place's currency at a rough rate (rough-rates.ts).
  const currencyFor = (place: MetricsPlace) => {
    const currency = countryCurrency(place.country) ?? serverCurrency;
    return hasRoughRate(currency) ? currency : 'USD';
  };
  const inCurrency = (metrics: KeywordMetrics, currency: string): KeywordMetrics => ({
    ...metrics,
    lowBidMicros: metrics.lowBidMicros == null ? null : fromUsdMicros(metrics.lowBidMicros, currency),
    highBidMicros: metrics.highBidMicros == null ? null : fromUsdMicros(metrics.highBidMicros, currency),
  });
  return {
    name: 'estimate',
    maxKeywordsPerRequest,
    currencyFor: async (place) => currencyFor(place),
    historicalMetrics: async (keywords, place) => {
      const currency = currencyFor(place);
      return estimateMetrics(keywords, place).map((metrics) => inCurrency(metrics, currency));
    },
    keywordIdeas: async ({ seeds, siteUrl, place, limit, project }) => {
      const resolved = resolvePlace(place);
      // A project's ideas are read as its keywords are generated: the same reading, the same gate.
      const context = project ? await projectPhraseContext(project) : undefined;
      const ranked = ideaCandidates(seeds, { siteUrl, city: place.city, context })
        .map((idea) => ({ relevance: idea.relevance, metrics: estimateKeyword(idea.keyword, resolved) }))
        .sort(
          (a, b) =>
            b.relevance - a.relevance ||
            (b.metrics.avgMonthlySearches ?? 0) - (a.metrics.avgMonthlySearches ?? 0) ||
            (a.metrics.keyword < b.metrics.keyword ? -1 : a.metrics.keyword > b.metrics.keyword ? 1 : 0),
        );
      const currency = currencyFor(place);
      return ranked.slice(0, Math.max(0, limit)).map((idea) => inCurrency(idea.metrics, currency));
    },
  };
}

/** Figures for each distinct keyword (first spelling kept); synchronous, for the provider and benchmarks. */
export function estimateMetrics(keywords: readonly string[], place: MetricsPlace): KeywordMetrics[] {
  if (keywords.length > maxKeywordsPerRequest) {
    throw new Error(`At most ${maxKeywordsPerRequest} keywords per request (got ${keywords.length})`);
  }
  const resolved = resolvePlace(place);
  const seen = new Set<string>();
  const answers: KeywordMetrics[] = [];
  for (const keyword of keywords) {
    const key = normalizeKeyword(keyword);
    if (seen.has(key)) continue;
    seen.add(key);
    answers.push(estimateKeyword(keyword, resolved, key));
  }
  return answers;
}

/** Loads the word list now rather than on the first request (startup warm-up, benchmarks). */
export function loadEstimateData(): void {
  getWordCounts();
}
