import { messages, normalizeKeyword, tidyKeyword } from '@keywright/contract';
import { z } from 'zod';
import {
  createGoogleAdsHttp,
  type GoogleAdsCredentials,
  type GoogleAdsHttp,
  type GoogleAdsHttpOptions,
} from './google-ads-http';
import { adsCountryFor, languageConstantFor, type AdsCountry } from './google-ads-places';
import {
  difficultyFrom,
  type KeywordMetrics,
  type MetricsPlace,
  type MetricsProvider,
  type MonthlyVolume,
  UpstreamError,
} from './metrics-provider';

/** The settings of the `GOOGLE_ADS_*` variables; customer ids may carry dashes. */
export type GoogleAdsConfig = GoogleAdsCredentials;

export type GoogleAdsOptions = GoogleAdsHttpOptions;

/** The most keywords GenerateKeywordHistoricalMetrics takes in one request. */
const maxKeywordsPerRequest = 10_000;
/** KeywordSeed and KeywordAndUrlSeed take 1 to 20 keywords. */
const maxSeeds = 20;
/** GenerateKeywordIdeas returns at most 10,000 results per page. */
const maxPageSize = 10_000;
/** A guard against an upstream that keeps answering with a next page token. */
const maxIdeaPages = 20;

/** proto3 JSON writes int64 as a string; accept numbers too. */
const int64 = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).transform(Number);

const metricsSchema = z.object({
  avgMonthlySearches: int64.nullish(),
  competition: z.string().nullish(),
  competitionIndex: int64.nullish(),
  lowTopOfPageBidMicros: int64.nullish(),
  highTopOfPageBidMicros: int64.nullish(),
  monthlySearchVolumes: z
    .array(z.object({ year: int64.nullish(), month: z.string().nullish(), monthlySearches: int64.nullish() }))
    .nullish(),
});
type AdsMetrics = z.infer<typeof metricsSchema>;

const historicalAnswerSchema = z.object({
  results: z
    .array(
      z.object({
        text: z.string().nullish(),
        closeVariants: z.array(z.string()).nullish(),
        keywordMetrics: metricsSchema.nullish(),
      }),
    )
    .nullish(),
});

const ideasAnswerSchema = z.object({
  results: z.array(z.object({ text: z.string().nullish(), keywordIdeaMetrics: metricsSchema.nullish() })).nullish(),
  nextPageToken: z.string().nullish(),
});

/** GoogleAdsService.Search over `customer`: the account's currency code. */
const currencyAnswerSchema = z.object({
  results: z.array(z.object({ customer: z.object({ currencyCode: z.string().nullish() }).nullish() })).nullish(),
});

