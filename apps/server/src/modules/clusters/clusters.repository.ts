import type { ClusterTightness, Competition, MetricsSource, SearchIntent } from '@keywright/contract';
import { sql, type SQL } from 'drizzle-orm';
import { canReadProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { projects, type ClusterEdits } from '../../db/schema';
import type { MetricsPlace } from '../../providers/metrics/metrics-provider';
import type { ProjectTextFacts } from '../../queries/keyword-intents';
import { containsPattern } from '../../queries/keyword-filters';
import { metricsJoin, metricsScope } from '../../queries/figures';
import type { ClusterRoute } from '../../clustering/cluster-keywords';
import { createClusterJobsRepository } from './cluster-jobs.repository';
import { NEW_GROUP_PREFIX, type EditedGroup } from './cluster-edits';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A set of groups: a project's at one tightness. */
export interface SetKey {
  projectId: number;
  tightness: ClusterTightness;
}

/** What a read of the groups needs to know of the project and of its stored groups. */
export interface ClustersContext {
  /** The project's keywords version and count now. */
  version: number;
  count: number;
  facts: ProjectTextFacts;
  place: MetricsPlace;
  /** Null when no group of this tightness was ever stored. */
  set: {
    version: number | null;
    facts: string;
    jobVersion: number | null;
    jobProgress: number;
    /** The job's process stopped beating, or its message was never taken. */
    jobStale: boolean;
    failedVersion: number | null;
  } | null;
}

/** The project's keywords as one snapshot, with what they are grouped by. */
export interface KeywordsSnapshot {
  version: number;
  facts: ProjectTextFacts;
  keywords: Array<{ id: number; keyword: string; volume: number | null }>;
}

/** A group's keyword as read for an answer, with its cached figures. */
export type GroupKeywordRow = {
  cluster_id: number;
  name: string;
  keyword_id: number;
  keyword: string;
  intent: SearchIntent[];
  avg_monthly_searches: number | null;
  competition: Competition | null;
  low_bid_micros: number | null;
  high_bid_micros: number | null;
  currency: string | null;
};

/** A stored group. */
export type StoredGroup = {
  id: number;
  tightness: ClusterTightness;
  key: string;
  name: string;
  keywordIds: number[];
};

const seconds = (value: number) => sql`make_interval(secs => ${value})`;

/** `{1,2,3}`: an array literal, so arrays of arrays travel as one text[] parameter. */
const arrayLiteral = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** `{"a b","c"}`: a text array literal, each element quoted. */
const textArrayLiteral = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** Keywords read per fetch of the snapshot's cursor. */
const READ_BATCH = 20_000;

/** Groups or routes written per statement. */
const WRITE_BATCH = 10_000;

const storedGroupColumns = sql.raw(`id, tightness, key, name, keyword_ids as "keywordIds"`);

export function createClustersRepository(db: Db) {
  /** Makes the set's row when missing, then locks it for the transaction: edits and stores take turns. */
  async function lockSet(tx: Tx, { projectId, tightness }: SetKey) {
    await tx.execute(sql`
      insert into keyword_cluster_sets (project_id, tightness) values (${projectId}, ${tightness})
      on conflict do nothing`);
    const { rows } = await tx.execute<{ version: number | null; edits: ClusterEdits; job_token: string | null }>(sql`
      select version, edits, job_token from keyword_cluster_sets
      where project_id = ${projectId} and tightness = ${tightness} for update`);
    return rows[0]!;
  }

  /** How many of the set's groups meet `matches` (a page past the last one still says how many there are). */
  async function countGroups(key: SetKey, matches: SQL): Promise<number> {
    const { rows } = await db.execute<{ count: number }>(sql`
      select count(*)::int as count from keyword_clusters c
      where c.project_id = ${key.projectId} and c.tightness = ${key.tightness} ${matches}`);
    return rows[0]!.count;
  }

  return {
    ...createClusterJobsRepository(db),
    lockSet,

    /** The project (if the caller may read it) and its stored groups' state, in one statement; null when hidden. */
    async context(caller: Caller, key: SetKey, staleAfterSeconds: number): Promise<ClustersContext | null> {
      const { rows } = await db.execute<{
        version: number;
        count: number;
        name: string;
        competitors: string;
        city: string;
        country: string;
        language: string;
        set_version: number | null;
        set_facts: string | null;
        job_version: number | null;
        job_progress: number | null;
        job_stale: boolean | null;
        failed_version: number | null;
      }>(sql`
        select projects.keywords_version as version, projects.keywords_count as count, projects.name,
          projects.competitors, projects.city, projects.country, projects.language,
          s.version as set_version, s.facts as set_facts, s.job_version, s.job_progress, s.failed_version,
          coalesce(s.heartbeat_at, s.enqueued_at, '-infinity') < now() - ${seconds(staleAfterSeconds)} as job_stale
        from projects left join keyword_cluster_sets s on s.project_id = projects.id and s.tightness = ${key.tightness}
        where projects.id = ${key.projectId} and ${canReadProject(db, projects, caller)}`);
      const row = rows[0];
      if (!row) return null;
      return {
        version: Number(row.version),
        count: row.count,
        facts: { name: row.name, competitors: row.competitors, city: row.city, country: row.country },
        place: { country: row.country, city: row.city, language: row.language },
        set:
          row.set_facts == null
            ? null
            : {
                version: row.set_version == null ? null : Number(row.set_version),
                facts: row.set_facts,
                jobVersion: row.job_version == null ? null : Number(row.job_version),
                jobProgress: row.job_progress ?? 0,
                jobStale: row.job_stale ?? true,
                failedVersion: row.failed_version == null ? null : Number(row.failed_version),
              },
      };
    },

    /**
     * Every keyword of the project (by id) with its cached monthly searches, and the version and
     * facts they are grouped by, all read from one snapshot; null when the project is gone.
     */
    async snapshot(projectId: number, metricsSource: MetricsSource | null): Promise<KeywordsSnapshot | null> {
      return db.transaction(
        async (tx) => {
          const { rows: found } = await tx.execute<
            { [K in keyof (ProjectTextFacts & MetricsPlace)]: string } & { version: number }
          >(sql`
            select keywords_version as version, name, competitors, city, country, language
            from projects where id = ${projectId}`);
          const project = found[0];
          if (!project) return null;
          const scope = metricsSource ? metricsScope(metricsSource, project) : null;
          // Through a cursor, a batch at a time: a million rows never sit in the driver at once.
          await tx.execute(sql`
            declare snapshot_keywords no scroll cursor for
            select k.id, k.keyword, m.avg_monthly_searches as volume
            from keywords k ${metricsJoin(scope)}
            where k.project_id = ${projectId} order by k.id`);
          const keywords: KeywordsSnapshot['keywords'] = [];
          for (;;) {
            const { rows } = await tx.execute<{ id: string | number; keyword: string; volume: number | null }>(
              sql.raw(`fetch forward ${READ_BATCH} from snapshot_keywords`),
            );
            for (const row of rows) keywords.push({ id: Number(row.id), keyword: row.keyword, volume: row.volume });
            if (rows.length < READ_BATCH) break;
          }
          const { name, competitors, city, country } = project;
          return { version: Number(project.version), facts: { name, competitors, city, country }, keywords };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * Stores the groups made from a snapshot, in one transaction with the set locked, unless
     * newer ones are stored already: `arrange` applies the set's edits (read under the lock).
     * A group keeps its row, and so its id, while its key stands. The job `token` that made
     * them, if any, is done; a job asked for since (another token) is left to run.
     */
    async store(
      key: SetKey,
      made: { version: number; facts: string; routes: Map<string, ClusterRoute>; hostStems: Map<string, string[]> },
      arrange: (edits: ClusterEdits) => EditedGroup[],
      token?: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const set = await lockSet(tx, key);
        if (set.version == null || set.version <= made.version) {
          const groups = arrange(set.edits);
          const inSet = sql`project_id = ${key.projectId} and tightness = ${key.tightness}`;
          await tx.execute(sql`
            delete from keyword_clusters where ${inSet}
              and key <> all(${sql.param(groups.map((group) => group.key))}::text[])`);
          // In batches, so a million keywords never travel as one statement.
          for (let start = 0; start < groups.length; start += WRITE_BATCH) {
            const batch = groups.slice(start, start + WRITE_BATCH);
            await tx.execute(sql`
              insert into keyword_clusters (project_id, tightness, key, name, keyword_ids, host_stems)
              select ${key.projectId}, ${key.tightness}, g.key, g.name, g.ids::bigint[], g.stems::text[]
              from unnest(${sql.param(batch.map((group) => group.key))}::text[],
                ${sql.param(batch.map((group) => group.name))}::text[],
                ${sql.param(batch.map((group) => arrayLiteral(group.keywordIds)))}::text[],
                ${sql.param(batch.map((group) => textArrayLiteral(made.hostStems.get(group.key) ?? [])))}::text[])
                as g(key, name, ids, stems)
              on conflict (project_id, tightness, key) do update
                set name = excluded.name, keyword_ids = excluded.keyword_ids, host_stems = excluded.host_stems
              where (keyword_clusters.name, keyword_clusters.keyword_ids, keyword_clusters.host_stems)
                is distinct from (excluded.name, excluded.keyword_ids, excluded.host_stems)`);
          }
          await tx.execute(sql`delete from keyword_cluster_routes where ${inSet}`);
          const routes = [...made.routes];
          for (let start = 0; start < routes.length; start += WRITE_BATCH) {
            const batch = routes.slice(start, start + WRITE_BATCH);
            await tx.execute(sql`
              insert into keyword_cluster_routes (project_id, tightness, base_key, target, split)
              select ${key.projectId}, ${key.tightness}, r.base_key, r.target, r.split
              from unnest(${sql.param(batch.map(([base]) => base))}::text[],
                ${sql.param(batch.map(([, route]) => route.target))}::text[],
                ${sql.param(batch.map(([, route]) => route.split))}::text[]) as r(base_key, target, split)`);
          }
          await tx.execute(sql`
            update keyword_cluster_sets set version = ${made.version}, facts = ${made.facts}, placed_keywords = 0
            where ${inSet}`);
        }
        if (token !== undefined && set.job_token === token) {
          await tx.execute(sql`
            update keyword_cluster_sets set job_version = null, job_token = null, job_progress = 100, heartbeat_at = null
            where project_id = ${key.projectId} and tightness = ${key.tightness}`);
        }
      });
      // The stems' index keeps rows written in bulk in a pending list that every lookup reads
      // through: merged now, an added keyword's host is found at once. Only a speed-up: a role not
      // owning the index may not merge it, and autovacuum merges it later anyway.
      await db
        .execute(sql`select gin_clean_pending_list('keyword_clusters_host_stems_idx'::regclass)`)
        .catch(() => undefined);
    },

    /**
     * A page of the set's groups, largest first (then by name), those whose name or one of whose
     * keywords holds `search` when given; and how many groups match in all.
     */
    async groupPage(
      key: SetKey,
      page: { offset: number; limit: number; search: string },
    ): Promise<{ ids: number[]; totalCount: number }> {
      const pattern = containsPattern(page.search);
      const matches = page.search
        ? sql`and (lower(c.name) like ${pattern} or exists (
            select 1 from unnest(c.keyword_ids) as member(id) join keywords k on k.id = member.id
            where k.normalized like ${pattern}))`
        : sql``;
      const { rows } = await db.execute<{ id: number; total: number }>(sql`
        select c.id, count(*) over ()::int as total from keyword_clusters c
        where c.project_id = ${key.projectId} and c.tightness = ${key.tightness} ${matches}
        order by cardinality(c.keyword_ids) desc, lower(c.name), c.id
        limit ${page.limit} offset ${page.offset}`);
      const totalCount = rows[0]?.total ?? (page.offset > 0 ? await countGroups(key, matches) : 0);
      return { ids: rows.map((row) => Number(row.id)), totalCount };
    },

    /**
     * The keywords of these groups of the set (all of them when not given), each with its cached
     * figures for the project's place; keywords deleted since the groups were stored are left out.
     */
    async groupKeywords(
      key: SetKey,
      scope: ReturnType<typeof metricsScope> | null,
      ids?: readonly number[],
    ): Promise<GroupKeywordRow[]> {
      const { rows } = await db.execute<GroupKeywordRow>(sql`
        select c.id as cluster_id, c.name, k.id as keyword_id, k.keyword, coalesce(k.intent, '{}') as intent,
          m.avg_monthly_searches, m.competition, m.low_bid_micros, m.high_bid_micros, m.currency
        from keyword_clusters c
          cross join lateral unnest(c.keyword_ids) as member(id)
          join keywords k on k.id = member.id and k.project_id = c.project_id
          ${metricsJoin(scope)}
        where c.project_id = ${key.projectId} and c.tightness = ${key.tightness}
          ${ids ? sql`and c.id = any(${sql.param([...ids])}::bigint[])` : sql``}`);
      return rows;
    },

    /** Drops a set's edits and the version its groups were made for: the next read works them out afresh. */
    async resetEdits(key: SetKey): Promise<void> {
      await db.transaction(async (tx) => {
        await lockSet(tx, key);
        await tx.execute(sql`
          update keyword_cluster_sets set version = null, edits = '{"names":{},"merges":{},"pins":{}}'::jsonb
          where project_id = ${key.projectId} and tightness = ${key.tightness}`);
      });
    },

    async findGroups(tx: Pick<Db, 'execute'>, projectId: number, ids: readonly number[]): Promise<StoredGroup[]> {
      const { rows } = await tx.execute<StoredGroup>(sql`
        select ${storedGroupColumns} from keyword_clusters
        where project_id = ${projectId} and id = any(${sql.param([...ids])}::bigint[])`);
      return rows.map((row) => ({ ...row, id: Number(row.id), keywordIds: row.keywordIds.map(Number) }));
    },

    async keywordInProject(tx: Tx, projectId: number, keywordId: number): Promise<boolean> {
      const { rows } = await tx.execute(
        sql`select 1 from keywords where id = ${keywordId} and project_id = ${projectId}`,
      );
      return rows.length > 0;
    },

    async saveEdits(tx: Tx, key: SetKey, edits: ClusterEdits): Promise<void> {
      await tx.execute(sql`
        update keyword_cluster_sets set edits = ${JSON.stringify(edits)}::jsonb
        where project_id = ${key.projectId} and tightness = ${key.tightness}`);
    },

    /** A new, empty group a person named, keyed `new:` and its own id (so no key is ever given twice). */
    async insertNewGroup(tx: Tx, key: SetKey, name: string): Promise<{ id: number; key: string }> {
      const { rows } = await tx.execute<{ id: number; key: string }>(sql`
        with next as (select nextval(pg_get_serial_sequence('keyword_clusters', 'id')) as id)
        insert into keyword_clusters (id, project_id, tightness, key, name, keyword_ids) overriding system value
        select next.id, ${key.projectId}, ${key.tightness}, ${NEW_GROUP_PREFIX} || next.id, ${name}, '{}' from next
        returning id, key`);
      return { id: Number(rows[0]!.id), key: rows[0]!.key };
    },

    /** Every stored group of the set. */
    async allGroups(key: SetKey): Promise<StoredGroup[]> {
      const { rows } = await db.execute<StoredGroup>(sql`
        select ${storedGroupColumns} from keyword_clusters
        where project_id = ${key.projectId} and tightness = ${key.tightness}`);
      return rows.map((row) => ({ ...row, id: Number(row.id), keywordIds: row.keywordIds.map(Number) }));
    },

    /** The keywords version the set's stored groups were made for (null: none stored, or a recompute asked for). */
    async setVersion(key: SetKey): Promise<number | null> {
      const { rows } = await db.execute<{ version: number | null }>(sql`
        select version from keyword_cluster_sets where project_id = ${key.projectId} and tightness = ${key.tightness}`);
      return rows[0]?.version == null ? null : Number(rows[0].version);
    },

    /** Takes a keyword out of every group of the set and puts it in the group `toId`; groups left empty go. */
    async moveKeyword(tx: Tx, key: SetKey, keywordId: number, toId: number): Promise<void> {
      const inSet = sql`project_id = ${key.projectId} and tightness = ${key.tightness}`;
      await tx.execute(sql`
        update keyword_clusters set keyword_ids = array_remove(keyword_ids, ${keywordId}::bigint)
        where ${inSet} and id <> ${toId} and ${keywordId}::bigint = any(keyword_ids)`);
      await tx.execute(sql`
        update keyword_clusters set keyword_ids = array_append(keyword_ids, ${keywordId}::bigint)
        where id = ${toId} and not ${keywordId}::bigint = any(keyword_ids)`);
      await tx.execute(sql`delete from keyword_clusters where ${inSet} and cardinality(keyword_ids) = 0`);
    },

    /** Moves the keywords of groups `fromIds` into group `toId` and deletes them. */
    async mergeGroups(tx: Tx, toId: number, fromIds: readonly number[]): Promise<void> {
      await tx.execute(sql`
        update keyword_clusters set keyword_ids = keyword_ids || coalesce((
          select array_agg(member order by member) from keyword_clusters other, unnest(other.keyword_ids) as member
          where other.id = any(${sql.param([...fromIds])}::bigint[])), '{}')
        where id = ${toId}`);
      await tx.execute(sql`delete from keyword_clusters where id = any(${sql.param([...fromIds])}::bigint[])`);
    },

    async renameGroup(tx: Tx, id: number, name: string): Promise<void> {
      await tx.execute(sql`update keyword_clusters set name = ${name} where id = ${id}`);
    },
  };
}

export type ClustersRepository = ReturnType<typeof createClustersRepository>;
