import { eq, sql } from 'drizzle-orm';
import { constants, type KeywordList, type KeywordListHoldings } from '@keywright/contract';
import { canReadList, canReadProject, type Caller } from '../../access/access';
import { preparedQuery, type Db } from '../../db/client';
import { keywordListVersions, projects } from '../../db/schema';
import { freeName } from '../../lib/free-name';
import { ownerVersionsFingerprint } from '../../access/owner-versions';
import { isUniqueViolation, l, listColumns, listJoins, toList, type ListRow } from './keyword-list-rows';

/** The lists themselves: who may read which, their names and projects, the lists a keyword is in. */
export function createKeywordListRepository(db: Db) {
  return {
    /** Moves whenever the caller's lists page changes (see keyword_list_versions). */
    listFingerprint: (caller: Caller) =>
      ownerVersionsFingerprint(
        db,
        { table: keywordListVersions, ownerId: keywordListVersions.ownerId, version: keywordListVersions.version },
        caller,
      ),

    /** The lists linked to a project that the caller may read, by name. */
    async readableOfProject(caller: Caller, projectId: number): Promise<Array<{ id: number; name: string }>> {
      const { rows } = await db.execute<{ id: number; name: string }>(sql`
        select l.id, l.name from keyword_lists l
        where l.project_id = ${projectId} and ${canReadList(db, l, caller)}
        order by lower(l.name), l.id`);
      return rows.map((row) => ({ id: Number(row.id), name: row.name }));
    },

    /** Every list the caller may read, newest first, counts included: one statement. */
    async listReadable(caller: Caller): Promise<KeywordList[]> {
      const { rows } = await preparedQuery<ListRow>(
        db,
        sql`select ${listColumns} from keyword_lists l ${listJoins}
            where ${canReadList(db, l, caller)}
            order by l.created_at desc, l.id desc`,
      );
      return rows.map(toList);
    },

    async find(id: number): Promise<KeywordList | null> {
      const { rows } = await db.execute<ListRow>(
        sql`select ${listColumns} from keyword_lists l ${listJoins} where l.id = ${id}`,
      );
      return rows[0] ? toList(rows[0]) : null;
    },

    /** The country and currency of a list's project: what its money columns are named in. */
    async findProjectCurrency(projectId: number): Promise<{ country: string; currency: string } | null> {
      const [project] = await db
        .select({ country: projects.country, currency: projects.currency })
        .from(projects)
        .where(eq(projects.id, projectId));
      return project ?? null;
    },

    /** Inserts the list unless its owner has one of that name (any case); null then. */
    async insert(values: { userId: string; name: string; projectId: number | null }): Promise<number | null> {
      const { rows } = await db.execute<{ id: number | string }>(sql`
        insert into keyword_lists (user_id, name, project_id) values (${values.userId}, ${values.name}, ${values.projectId})
        on conflict do nothing returning id`);
      return rows[0] ? Number(rows[0].id) : null;
    },

    /**
     * Makes lists of an owner linked to a project, each with those of its keywords that are still
     * the project's, in one transaction. Each takes its name, or when the owner has a list of that
     * name (any case) the name with " (2)", " (3)"… after it: no list is ever overwritten. Lists
     * made at the same moment under a name are settled by the unique index: the batch tries again.
     */
    async insertNamedLists({
      userId,
      projectId,
      lists,
    }: {
      userId: string;
      projectId: number;
      lists: ReadonlyArray<{ name: string; keywordIds: readonly number[] }>;
    }): Promise<Array<{ id: number; name: string; count: number }>> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const { rows: owned } = await tx.execute<{ name: string }>(
              sql`select lower(name) as name from keyword_lists where user_id = ${userId}`,
            );
            const taken = new Set(owned.map((row) => row.name));
            const names = lists.map(({ name }) => {
              const free = freeName(name, taken, constants.limits.listName);
              taken.add(free.toLowerCase());
              return free;
            });
            const { rows: made } = await tx.execute<{ id: number; name: string }>(sql`
              insert into keyword_lists (user_id, name, project_id)
              select ${userId}, name, ${projectId} from unnest(${sql.param(names)}::text[]) as l(name)
              returning id, name`);
            // The names differ (in any case) from each other, so each finds its own list.
            const idByName = new Map(made.map((row) => [row.name, Number(row.id)]));
            const ids = names.map((name) => idByName.get(name)!);
            await tx.execute(sql`
              insert into keyword_list_items (list_id, keyword_id)
              select l.id, k.id
              from unnest(${sql.param(ids)}::bigint[], ${sql.param(lists.map((list) => `{${list.keywordIds.join(',')}}`))}::text[])
                as l(id, keyword_ids)
                cross join lateral unnest(l.keyword_ids::bigint[]) as member(id)
                join keywords k on k.id = member.id and k.project_id = ${projectId}
              on conflict do nothing`);
            const { rows: counted } = await tx.execute<{ id: number; keywords_count: number }>(
              sql`select id, keywords_count from keyword_lists where id = any(${sql.param(ids)}::bigint[])`,
            );
            const counts = new Map(counted.map((row) => [Number(row.id), row.keywords_count]));
            return ids.map((id, index) => ({ id, name: names[index]!, count: counts.get(id) ?? 0 }));
          });
        } catch (error) {
          if (!isUniqueViolation(error) || attempt === 3) throw error;
        }
      }
    },

    /** Renames and relinks; false when another list of the owner has the name. */
    async update(id: number, values: { name: string; projectId: number | null }): Promise<boolean> {
      try {
        const { rows } = await db.execute<{ id: number | string }>(sql`
          update keyword_lists l set name = ${values.name}, project_id = ${values.projectId}
          where l.id = ${id} and not exists (
            select 1 from keyword_lists other
            where other.user_id = l.user_id and lower(other.name) = lower(${values.name}) and other.id <> l.id)
          returning l.id`);
        return rows.length > 0;
      } catch (error) {
        // The same name given to another list at the same moment: the unique index decides.
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async remove(id: number): Promise<void> {
      await db.execute(sql`delete from keyword_lists where id = ${id}`);
    },

    /** For each of these keywords the caller may read, the lists holding it that the caller may read. */
    async holdings(caller: Caller, keywordIds: readonly number[]): Promise<KeywordListHoldings> {
      const { rows } = await db.execute<{
        keyword_id: number | string;
        id: number | string | null;
        name: string | null;
      }>(
        sql`
        select k.id as keyword_id, l.id, l.name
        from keywords k join projects on projects.id = k.project_id
          left join keyword_list_items i on i.keyword_id = k.id
          left join keyword_lists l on l.id = i.list_id and ${canReadList(db, l, caller)}
        where k.id = any(${sql.param([...keywordIds])}::bigint[]) and ${canReadProject(db, projects, caller)}
        order by k.id, lower(l.name), l.id`,
      );
      const byKeyword = new Map<number, KeywordListHoldings[number]>();
      for (const row of rows) {
        const keywordId = Number(row.keyword_id);
        if (!byKeyword.has(keywordId)) byKeyword.set(keywordId, { keyword_id: keywordId, lists: [] });
        if (row.id != null) byKeyword.get(keywordId)!.lists.push({ id: Number(row.id), name: row.name! });
      }
      return [...byKeyword.values()];
    },

    /** The lists holding a keyword, among those the caller may read. */
    async listsHolding(caller: Caller, keywordId: number): Promise<Array<{ id: number; name: string }>> {
      const { rows } = await db.execute<{ id: number | string; name: string }>(sql`
        select l.id, l.name from keyword_list_items i join keyword_lists l on l.id = i.list_id
        where i.keyword_id = ${keywordId} and ${canReadList(db, l, caller)}
        order by lower(l.name), l.id`);
      return rows.map((row) => ({ id: Number(row.id), name: row.name }));
    },
  };
}

export type KeywordListRepository = ReturnType<typeof createKeywordListRepository>;
