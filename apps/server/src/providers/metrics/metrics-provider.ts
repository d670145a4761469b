import type { Competition, MetricsSource } from '@keywright/contract';
import type { ProjectFacts } from '../keyword-generator/keyword-generator';

/** The outside service failed; shared by every outside client. */
export { UpstreamError } from '../../lib/http-client';

/** Where and in which language the figures are wanted (the project's place, as people typed it). */
export interface MetricsPlace {
  /** A country name such as "United States"; empty means the provider's default (United States). */
  country: string;
  /** A city or region such as "California"; empty means the whole country. */
  city: string;
  /** A language name such as "English"; empty means English. */
  language: string;
}

export interface MonthlyVolume {
  year: number;
  /** 1-12. */
  month: number;
  searches: number;
}

/** One keyword's figures from a provider; null where the provider does not know. */
export interface KeywordMetrics {
  /** The keyword as the provider answered it (compare with `normalizeKeyword`). */
  keyword: string;
  avgMonthlySearches: number | null;
  competition: Competition | null;
  /** 0-100. */
  competitionIndex: number | null;
  /** Top-of-page bid range in micro-units (divide by 1,000,000). */
  lowBidMicros: number | null;
  highBidMicros: number | null;
  /** Up to 12 months, oldest first; null when the provider gives none. */
  monthlyVolumes: MonthlyVolume[] | null;
  /** 0-100. */
  difficulty: number | null;
}

export interface KeywordIdeasQuery {
  /** 1 to 20 seed keywords. */
  seeds: readonly string[];
  /** The project's site, used as a seed too when given. */
  siteUrl?: string;
  place: MetricsPlace;
  /**
   * The project the ideas are for, when there is one: the offline estimate reads what it offers as
   * the keyword generator does. Keyword Planner has no use for it.
   */
  project?: ProjectFacts;
  /** At most this many ideas come back. */
  limit: number;
}

/** Keyword figures: Google Ads' Keyword Planner, or the offline estimate. */
export interface MetricsProvider {
  readonly name: MetricsSource;
  /** The most keywords `historicalMetrics` takes in one call (one upstream request). */
  readonly maxKeywordsPerRequest: number;
  /**
   * Figures for each keyword, in one upstream request. Keywords the provider has no data for
   * are missing from the answer (the caller stores them as unknown).
   */
  historicalMetrics(keywords: readonly string[], place: MetricsPlace): Promise<KeywordMetrics[]>;
  /** Keyword ideas related to the seeds, with their figures, best first; seeds themselves excluded. */
  keywordIdeas(query: KeywordIdeasQuery): Promise<KeywordMetrics[]>;
  /**
   * The ISO 4217 code the bids for this place come in: Google Ads answers in its account's
   * currency; the estimate makes them in the place's (its country's, else the server's CURRENCY).
   */
  currencyFor(place: MetricsPlace): Promise<string>;
}

/**
 * The one 0-100 figure: how much advertisers compete for a keyword, its competition index.
 * SPEC's `difficulty` (the keywords page's figure and CSV column) is that same number, never a
 * second blend of its own, so every screen and file shows one value (issue 24).
 */
export function difficultyFrom(competitionIndex: number | null): number | null {
  return competitionIndex;
}

/** Competition level from the 0-100 index (Low 0-33, Medium 34-66, High 67-100). */
export function competitionLevel(index: number): Competition {
  if (index <= 33) return 'Low';
  if (index <= 66) return 'Medium';
  return 'High';
}
