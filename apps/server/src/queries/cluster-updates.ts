import type { ClusterTightness } from '@keywright/contract';
import { sql } from 'drizzle-orm';
import {
  brandForms,
  clusterSizes,
  groupName,
  keyAt,
  readKeyword,
  type ClusterRoute,
  type Reading,
} from '../clustering/cluster-keywords';
import type { Db } from '../db/client';
import type { ClusterEdits } from '../db/schema';
import { brandsAndPlaces, type ProjectTextFacts } from './keyword-intents';
import { normalizeKeyword } from '@keywright/contract';

type Tx = Pick<Db, 'execute'>;

/** The brands and places groups are made with, as stored beside them: other facts make other groups. */
export const factsKey = (facts: ProjectTextFacts) => JSON.stringify(brandsAndPlaces(facts));

/** More keywords than this at once are grouped again whole, by the usual read (a background job for a large project). */
const MOST_PLACED_AT_ONCE = 1_000;

/**
 * Keywords placed one by one since the groups were last worked out whole, past which they are
 * worked out whole again: a group grown past its size is split (and a small one joined) only then.
 */
const placedLimit = (count: number) => Math.max(MOST_PLACED_AT_ONCE, Math.floor(count / 10));

/** What a write did to a project's keywords, in the one statement that moved its keywords version. */
export interface KeywordsChange {
  added?: ReadonlyArray<{ id: number; keyword: string }>;
  deleted?: readonly number[];
}

interface CurrentSet {
  tightness: ClusterTightness;
  edits: ClusterEdits;
  placed: number;
}

/**
 * Keeps a project's stored groups current through one write of its keywords, in that write's
 * transaction, right after the statement that added or deleted them (its trigger moved the
 * keywords version by one and holds the project's row). Each set whose groups were current just
 * before (made for the version before, with today's brands and places) is locked, updated for
 * just these keywords, and marked current again; any other set is left to be worked out whole.
 *
 * A keyword added goes where the grouper sent its kind when the groups were worked out (its
 * first-level key's route; see `ClusterRoute`): into that group, into its finer group when the
 * kind was split, or, for a kind not seen before, where the grouper sends a small group: the
 * biggest group holding all its stems with room left, else its head's group. A deleted keyword
 * leaves its group, and a group left empty goes. So the answer equals a whole recompute except
 * where that would weigh sizes again: a group grown past its size stays whole, a small kind grown
 * past its size stays in its host, and a group keeps its name even where an added keyword would
 * now represent it better; these settle when the groups are worked out whole, after a recompute
 * call, a change of brands or places, or once enough keywords were placed (`placedLimit`).
 * A person's edits hold: a kind whose group was merged goes to the group it was merged into, and
 * a new group takes the name a person gave its key.
 */
export async function updateClustersForKeywords(tx: Tx, projectId: number, change: KeywordsChange): Promise<void> {
  const added = change.added ?? [];
  const deleted = change.deleted ?? [];
  if (added.length === 0 && deleted.length === 0) return;
  // The facts as the grouping job reads them (clusters.repository's snapshot), so the facts keys match.
  const { rows: projectRows } = await tx.execute<
    { [K in keyof ProjectTextFacts]: string } & { version: number; count: number }
  >(sql`
    select keywords_version as version, keywords_count as count, name, competitors, city, country
    from projects where id = ${projectId}`);
  const project = projectRows[0];
  if (!project) return;
  const version = Number(project.version);
  const { rows } = await tx.execute<{ tightness: ClusterTightness; edits: ClusterEdits; placed: number }>(sql`
    select tightness, edits, placed_keywords as placed from keyword_cluster_sets
    where project_id = ${projectId} and version = ${version - 1} and facts = ${factsKey(project)}
    order by tightness for update`);
  for (const set of rows) {
    const placed = set.placed + added.length;
    const current =
      added.length <= MOST_PLACED_AT_ONCE &&
      placed <= placedLimit(project.count) &&
      (await removeKeywords(tx, projectId, set.tightness, deleted)) &&
      (await placeKeywords(tx, projectId, set, project, added));
    // A set not placed in stays at the version before: the next read works it out whole.
    if (!current) continue;
    await tx.execute(sql`
      update keyword_cluster_sets set version = ${version}, placed_keywords = ${placed}
      where project_id = ${projectId} and tightness = ${set.tightness}`);
  }
}

async function removeKeywords(
  tx: Tx,
  projectId: number,
  tightness: ClusterTightness,
  ids: readonly number[],
): Promise<true> {
  if (ids.length === 0) return true;
  const inSet = sql`project_id = ${projectId} and tightness = ${tightness}`;
  const gone = sql`${sql.param([...ids])}::bigint[]`;
  await tx.execute(sql`
    update keyword_clusters set keyword_ids = coalesce((
      select array_agg(member order by member) from unnest(keyword_ids) as member where member <> all(${gone})), '{}')
    where ${inSet} and keyword_ids && ${gone}`);
  await tx.execute(sql`delete from keyword_clusters where ${inSet} and cardinality(keyword_ids) = 0`);
  return true;
}

