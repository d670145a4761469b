import { fitsLengthRule, normalizeKeyword } from '@keywright/contract';
import { createPhraseGate, type PhraseContext } from './phrase-quality';
import type { KeywordGenerator, KeywordIdeasRequest, ProjectFacts } from './keyword-generator';
import {
  candidates,
  pickKeywords,
  type Candidate,
  type ExplainedKeywords,
  type GateRejection,
  signature,
} from './ranking';
import { loadNlp } from './tag-words';
import { readProject } from './offers';
import { tiers } from './offer-forms';

/**
 * Keyword ideas from the project's own words, with no network: key phrases
 * from its texts, expanded with search-intent templates, de-duplicated by
 * stem, then picked for relevance with a penalty on repeating a phrase or a
 * template family. The same input always gives the same keywords.
 */
export function createOfflineKeywordGenerator(): KeywordGenerator {
  return {
    name: 'offline',
    generate: (request) => generateOfflineKeywords(request),
  };
}

/** The phrase gate's view of a project, for keywords that come from elsewhere (an LLM). */
export async function projectPhraseContext(project: ProjectFacts): Promise<PhraseContext> {
  return readProject(await loadNlp(), project).context;
}

export async function generateOfflineKeywords(request: KeywordIdeasRequest): Promise<string[]> {
  return (await explainOfflineKeywords(request)).keywords;
}

export async function explainOfflineKeywords({
  project,
  count,
  lengthRule,
  avoid,
}: KeywordIdeasRequest): Promise<ExplainedKeywords> {
  const nlp = await loadNlp();
  const rejected: GateRejection[] = [];
  const avoided = new Set<string>();
  for (const keyword of avoid) {
    avoided.add(normalizeKeyword(keyword));
    avoided.add(signature(keyword));
  }
  const best = new Map<string, Candidate>();
  const reading = readProject(nlp, project);
  const described = candidates(reading, rejected);
  const top = Math.max(0, ...described.map((candidate) => candidate.score)) || 1;
  const pool = [...searchedCandidates(project, reading.context, top, rejected), ...described];
  for (const candidate of pool) {
    if (!candidate.text || !fitsLengthRule(candidate.text, lengthRule)) continue;
    if (avoided.has(normalizeKeyword(candidate.text))) continue;
    const key = signature(candidate.text);
    if (!key || avoided.has(key)) continue;
    const known = best.get(key);
    // A query people typed is kept in their words, at the better of the two scores.
    if (known?.family === searchedFamily) known.score = Math.max(known.score, candidate.score);
    else if (
      !known ||
      candidate.score > known.score ||
      (candidate.score === known.score && candidate.text < known.text)
    ) {
      best.set(key, candidate);
    }
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
  const keywords = pickKeywords(ranked, count);
  return { keywords, rejected, exhausted: keywords.length < count };
}

const searchedFamily = 'searched';

/**
 * The project's Search Console queries as they were typed, the most seen scoring highest (a
 * little above the best template, down to about two thirds of it), each its own phrase; they
 * share one family, so a run mixes them with the description's searches. The gate still reads
 * each: a query is real, but not every one is worth bidding on.
 */
function searchedCandidates(
  project: ProjectFacts,
  context: PhraseContext,
  top: number,
  rejected: GateRejection[],
): Candidate[] {
  const searched = project.searchQueries ?? [];
  const most = Math.max(1, ...searched.map((entry) => entry.impressions));
  const isSearchable = createPhraseGate(context);
  return searched.flatMap(({ query, impressions }) => {
    const text = normalizeKeyword(query);
    const reason = text ? isSearchable(text) : null;
    if (!text || reason !== null) {
      if (reason) rejected.push({ keyword: text, reason });
      return [];
    }
    const score = top * 1.05 * (0.6 + 0.4 * (impressions / most));
    return [
      { text, core: `searched:${text}`, family: searchedFamily, modifier: `searched:${text}`, score, tier: tiers.own },
    ];
  });
}
