import type { SearchIntent } from '@keywright/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bumpKeywordsVersionForIntents,
  findProjectTextFacts,
  sameTextFacts,
  withIntents,
  type ProjectTextFacts,
} from '../../queries/keyword-intents';

/** A keyword left open by the rules, as sent to the language model. */
export type OpenRow = {
  id: number;
  keyword: string;
  intent: SearchIntent[];
};

/** What to write of a row the model was asked about: its intents, and whether they changed. */
export interface IntentWrite {
  id: number;
  intent: SearchIntent[];
  isChanged: boolean;
  isAnswered: boolean;
}

/**
 * Locks the project's row for the rest of the transaction (false when it is gone): `no key update`
 * for a batch that moves the keywords version (two such batches take turns), `share` for one that
 * only reads the facts. Either waits for a change of the project's facts, and holds the next back.
 */
async function holdProject(tx: Pick<Db, 'execute'>, projectId: number, mode: 'no key update' | 'share') {
  const { rows } = await tx.execute(
    sql`select 1 from projects where id = ${projectId} for ${sql.raw(mode === 'share' ? 'share' : 'no key update')}`,
  );
  return rows.length > 0;
}

/** The queries of the intent filler (intent-filler.ts) and of the open intents pass (open-intents.ts). */
export function createKeywordIntentsRepository(db: Db) {
  return {
    /**
     * Reads the intents of a batch of the project's keywords stored without them, in one
     * transaction taking only rows no other process holds; the keywords version moves. How many.
     */
    async fillBatch(projectId: number, batchSize: number): Promise<number> {
      return db.transaction(async (tx) => {
        // The project's row is held first, as a change of its brands or places holds it: otherwise a
        // change committed between reading the facts and taking the rows leaves those rows read against
        // the old facts, for good (their intent is no longer null, so nothing reads them again).
        if (!(await holdProject(tx, projectId, 'no key update'))) return 0;
        const facts = await findProjectTextFacts(tx, projectId);
        if (!facts) return 0;
        const { rows } = await tx.execute<{ id: number; keyword: string }>(sql`
          select id, keyword from keywords where project_id = ${projectId} and intent is null
          order by id limit ${batchSize} for update skip locked`);
        if (rows.length === 0) return 0;
        const read = withIntents(facts, rows);
        await tx.execute(sql`
          update keywords k set intent = string_to_array(v.intent, ','), intent_open = v.open
          from unnest(${sql.param(read.map((row) => row.id))}::bigint[],
            ${sql.param(read.map((row) => row.intent.join(',')))}::text[],
            ${sql.param(read.map((row) => row.intentOpen))}::boolean[]) as v(id, intent, open)
          where k.id = v.id and k.intent is null`);
        await bumpKeywordsVersionForIntents(tx, projectId);
        return rows.length;
      });
    },

    /** The projects with keywords stored without intents. */
    async projectsWithoutIntents(): Promise<number[]> {
      const { rows } = await db.execute<{ project_id: number }>(
        sql`select distinct project_id from keywords where intent is null order by project_id`,
      );
      return rows.map((row) => Number(row.project_id));
    },

    async keywordCount(projectId: number): Promise<number> {
      const { rows } = await db.execute<{ count: number }>(
        sql`select keywords_count as count from projects where id = ${projectId}`,
      );
      return rows[0]?.count ?? 0;
    },

    findTextFacts: (projectId: number): Promise<ProjectTextFacts | null> => findProjectTextFacts(db, projectId),

    /**
     * Tells a batch of the project's rows of unknown openness apart, in one transaction taking only
     * rows no other process holds: `openness` says, for each, whether no rule spoke. How many it told.
     */
    async settleBatch(
      projectId: number,
      batchSize: number,
      openness: (facts: ProjectTextFacts, keywords: string[]) => boolean[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        // As in fillBatch: the facts read stay the project's until the rows are written.
        if (!(await holdProject(tx, projectId, 'share'))) return 0;
        const facts = await findProjectTextFacts(tx, projectId);
        if (!facts) return 0;
        const { rows } = await tx.execute<{ id: number; keyword: string }>(sql`
          select id, keyword from keywords
          where project_id = ${projectId} and intent_open is not false and intent_open is null and intent is not null
          order by id limit ${batchSize} for update skip locked`);
        if (rows.length === 0) return 0;
        const open = openness(
          facts,
          rows.map((row) => row.keyword),
        );
        await tx.execute(sql`
          update keywords k set intent_open = v.open
          from unnest(${sql.param(rows.map((row) => row.id))}::bigint[],
            ${sql.param(open)}::boolean[]) as v(id, open)
          where k.id = v.id and k.intent_open is null and k.intent is not null`);
        return rows.length;
      });
    },

    /** A batch of the project's open rows after `afterId`, read without a lock. */
    async openRows(projectId: number, afterId: number, batchSize: number): Promise<OpenRow[]> {
      const { rows } = await db.execute<OpenRow>(sql`
        select id, keyword, intent from keywords
        where project_id = ${projectId} and intent_open is not false and intent_open and intent is not null
          and id > ${afterId}
        order by id limit ${batchSize}`);
      return rows;
    },

    /**
     * One transaction: the rows `sent` still open, taken again (`for update skip locked`) while the
     * project's brands and places are still `facts`, get what `decide` makes of them and are
     * closed; the keywords version moves when an intent changed. How many the model answered.
     */
    async writeAnswers(
      projectId: number,
      facts: ProjectTextFacts,
      sent: readonly OpenRow[],
      decide: (held: readonly OpenRow[]) => IntentWrite[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const now = await findProjectTextFacts(tx, projectId);
        if (!now || !sameTextFacts(facts, now)) return 0;
        const { rows: held } = await tx.execute<OpenRow>(sql`
          select id, keyword, intent from keywords
          where id = any(${sql.param(sent.map((row) => row.id))}::bigint[]) and project_id = ${projectId}
            and intent_open
          for update skip locked`);
        const writes = decide(held);
        if (writes.length === 0) return 0;
        await tx.execute(sql`
          update keywords k set intent = string_to_array(v.intent, ','), intent_open = false
          from unnest(${sql.param(writes.map((row) => row.id))}::bigint[],
            ${sql.param(writes.map((row) => row.intent.join(',')))}::text[]) as v(id, intent)
          where k.id = v.id`);
        if (writes.some((row) => row.isChanged)) await bumpKeywordsVersionForIntents(tx, projectId);
        return writes.filter((row) => row.isAnswered).length;
      });
    },

    /** The projects with keywords whose openness is unknown or open. */
    async projectsWithOpenIntents(): Promise<number[]> {
      const { rows } = await db.execute<{ project_id: number }>(
        sql`select distinct project_id from keywords where intent_open is not false and intent is not null order by project_id`,
      );
      return rows.map((row) => Number(row.project_id));
    },
  };
}