async function placeKeywords(
  tx: Tx,
  projectId: number,
  set: CurrentSet,
  facts: ProjectTextFacts,
  added: ReadonlyArray<{ id: number; keyword: string }>,
): Promise<true> {
  if (added.length === 0) return true;
  const inSet = sql`project_id = ${projectId} and tightness = ${set.tightness}`;
  const { level, max } = clusterSizes[set.tightness];
  const context = brandsAndPlaces(facts);
  const brands = context.brands.flatMap((brand) => brandForms(brand) ?? []);
  const places = context.places.map(normalizeKeyword).filter((place) => place.length >= 2);
  const readings = added.map((keyword) => readKeyword(keyword.keyword, brands, places));
  const baseKeys = readings.map((reading) => keyAt(reading, level));

  const { rows: routeRows } = await tx.execute<{ base_key: string; target: string | null; split: string | null }>(sql`
    select base_key, target, split from keyword_cluster_routes
    where ${inSet} and base_key = any(${sql.param([...new Set(baseKeys)])}::text[])`);
  const routes = new Map(routeRows.map((row) => [row.base_key, row as unknown as ClusterRoute]));
  const newRoutes = new Map<string, string>();

  /** Where a small kind not seen before goes, as the grouper's `destinationOf` sends it. */
  const hostOf = async (stems: readonly string[]): Promise<string | undefined> => {
    if (stems.length === 0) return undefined;
    // By the stems' index first, whatever the statistics say of the set's size: the groups holding
    // every stem are few, the set's groups many.
    const hostQuery = sql`
      with holding as materialized (
        select project_id, tightness, key, cardinality(keyword_ids) as size from keyword_clusters
        where host_stems @> ${sql.param([...stems])}::text[])
      select key from holding
      where project_id = ${projectId} and tightness = ${set.tightness} and size < ${max}
      order by size desc, key limit 1`;
    const { rows: hosts } = await tx.execute<{ key: string }>(hostQuery);
    return hosts[0]?.key;
  };
  const routeOf = async (reading: Reading, base: string): Promise<string> => {
    const route = routes.get(base);
    if (route?.split === 'finer') return keyAt(reading, level + 1);
    if (route?.split === 'brand') return keyAt(reading, level, true);
    if (route?.target != null) return route.target;
    const known = newRoutes.get(base);
    if (known) return known;
    let target = base;
    if (level > 1 && !base.startsWith('brand:') && base !== 'other') {
      const about = reading.core.slice(0, -1);
      const aboutRoute = reading.core.length > 2 ? routes.get(keyAt({ ...reading, core: about }, level)) : undefined;
      target =
        (await hostOf(reading.core)) ??
        (reading.core.length > 2 ? (aboutRoute?.target ?? (await hostOf(about))) : undefined) ??
        keyAt(reading, 1);
    }
    newRoutes.set(base, target);
    return target;
  };

  const groups = new Map<string, { name: string; ids: number[] }>();
  for (const [index, keyword] of added.entries()) {
    const reading = readings[index]!;
    const key = await routeOf(reading, baseKeys[index]!);
    const group = groups.get(key) ?? { name: groupName(key, keyword.keyword, reading), ids: [] };
    group.ids.push(keyword.id);
    groups.set(key, group);
  }

  // A kind whose group a person merged goes to the group it was merged into, while that one is there.
  const chains = [...groups.keys()].map((key) => {
    const chain = [key];
    for (let next = set.edits.merges[key]; next !== undefined && !chain.includes(next); next = set.edits.merges[next]) {
      chain.push(next);
    }
    return chain;
  });
  const { rows: existing } = await tx.execute<{ key: string }>(sql`
    select key from keyword_clusters where ${inSet} and key = any(${sql.param(chains.flat())}::text[])`);
  const stored = new Set(existing.map((row) => row.key));
  const home = (chain: readonly string[]) => chain.findLast((key, index) => index === 0 || stored.has(key))!;
  const homed = new Map<string, { name: string; ids: number[] }>();
  for (const [index, [, group]] of [...groups].entries()) {
    const to = home(chains[index]!);
    const into = homed.get(to) ?? { name: set.edits.names[to] ?? group.name, ids: [] };
    into.ids.push(...group.ids);
    homed.set(to, into);
  }
  const entries = [...homed.entries()];
  await tx.execute(sql`
    insert into keyword_clusters (project_id, tightness, key, name, keyword_ids)
    select ${projectId}, ${set.tightness}, g.key, g.name, g.ids::bigint[]
    from unnest(${sql.param(entries.map(([key]) => key))}::text[], ${sql.param(entries.map(([, group]) => group.name))}::text[],
      ${sql.param(entries.map(([, group]) => `{${group.ids.join(',')}}`))}::text[]) as g(key, name, ids)
    on conflict (project_id, tightness, key) do update
      set keyword_ids = keyword_clusters.keyword_ids || excluded.keyword_ids`);
  if (newRoutes.size > 0) {
    await tx.execute(sql`
      insert into keyword_cluster_routes (project_id, tightness, base_key, target)
      select ${projectId}, ${set.tightness}, r.base_key, r.target
      from unnest(${sql.param([...newRoutes.keys()])}::text[], ${sql.param([...newRoutes.values()])}::text[]) as r(base_key, target)
      on conflict do nothing`);
  }
  return true;
}
