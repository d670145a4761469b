import { messages, type SearchIntent } from '@keywright/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { projects } from '../db/schema';
import { readIntent } from '../providers/intent/intent-rules';

/** The project facts a keyword's intent (and its group) is read against. */
export interface ProjectTextFacts {
  name: string;
  /** The name people search for; empty or absent: the name. */
  brand?: string;
  /** Comma separated, as the project form takes them. */
  competitors: string;
  city: string;
  country: string;
}

/** The project's own brand (its name when it has none) first, then its competitors, as brands; its city and country as places. */
export function brandsAndPlaces(facts: ProjectTextFacts): { brands: string[]; places: string[] } {
  const present = (values: string[]) => values.map((value) => value.trim()).filter(Boolean);
  return {
    brands: present([facts.brand?.trim() || facts.name, ...facts.competitors.split(',')]),
    places: present([facts.city, facts.country]),
  };
}

/**
 * Rows about to be inserted into a project's keywords, each with its intents (the rules'
 * reading, strongest first) and whether no rule spoke for it (`intentOpen`: the language model,
 * when configured, reads it later; see open-intents.ts). Every path that adds keywords to a
 * project goes through here, so a keyword is stored with its intent.
 */
export function withIntents<Row extends { keyword: string }>(
  facts: ProjectTextFacts,
  rows: readonly Row[],
): Array<Row & { intent: SearchIntent[]; intentOpen: boolean }> {
  const context = brandsAndPlaces(facts);
  return rows.map((row) => {
    const reading = readIntent(row.keyword, context);
    return { ...row, intent: reading.intents, intentOpen: reading.open };
  });
}

/** A project's text facts as columns of `projects`. */
export const textFactsColumns = {
  name: projects.name,
  brand: projects.brand,
  competitors: projects.competitors,
  city: projects.city,
  country: projects.country,
};

/** A project's facts for `withIntents`, read in the transaction that adds its keywords when given one; null when gone. */
export async function findProjectTextFacts(
  db: Pick<Db, 'select'>,
  projectId: number,
): Promise<ProjectTextFacts | null> {
  const [row] = await db.select(textFactsColumns).from(projects).where(eq(projects.id, projectId));
  return row ?? null;
}

/** A keyword's intents as an export's cell: their names, strongest first (`Commercial; Transactional`); empty while unknown. */
export function intentCell(intents: readonly SearchIntent[]): string {
  return intents.map((intent) => messages.intentLabels[intent]).join('; ');
}

/** Whether keywords read against `after` read as against `before`: the same brands and places. */
export function sameTextFacts(before: ProjectTextFacts, after: ProjectTextFacts): boolean {
  return JSON.stringify(brandsAndPlaces(before)) === JSON.stringify(brandsAndPlaces(after));
}

/**
 * Marks a project's keywords' intents as not read, in the transaction that changes its brands or
 * places; the intent filler reads them again (`IntentFiller.reread`, or after a restart), and
 * the language model, when configured, those the rules leave open. What the model read against
 * the old brands is forgotten too, and the keywords' version moves.
 */
export async function forgetIntents(tx: Pick<Db, 'execute'>, projectId: number): Promise<void> {
  await tx.execute(
    sql`update keywords set intent = null, intent_open = null where project_id = ${projectId} and intent is not null`,
  );
  // Pages and filtered sets kept per version of the project's keywords are made again.
  await bumpKeywordsVersion(tx, projectId);
}

/** Moves the project's keywords version: what was computed from its keywords is worked out again. */
export async function bumpKeywordsVersion(tx: Pick<Db, 'execute'>, projectId: number): Promise<void> {
  await tx.execute(sql`update projects set keywords_version = keywords_version + 1 where id = ${projectId}`);
}

/**
 * Moves the keywords version for new intents alone: pages and filtered sets are made again, while
 * groups that were current stay current, since groups are made without intents (a group's answer
 * reads its keywords' intents as they are). Without this, every intent the filler or the model
 * reads after an add would regroup the whole project that the add had just kept current.
 */
export async function bumpKeywordsVersionForIntents(tx: Pick<Db, 'execute'>, projectId: number): Promise<void> {
  await tx.execute(sql`
    with moved as (
      update projects set keywords_version = keywords_version + 1 where id = ${projectId}
      returning keywords_version as version
    )
    update keyword_cluster_sets s set version = moved.version
    from moved
    where s.project_id = ${projectId} and s.version = moved.version - 1`);
}

/**
 * What reads a project's keywords' intents again after `forgetIntents` (the keywords module's
 * intent filler): now for a small project, in the background for a large one.
 */
export interface IntentRereader {
  reread(projectId: number): Promise<void>;
}
