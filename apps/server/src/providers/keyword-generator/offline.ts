import { fitsLengthRule, normalizeKeyword } from '@keywright/contract';
import type { PhraseContext } from './phrase-quality';
import type { KeywordGenerator, KeywordIdeasRequest, ProjectFacts } from './keyword-generator';
import { candidates, type Candidate, type ExplainedKeywords, type GateRejection, signature } from './ranking';
import { loadNlp } from './read-description';
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

  // Greedy pick: relevance, discounted for each earlier pick of the same phrase or family.
  const coreUse = new Map<string, number>();
  const familyUse = new Map<string, number>();
  const modifierUse = new Map<string, number>();
  const picked: string[] = [];
  const taken = new Array<boolean>(pool.length).fill(false);
  while (picked.length < count) {
    let bestIndex = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < pool.length; i++) {
      if (taken[i]) continue;
      const candidate = pool[i]!;
      // The pool is sorted by score, so nothing after this can beat the best found.
      if (candidate.score <= bestValue) break;
      const value =
        candidate.score *
        0.75 ** (coreUse.get(candidate.core) ?? 0) *
        0.85 ** (familyUse.get(candidate.family) ?? 0) *
        0.7 ** (modifierUse.get(candidate.modifier) ?? 0);
      if (value > bestValue) {
        bestValue = value;
        bestIndex = i;
      }
    }
    if (bestIndex < 0) break;
    const chosen = pool[bestIndex]!;
    taken[bestIndex] = true;
    picked.push(chosen.text);
    coreUse.set(chosen.core, (coreUse.get(chosen.core) ?? 0) + 1);
    familyUse.set(chosen.family, (familyUse.get(chosen.family) ?? 0) + 1);
    modifierUse.set(chosen.modifier, (modifierUse.get(chosen.modifier) ?? 0) + 1);
  }
  return { keywords: picked, rejected };
}