const suggestAnswerSchema = z.object({
  geoTargetConstantSuggestions: z
    .array(
      z.object({
        reach: int64.nullish(),
        geoTargetConstant: z
          .object({
            resourceName: z.string().nullish(),
            name: z.string().nullish(),
            countryCode: z.string().nullish(),
            status: z.string().nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
});

const competitionLevels = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High' } as const;
const months = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];

function monthlyVolumesFrom(volumes: AdsMetrics['monthlySearchVolumes']): MonthlyVolume[] | null {
  const known = (volumes ?? []).flatMap(({ year, month, monthlySearches }) => {
    const monthNumber = months.indexOf(month ?? '') + 1;
    // A month Google has no volume for is left out rather than shown as zero searches.
    if (year == null || monthNumber === 0 || monthlySearches == null) return [];
    return [{ year, month: monthNumber, searches: monthlySearches }];
  });
  known.sort((a, b) => a.year - b.year || a.month - b.month);
  return known.length ? known : null;
}

function metricsFrom(keyword: string, metrics: AdsMetrics | null | undefined): KeywordMetrics {
  const avgMonthlySearches = metrics?.avgMonthlySearches ?? null;
  const competitionIndex = metrics?.competitionIndex ?? null;
  const competition = metrics?.competition ?? '';
  return {
    keyword,
    avgMonthlySearches,
    competition:
      competition in competitionLevels ? competitionLevels[competition as keyof typeof competitionLevels] : null,
    competitionIndex,
    lowBidMicros: metrics?.lowTopOfPageBidMicros ?? null,
    highBidMicros: metrics?.highTopOfPageBidMicros ?? null,
    monthlyVolumes: monthlyVolumesFrom(metrics?.monthlySearchVolumes),
    difficulty: difficultyFrom(competitionIndex),
  };
}

/** Tidied, without blanks or repeats (by normalized text), in the given order. */
function distinctKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  return keywords.map(tidyKeyword).filter((keyword) => {
    const key = normalizeKeyword(keyword);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Keyword figures from Google Ads' Keyword Planner (KeywordPlanIdeaService over REST). */
export function createGoogleAdsMetricsProvider(
  config: GoogleAdsConfig,
  options: GoogleAdsOptions = {},
): MetricsProvider {
  const customerId = config.customerId.replace(/\D/g, '');
  const http: GoogleAdsHttp = createGoogleAdsHttp(
    {
      ...config,
      customerId,
      loginCustomerId: config.loginCustomerId?.replace(/\D/g, '') || undefined,
      developerToken: config.developerToken || undefined,
    },
    options,
  );
  // Per (country, city) for the life of the provider, "no match" included; a failed lookup is forgotten.
  const cityTargets = new Map<string, Promise<string | null>>();
  // The account's currency: Keyword Planner answers bids in it. Asked once; a failed ask is forgotten.
  let accountCurrency: Promise<string> | null = null;

  async function askAccountCurrency(): Promise<string> {
    const answer = await http.post(
      `customers/${customerId}/googleAds:search`,
      { query: 'SELECT customer.currency_code FROM customer LIMIT 1' },
      currencyAnswerSchema,
      'other',
    );
    const code = answer.results?.[0]?.customer?.currencyCode;
    if (!code) throw new UpstreamError(messages.upstreamUnreadable('Google Ads'));
    return code.toUpperCase();
  }

  async function suggestCityTarget(country: AdsCountry, city: string): Promise<string | null> {
    const answer = await http.post(
      'geoTargetConstants:suggest',
      { locale: 'en', countryCode: country.alpha2, locationNames: { names: [city] } },
      suggestAnswerSchema,
      'other',
    );
    const wanted = normalizeKeyword(city);
    const candidates = (answer.geoTargetConstantSuggestions ?? []).filter(
      ({ geoTargetConstant: target }) =>
        target?.resourceName?.startsWith('geoTargetConstants/') &&
        target.status === 'ENABLED' &&
        target.countryCode?.toUpperCase() === country.alpha2,
    );
    // The place named exactly as typed first, then the one that reaches the most people.
    const score = (name: string | null | undefined) => (normalizeKeyword(name ?? '') === wanted ? 1 : 0);
    candidates.sort(
      (a, b) => score(b.geoTargetConstant?.name) - score(a.geoTargetConstant?.name) || (b.reach ?? 0) - (a.reach ?? 0),
    );
    return candidates[0]?.geoTargetConstant?.resourceName ?? null;
  }

  async function geoTargetFor(place: MetricsPlace): Promise<string> {
    const country = adsCountryFor(place.country);
    const city = tidyKeyword(place.city);
    if (!city) return country.geoTargetConstant;
    const key = `${country.alpha2}|${normalizeKeyword(city)}`;
    let target = cityTargets.get(key);
    if (!target) {
      target = suggestCityTarget(country, city);
      cityTargets.set(key, target);
      target.catch(() => cityTargets.delete(key));
    }
    // A city Google cannot place, or a failing lookup, narrows nothing: the figures are the country's.
    return (await target.catch(() => null)) ?? country.geoTargetConstant;
  }

  async function targeting(place: MetricsPlace) {
    return {
      language: languageConstantFor(place.language),
      geoTargetConstants: [await geoTargetFor(place)],
      includeAdultKeywords: false,
      keywordPlanNetwork: 'GOOGLE_SEARCH',
    };
  }

  return {
    name: 'google-ads',
    maxKeywordsPerRequest,

    currencyFor() {
      accountCurrency ??= askAccountCurrency().catch((error: unknown) => {
        accountCurrency = null;
        throw error;
      });
      return accountCurrency;
    },

    async historicalMetrics(keywords, place) {
      if (keywords.length > maxKeywordsPerRequest) {
        throw new Error(`historicalMetrics takes at most ${maxKeywordsPerRequest} keywords, got ${keywords.length}`);
      }
      const asked = distinctKeywords(keywords);
      if (!asked.length) return [];
      const answer = await http.post(
        `customers/${customerId}:generateKeywordHistoricalMetrics`,
        { keywords: asked, ...(await targeting(place)) },
        historicalAnswerSchema,
        'planning',
      );

      const askedKeys = new Set(asked.map(normalizeKeyword));
      const answered = new Set<string>();
      const figures: KeywordMetrics[] = [];
      for (const result of answer.results ?? []) {
        if (!result.text) continue;
        // Google folds close variants ("car", "cars") into one result; each asked variant gets its figures.
        const texts = [
          result.text,
          ...(result.closeVariants ?? []).filter((text) => askedKeys.has(normalizeKeyword(text))),
        ];
        for (const text of texts) {
          const key = normalizeKeyword(text);
          if (answered.has(key)) continue;
          answered.add(key);
          figures.push(metricsFrom(text, result.keywordMetrics));
        }
      }
      return figures;
    },

    async keywordIdeas({ seeds, siteUrl, place, limit }) {
      const keywords = distinctKeywords(seeds).slice(0, maxSeeds);
      if (!keywords.length) throw new Error('keywordIdeas needs at least one seed keyword');
      if (limit < 1) return [];

      const url = siteUrl?.trim();
      const request = {
        ...(url ? { keywordAndUrlSeed: { url, keywords } } : { keywordSeed: { keywords } }),
        ...(await targeting(place)),
        // Seeds come back among the ideas and are dropped, so ask for that many more.
        pageSize: Math.min(maxPageSize, limit + keywords.length),
      };
      const excluded = new Set(keywords.map(normalizeKeyword));
      const ideas: KeywordMetrics[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < maxIdeaPages && ideas.length < limit; page++) {
        const answer = await http.post(
          `customers/${customerId}:generateKeywordIdeas`,
          pageToken ? { ...request, pageToken } : request,
          ideasAnswerSchema,
          'planning',
        );
        for (const result of answer.results ?? []) {
          const text = result.text ?? '';
          const key = normalizeKeyword(text);
          if (!key || excluded.has(key)) continue;
          excluded.add(key);
          ideas.push(metricsFrom(text, result.keywordIdeaMetrics));
          if (ideas.length >= limit) break;
        }
        pageToken = answer.nextPageToken || undefined;
        if (!pageToken) break;
      }
      return ideas;
    },
  };
}
