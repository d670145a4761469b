import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  messages,
  paginate,
  type clustersPageQuerySchema,
  type ClusterTightness,
  type ClustersAnswer,
  type ClustersPending,
  type MetricsSource,
  type KeywordCluster,
  type SaveClustersAsListsAnswer,
} from '@keywright/contract';
import { getReadableProject, type Caller } from '../../access/access';
import { clusterKeywordsWithRoutes } from '../../clustering/cluster-keywords';
import type { Db } from '../../db/client';
import type { ClusterEdits } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { AppError, notFound } from '../../lib/errors';
import { brandsAndPlaces } from '../../queries/keyword-intents';
import { factsKey } from '../../queries/cluster-updates';
import { createProjectLists } from '../keyword-lists/project-lists.service';
import { metricsScope } from '../../queries/figures';
import { applyClusterEdits } from './cluster-edits';
import { toClusters } from './cluster-answer';
import { createClustersRepository, type ClustersContext, type SetKey, type StoredGroup } from './clusters.repository';

export const CLUSTERS_QUEUE = 'keyword-clusters';

export interface ClusterTimings {
  /** Projects with at most this many keywords are grouped in the request; larger ones by a background job. */
  inlineLimit: number;
  /** A job whose heartbeat (or message, while not taken) is older than this is sent again. */
  staleAfterSeconds: number;
  heartbeatSeconds: number;
  /** Claims of one job before it gives up. */
  maxAttempts: number;
  /** How often each process looks for jobs to send again. */
  sweepSeconds: number;
}

export const defaultClusterTimings: ClusterTimings = {
  inlineLimit: 5_000,
  staleAfterSeconds: 20,
  heartbeatSeconds: 5,
  maxAttempts: 3,
  sweepSeconds: 10,
};

/** Which page of the groups an answer holds (see `clustersPageQuerySchema`). */
export type ClusterPage = z.output<typeof clustersPageQuerySchema>;

/** A read of the groups: 200 with them, or 202 while a job works them out. */
export type ClustersRead = { status: 200; answer: ClustersAnswer } | { status: 202; answer: ClustersPending };

const staleGroup = () => new AppError('conflict', messages.clusterNotFound);

/**
 * A project's keywords grouped into ad groups, per tightness, stored with the keywords version
 * (and the brands and places) they were made for: a read finds them up to date, or works them out
 * again, in the request for a small project and by a background job for a large one.
 *
 * A person's edits are kept by group key and applied again whenever the groups are worked out
 * (see `applyClusterEdits`): a rename while its group's key stands, a merge while the group merged
 * into exists, a move (a pin) while the keyword and its group exist. A recompute call drops them.
 * A group keeps its id while its key stands; an id whose group is gone answers 409.
 */
