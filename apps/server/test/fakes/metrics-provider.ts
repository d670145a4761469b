import { normalizeKeyword } from '@keywright/contract';
import {
  UpstreamError,
  type KeywordIdeasQuery,
  type KeywordMetrics,
  type MetricsPlace,
  type MetricsProvider,
} from '../../src/providers/metrics/metrics-provider';

/**
 * A metrics provider with figures a test can read off the keyword: `cpc 1.20-3.45` in a
 * keyword gives that bid range, `unknown` gives no figures at all, anything else a range
 * from its word count. It records every call and can be told to fail.
 */
export function createFakeMetricsProvider(options: { maxKeywordsPerRequest?: number; currency?: string } = {}) {
  // The account's currency, as Google Ads answers it.
  let accountCurrency = options.currency ?? 'USD';
  const calls = {
    historical: [] as Array<{ keywords: string[]; place: MetricsPlace }>,
    ideas: [] as KeywordIdeasQuery[],
  };
  let failures: Array<{ onCall: number; message: string }> = [];

  function figures(keyword: string): KeywordMetrics | null {
    const text = normalizeKeyword(keyword);
    if (text.includes('unknown')) return null;
    const range = /cpc (\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)/.exec(text);
    const words = text.split(' ').length;
    const [low, high] = range ? [Number(range[1]), Number(range[2])] : [words * 0.5, words * 0.5 + 1];
    return {
      keyword,
      avgMonthlySearches: 1000 * words,
      competition: words > 2 ? 'High' : 'Low',
      competitionIndex: words > 2 ? 80 : 20,
      lowBidMicros: Math.round(low * 1_000_000),
      highBidMicros: Math.round(high * 1_000_000),
      monthlyVolumes: null,
      difficulty: words > 2 ? 80 : 20,
    };
  }

  function failIfTold(): void {
    const count = calls.historical.length + calls.ideas.length;
    const failure = failures.find((entry) => entry.onCall === count);
    if (failure) throw new UpstreamError(failure.message, 503);
  }

  const provider: MetricsProvider = {
    name: 'google-ads',
    maxKeywordsPerRequest: options.maxKeywordsPerRequest ?? 10_000,
    currencyFor: async () => accountCurrency,
    async historicalMetrics(keywords, place) {
      if (keywords.length > provider.maxKeywordsPerRequest) throw new Error('too many keywords in one request');
      calls.historical.push({ keywords: [...keywords], place });
      failIfTold();
      return keywords.map(figures).filter((entry): entry is KeywordMetrics => entry !== null);
    },
    async keywordIdeas(query) {
      calls.ideas.push(query);
      failIfTold();
      const modifiers = ['best', 'cheap', 'buy', 'local', 'online'];
      const ideas = query.seeds.flatMap((seed) => modifiers.map((modifier) => `${modifier} ${seed}`));
      return [...new Set(ideas)]
        .slice(0, query.limit)
        .map((idea) => figures(idea))
        .filter((entry): entry is KeywordMetrics => entry !== null);
    },
  };

  return {
    provider,
    calls,
    /** The nth upstream call from now on (1 = the next) fails with `message`. */
    failOnCall(nth: number, message: string) {
      failures = [{ onCall: calls.historical.length + calls.ideas.length + nth, message }];
    },
    /** The account's currency from now on. */
    setCurrency(currency: string) {
      accountCurrency = currency;
    },
    reset() {
      calls.historical.length = 0;
      calls.ideas.length = 0;
      failures = [];
    },
  };
}

export type FakeMetricsProvider = ReturnType<typeof createFakeMetricsProvider>;
