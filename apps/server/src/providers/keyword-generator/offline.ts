import { fitsLengthRule, normalizeKeyword } from '@keywright/contract';
import type { PhraseContext } from './phrase-quality';
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
  for (const candidate of candidates(readProject(nlp, project), rejected)) {
    if (!candidate.text || !fitsLengthRule(candidate.text, lengthRule)) continue;
    if (avoided.has(normalizeKeyword(candidate.text))) continue;
    const key = signature(candidate.text);
    if (!key || avoided.has(key)) continue;
    const known = best.get(key);
    if (!known || candidate.score > known.score || (candidate.score === known.score && candidate.text < known.text)) {
      best.set(key, candidate);
    }
  }
  const pool = [...best.values()].sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
  const keywords = pickKeywords(pool, count);
  return { keywords, rejected, exhausted: keywords.length < count };
}
