import { normalizeKeyword, type NegativeSuggestionsAnswer } from '@keywright/contract';
import { getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { cityNamed, isCommonWord, isCountryName } from '../../providers/details-extractor/places';
import { competitorNames } from '../../providers/keyword-generator/business-words';
import { readProject } from '../../providers/keyword-generator/offers';
import { loadNlp } from '../../providers/keyword-generator/tag-words';
import type { ClustersService } from '../clusters/clusters.service';
import { createNegativeSuggestionsRepository, type ProjectFactsRow } from './negative-suggestions.repository';
import type { BusinessReading } from './searcher-words';
import { suggestNegatives, type PlaceReading } from './suggest';

/** A city a search names is taken for one from this many people: smaller ones are more often a word or a name. */
const SEARCHED_CITY_POPULATION = 100_000;

/**
 * Negative keyword suggestions for a project, from its latest search terms report, read with the
 * generator's understanding of the business (what it is and whether it sells goods) and its
 * groups of keywords at the default tightness (the campaign export's ad groups).
 */
export function createNegativeSuggestionsService({ db, clusters }: { db: Db; clusters: ClustersService }) {
  const repository = createNegativeSuggestionsRepository(db);

  return {
    async suggestions(caller: Caller, projectId: number, minCost: number): Promise<NegativeSuggestionsAnswer> {
      await getReadableProject(db, caller, projectId);
      const report = await repository.latestReport(projectId);
      if (!report) return { suggestions: [], currency: null, has_report: false, capped: false };
      const facts = (await repository.facts(projectId))!;
      const [keywords, existing, groups, reading] = await Promise.all([
        repository.keywords(projectId),
        repository.negatives(projectId),
        clusters.allGroups(caller, { projectId, tightness: 'balanced' }),
        readBusiness(facts),
      ]);
      const { suggestions, capped } = suggestNegatives({
        terms: report.terms,
        currency: report.currency,
        minCost,
        keywords,
        groups: groups.map((group) => ({
          name: group.name,
          keywords: group.keywords.map((keyword) => normalizeKeyword(keyword.keyword)),
        })),
        business: reading.business,
        competitors: competitorsOf(facts.competitors),
        place: reading.isLocal ? placeReading(facts, reading.business.text) : null,
        existing,
      });
      return { suggestions, currency: report.currency, has_report: true, capped };
    },
  };
}

export type NegativeSuggestionsService = ReturnType<typeof createNegativeSuggestionsService>;

/** The generator's reading of the business: its words, whether it sells goods, whether its customers are local. */
async function readBusiness(facts: ProjectFactsRow): Promise<{ business: BusinessReading; isLocal: boolean }> {
  const reading = readProject(await loadNlp(), {
    name: facts.name,
    brand: facts.brand,
    productService: facts.description,
    targetAudience: facts.targetAudience,
    siteUrl: facts.siteUrl,
    competitors: facts.competitors,
    country: facts.country,
    city: facts.city,
    language: facts.language,
  });
  const text = `${facts.name} ${facts.description} ${reading.businessPhrase}`.toLowerCase();
  return { business: { text, sellsGoods: reading.context.sellsGoods ?? false }, isLocal: reading.isVisitedOrVisiting };
}

/** The project's competitors as it names them, each with the words it is searched by. */
function competitorsOf(competitors: string): Array<{ name: string; searched: string }> {
  return competitors
    .split(/[,;\n]+/)
    .map((name) => name.trim())
    .filter(Boolean)
    .flatMap((name) => {
      const [searched] = competitorNames(name);
      return searched ? [{ name, searched }] : [];
    });
}

/** The project's city as the gazetteer knows it, and how a search's places are found; null when it knows none. */
function placeReading(facts: ProjectFactsRow, businessText: string): PlaceReading | null {
  if (!facts.city.trim()) return null;
  const home = cityNamed(facts.city.trim());
  if (!home) return null;
  const ownWords = ` ${businessText.replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return {
    home: { name: facts.city.trim(), lat: home.lat, lon: home.lon },
    miles: home.country === 'US' || home.country === 'GB',
    cityOf(phrase) {
      if (isCountryName(phrase) || isCommonWord(phrase) || ownWords.includes(` ${phrase} `)) return undefined;
      const city = cityNamed(phrase);
      if (!city || city.population < SEARCHED_CITY_POPULATION) return undefined;
      return { name: city.name, lat: city.lat, lon: city.lon };
    },
  };
}