export function createClustersService({
  db,
  queue,
  metricsSource,
  timings = defaultClusterTimings,
  log,
}: {
  db: Db;
  queue: JobQueue;
  metricsSource: MetricsSource | null;
  timings?: ClusterTimings;
  log: (error: unknown, message: string) => void;
}) {
  const repository = createClustersRepository(db);
  const lists = createProjectLists(db);

  /** Reads the project's keywords, groups them and stores the groups (with the set's edits). */
  async function work(key: SetKey, token?: string, onProgress?: (progress: number) => Promise<void>) {
    const snapshot = await repository.snapshot(key.projectId, metricsSource);
    if (!snapshot) return; // the project is gone, and its groups with it
    await onProgress?.(40);
    const context = brandsAndPlaces(snapshot.facts);
    const { clusters, routes, hostStems } = clusterKeywordsWithRoutes(snapshot.keywords, {
      ...context,
      tightness: key.tightness,
    });
    await onProgress?.(70);
    await repository.store(
      key,
      { version: snapshot.version, facts: factsKey(snapshot.facts), routes, hostStems },
      (edits) => applyClusterEdits(clusters, edits),
      token,
    );
  }

  /** A page of the stored groups with their keywords' figures, largest first. */
  async function answer(key: SetKey, place: ClustersContext['place'], query: ClusterPage): Promise<ClustersAnswer> {
    const scope = metricsSource ? metricsScope(metricsSource, place) : null;
    const { ids, totalCount } = await repository.groupPage(key, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
      search: query.search,
    });
    const [rows, version] = await Promise.all([
      ids.length > 0 ? repository.groupKeywords(key, scope, ids) : [],
      repository.setVersion(key),
    ]);
    return {
      status: 'ready',
      tightness: key.tightness,
      clusters: toClusters(rows, ids),
      pagination: paginate(query.page, query.pageSize, totalCount),
      version: version ?? 0,
    };
  }

  async function readableContext(caller: Caller, key: SetKey): Promise<ClustersContext> {
    const context = await repository.context(caller, key, timings.staleAfterSeconds);
    if (!context) throw notFound();
    return context;
  }

  async function read(caller: Caller, key: SetKey, query: ClusterPage): Promise<ClustersRead> {
    const context = await readableContext(caller, key);
    const { set } = context;
    const upToDate = set?.version === context.version && set.facts === factsKey(context.facts);
    if (!upToDate) {
      if (context.count <= timings.inlineLimit) {
        await work(key);
      } else {
        // A job that gave up is not asked for again until the keywords change (or a recompute call).
        if (set?.failedVersion === context.version) throw new Error(`grouping project ${key.projectId} failed`);
        const running = set?.jobVersion === context.version && !set.jobStale;
        if (!running && (await repository.requestJob(key, context.version, timings.staleAfterSeconds))) {
          await queue.send(CLUSTERS_QUEUE, key);
        }
        const progress = running ? set.jobProgress : 0;
        return { status: 202, answer: { status: 'running', tightness: key.tightness, progress } };
      }
    }
    return { status: 200, answer: await answer(key, context.place, query) };
  }

  /** Runs an edit of a set in one transaction with the set locked; the page asked for as it is afterwards. */
  async function edit(
    caller: Caller,
    projectId: number,
    query: ClusterPage,
    change: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<SetKey>,
  ): Promise<ClustersAnswer> {
    const context = await readableContext(caller, { projectId, tightness: 'balanced' });
    const key = await db.transaction(change);
    return answer(key, context.place, query);
  }

  /** The groups of these ids, locked in their set; 409 when one is gone or they are not of one set. */
  async function lockedGroups(tx: Parameters<Parameters<Db['transaction']>[0]>[0], projectId: number, ids: number[]) {
    const first = (await repository.findGroups(tx, projectId, ids.slice(0, 1)))[0];
    if (!first) throw staleGroup();
    const key = { projectId, tightness: first.tightness };
    const set = await repository.lockSet(tx, key);
    // Read again under the lock: a recompute may have just dropped them.
    const groups = await repository.findGroups(tx, projectId, ids);
    if (groups.length !== ids.length || groups.some((group) => group.tightness !== key.tightness)) throw staleGroup();
    const byId = new Map(groups.map((group) => [group.id, group]));
    return { key, edits: set.edits, groups: ids.map((id) => byId.get(id)!) };
  }

  return {
    read: (caller: Caller, projectId: number, { tightness, ...query }: ClusterPage & { tightness: ClusterTightness }) =>
      read(caller, { projectId, tightness }, query),

    /** Drops the set's edits and works the groups out again. */
    async recompute(
      caller: Caller,
      projectId: number,
      tightness: ClusterTightness,
      query: ClusterPage,
    ): Promise<ClustersRead> {
      const key = { projectId, tightness };
      await readableContext(caller, key);
      await repository.resetEdits(key);
      return read(caller, key, query);
    },

    /** Moves a keyword to a group, or to a new group of that name; kept as a pin. */
    move(
      caller: Caller,
      projectId: number,
      input: { tightness: ClusterTightness; keywordId: number; toClusterId?: number; newClusterName?: string },
      query: ClusterPage,
    ): Promise<ClustersAnswer> {
      return edit(caller, projectId, query, async (tx) => {
        const key = { projectId, tightness: input.tightness };
        let target: Pick<StoredGroup, 'id' | 'key'>;
        let edits: ClusterEdits;
        if (input.toClusterId !== undefined) {
          const locked = await lockedGroups(tx, projectId, [input.toClusterId]);
          if (locked.key.tightness !== input.tightness) throw staleGroup();
          [target] = locked.groups as [StoredGroup];
          edits = locked.edits;
        } else {
          edits = (await repository.lockSet(tx, key)).edits;
          target = await repository.insertNewGroup(tx, key, input.newClusterName!);
          edits.names[target.key] = input.newClusterName!;
        }
        if (!(await repository.keywordInProject(tx, projectId, input.keywordId))) throw notFound();
        edits.pins[String(input.keywordId)] = target.key;
        await repository.moveKeyword(tx, key, input.keywordId, target.id);
        await repository.saveEdits(tx, key, edits);
        return key;
      });
    },

    /** Merges groups into the first; kept while that group exists. */
    merge(
      caller: Caller,
      projectId: number,
      input: { clusterIds: number[]; name?: string },
      query: ClusterPage,
    ): Promise<ClustersAnswer> {
      return edit(caller, projectId, query, async (tx) => {
        const { key, edits, groups } = await lockedGroups(tx, projectId, input.clusterIds);
        const [target, ...sources] = groups as [StoredGroup, ...StoredGroup[]];
        const merged = new Set(sources.map((source) => source.key));
        const retarget = (record: Record<string, string>) => {
          for (const [from, to] of Object.entries(record)) if (merged.has(to)) record[from] = target.key;
        };
        retarget(edits.merges);
        retarget(edits.pins);
        for (const source of sources) {
          edits.merges[source.key] = target.key;
          delete edits.names[source.key];
        }
        if (input.name !== undefined) {
          edits.names[target.key] = input.name;
          await repository.renameGroup(tx, target.id, input.name);
        }
        await repository.mergeGroups(
          tx,
          target.id,
          sources.map((source) => source.id),
        );
        await repository.saveEdits(tx, key, edits);
        return key;
      });
    },

    rename(
      caller: Caller,
      projectId: number,
      clusterId: number,
      name: string,
      query: ClusterPage,
    ): Promise<ClustersAnswer> {
      return edit(caller, projectId, query, async (tx) => {
        const { key, edits, groups } = await lockedGroups(tx, projectId, [clusterId]);
        edits.names[groups[0]!.key] = name;
        await repository.renameGroup(tx, clusterId, name);
        await repository.saveEdits(tx, key, edits);
        return key;
      });
    },

    /** One list per group (all of the set's, or those asked for), named after it, linked to the project. */
    async saveAsLists(
      caller: Caller,
      projectId: number,
      input: { tightness: ClusterTightness; clusterIds?: number[] },
    ): Promise<SaveClustersAsListsAnswer> {
      const key = { projectId, tightness: input.tightness };
      await getReadableProject(db, caller, projectId);
      const groups = input.clusterIds
        ? await repository.findGroups(db, projectId, input.clusterIds)
        : await repository.allGroups(key);
      const unique = new Set(input.clusterIds ?? []);
      if (groups.length === 0 || (input.clusterIds && groups.length !== unique.size)) throw staleGroup();
      if (groups.some((group) => group.tightness !== input.tightness)) throw staleGroup();
      const ordered = [...groups].sort(
        (a, b) => b.keywordIds.length - a.keywordIds.length || a.name.localeCompare(b.name) || a.id - b.id,
      );
      const saved = await lists.insertNamedLists({
        userId: caller.id,
        projectId,
        lists: ordered.map((group) => ({ name: group.name, keywordIds: group.keywordIds })),
      });
      return { lists: saved };
    },

    /**
     * Works one job: the set's groups for the project's keywords as they are now. Its groups and
     * its completion are stored in one transaction, so a crash leaves the stored groups whole and
     * the job asked for; a dead process's job is claimed again once its heartbeat is stale.
     */
    async execute(key: SetKey): Promise<void> {
      const token = randomUUID();
      const claim = await repository.claimJob(key, token, timings.staleAfterSeconds);
      if (!claim) return; // done, or another process has it
      if (claim.attempts > timings.maxAttempts) {
        await repository.giveUpJob(key, token);
        return;
      }
      const heartbeat = setInterval(() => {
        repository.jobProgress(key, token).catch((error: unknown) => log(error, 'clusters heartbeat failed'));
      }, timings.heartbeatSeconds * 1000);
      heartbeat.unref();
      try {
        await work(key, token, (progress) => repository.jobProgress(key, token, progress));
      } catch (error) {
        await repository.releaseJob(key, token).catch((release: unknown) => log(release, 'clusters release failed'));
        throw error;
      } finally {
        clearInterval(heartbeat);
      }
    },

    /** Sends again every job whose message was lost or whose process died. */
    async sweep(): Promise<number> {
      const due = await repository.dueJobs(timings.staleAfterSeconds);
      for (const key of due) await queue.send(CLUSTERS_QUEUE, key);
      return due.length;
    },

    /** Every group of a set, largest first, made up to date in the request when it is not (a campaign export). */
    async allGroups(caller: Caller, key: SetKey): Promise<KeywordCluster[]> {
      const context = await readableContext(caller, key);
      const { set } = context;
      if (!(set?.version === context.version && set.facts === factsKey(context.facts))) await work(key);
      const scope = metricsSource ? metricsScope(metricsSource, context.place) : null;
      return toClusters(await repository.groupKeywords(key, scope));
    },
  };
}

export type ClustersService = ReturnType<typeof createClustersService>;
