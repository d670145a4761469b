import { normalizeKeyword, tidyKeyword, type BulkKeywordsAnswer } from '@keywright/contract';
import { getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { withIntents } from '../../queries/keyword-intents';
import type { KeywordRepository } from './keywords.repository';

/**
 * Adds a pasted list of keywords to a project, typed in as the single add's are: a text repeating
 * an earlier one of the list (after tidying and lower-casing) is skipped as repeated, one the
 * project has is skipped as existing, the rest are added in one statement (all or nothing).
 * Whoever may read the project may add to it, as with the single add.
 */
export async function addPastedKeywords(
  db: Db,
  repository: KeywordRepository,
  caller: Caller,
  projectId: number,
  texts: readonly string[],
): Promise<BulkKeywordsAnswer> {
  await getReadableProject(db, caller, projectId);
  const facts = await repository.findTextFacts(projectId);
  if (!facts) throw notFound();

  const candidates: Array<{ projectId: number; keyword: string; normalized: string; source: 'manual' }> = [];
  const repeated: string[] = [];
  const seen = new Set<string>();
  for (const text of texts) {
    const keyword = tidyKeyword(text);
    const normalized = normalizeKeyword(keyword);
    if (seen.has(normalized)) {
      repeated.push(keyword);
      continue;
    }
    seen.add(normalized);
    candidates.push({ projectId, keyword, normalized, source: 'manual' });
  }

  // The project's unique (project, normalized) index decides what is new, also against an add racing this one.
  const inserted = await repository.insertNew(withIntents(facts, candidates));
  const byNormalized = new Map(inserted.map((row) => [normalizeKeyword(row.keyword), row]));
  return {
    added: candidates.flatMap((candidate) => byNormalized.get(candidate.normalized) ?? []),
    repeated,
    existing: candidates.filter((candidate) => !byNormalized.has(candidate.normalized)).map((row) => row.keyword),
  };
}
