import { and, desc, eq, sql } from 'drizzle-orm';
import type { Project } from '@keywright/contract';
import { canReadProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { projectListVersions, projects, user } from '../../db/schema';
import { ownerVersionsFingerprint } from '../../access/owner-versions';
import { forgetIntents, sameTextFacts, textFactsColumns } from '../../queries/keyword-intents';

const projectListVersionsTable = {
  table: projectListVersions,
  ownerId: projectListVersions.ownerId,
  version: projectListVersions.version,
};

export interface ProjectFields {
  name: string;
  description: string;
  country: string;
  city: string;
  language: string;
  /** Each left out keeps its value. */
  site_url?: string;
  target_audience?: string;
  competitors?: string;
  brand?: string;
  currency?: string;
}

/** A project as stored: the currency chosen ('' follows the country), not yet resolved. */
export type ProjectRow = Omit<Project, 'currency' | 'currency_auto'> & { chosen_currency: string };

function columnsOf({ site_url, target_audience, competitors, ...fields }: ProjectFields) {
  const details = { siteUrl: site_url, targetAudience: target_audience, competitors };
  return {
    ...fields,
    ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)),
  };
}

const projectColumns = {
  id: projects.id,
  user_id: projects.userId,
  owner_email: user.email,
  name: projects.name,
  description: projects.description,
  country: projects.country,
  city: projects.city,
  language: projects.language,
  site_url: projects.siteUrl,
  target_audience: projects.targetAudience,
  competitors: projects.competitors,
  brand: projects.brand,
  chosen_currency: projects.currency,
  keywords_count: projects.keywordsCount,
  created_at: sql<string>`to_char(${projects.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

function selectProjects(db: Db) {
  return db.select(projectColumns).from(projects).leftJoin(user, eq(user.id, projects.userId));
}

export function createProjectRepository(db: Db) {
  return {
    async listReadable(caller: Caller): Promise<ProjectRow[]> {
      return selectProjects(db)
        .where(canReadProject(db, projects, caller))
        .orderBy(desc(projects.createdAt), desc(projects.id));
    },

    /** Moves whenever the caller's list changes (see project_list_versions). */
    listFingerprint: (caller: Caller) => ownerVersionsFingerprint(db, projectListVersionsTable, caller),

    async findReadable(caller: Caller, id: number): Promise<ProjectRow | null> {
      const [row] = await selectProjects(db).where(and(eq(projects.id, id), canReadProject(db, projects, caller)));
      return row ?? null;
    },

    async insert(ownerId: string, fields: ProjectFields): Promise<number> {
      const [row] = await db
        .insert(projects)
        .values({ userId: ownerId, ...columnsOf(fields) })
        .returning({ id: projects.id });
      return row!.id;
    },

    /**
     * Saves the fields; when the project's brands or places change, its keywords' intents are
     * forgotten in the same transaction (to be read again). Whether they were.
     */
    async update(id: number, fields: ProjectFields): Promise<{ intentsForgotten: boolean }> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select(textFactsColumns).from(projects).where(eq(projects.id, id)).for('update');
        const columns = columnsOf(fields);
        await tx
          .update(projects)
          .set({ ...columns, updatedAt: sql`now()` })
          .where(eq(projects.id, id));
        const changed = before !== undefined && !sameTextFacts(before, { ...before, ...columns });
        if (changed) await forgetIntents(tx, id);
        return { intentsForgotten: changed };
      });
    },

    /** The project, its keywords and lists (by cascade) and its imported Keyword Planner figures. */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(projects).where(eq(projects.id, id));
        await tx.execute(sql`delete from keyword_metrics where provider = 'keyword-planner' and project_id = ${id}`);
      });
    },
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;
