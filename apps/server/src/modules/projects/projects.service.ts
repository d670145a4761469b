import { projectListSchema, type Project } from '@keywright/contract';
import { getChangeableProject, getDeletableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { createProjectRepository, type ProjectFields } from './projects.repository';

export function createProjectService({ db }: { db: Db }) {
  const repository = createProjectRepository(db);
  /** The serialized list per caller, valid while its fingerprint holds. */
  const listCache = new Map<string, { tag: string; json: string }>();
  const maxCachedLists = 500;

  async function getProject(caller: Caller, id: number): Promise<Project> {
    const project = await repository.findReadable(caller, id);
    if (!project) throw notFound();
    return project;
  }

  return {
    listProjects: (caller: Caller) => repository.listReadable(caller),

    /**
     * The list as JSON with its fingerprint (the ETag). A caller whose
     * projects have not changed gets the answer serialized last time.
     */
    async listProjectsJson(caller: Caller): Promise<{ tag: string; json: string }> {
      const tag = await repository.listFingerprint(caller);
      const cached = listCache.get(caller.id);
      if (cached?.tag === tag) return cached;
      const list = projectListSchema.parse(await repository.listReadable(caller));
      const fresh = { tag: await repository.listFingerprint(caller), json: JSON.stringify(list) };
      // Stored under the fingerprint read after the list, so a change in between is never cached as current.
      if (fresh.tag === tag) {
        listCache.delete(caller.id);
        if (listCache.size >= maxCachedLists) listCache.delete(listCache.keys().next().value!);
        listCache.set(caller.id, fresh);
      }
      return { tag, json: fresh.json };
    },
    getProject,

    async createProject(caller: Caller, fields: ProjectFields): Promise<Project> {
      const id = await repository.insert(caller.id, fields);
      return getProject(caller, id);
    },

    async updateProject(caller: Caller, id: number, fields: ProjectFields): Promise<Project> {
      await getChangeableProject(db, caller, id);
      await repository.update(id, fields);
      return getProject(caller, id);
    },

    async deleteProject(caller: Caller, id: number): Promise<void> {
      await getDeletableProject(db, caller, id);
      await repository.remove(id);
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
