import type { Project } from '@keywright/contract';
import { getChangeableProject, getDeletableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { IntentRereader } from '../../queries/keyword-intents';
import { projectCurrency } from '../../queries/project-currency';
import { createProjectRepository, type ProjectFields, type ProjectRow } from './projects.repository';

export function createProjectService({
  db,
  intents,
  serverCurrency,
}: {
  db: Db;
  intents: IntentRereader;
  /** `CURRENCY`: a project's currency when it chose none and its country is unknown. */
  serverCurrency: string;
}) {
  const repository = createProjectRepository(db);

  const toProject = ({ chosen_currency, ...row }: ProjectRow): Project => ({
    ...row,
    ...projectCurrency({ country: row.country, currency: chosen_currency }, serverCurrency),
  });
  const listProjects = async (caller: Caller) => (await repository.listReadable(caller)).map(toProject);

  async function getProject(caller: Caller, id: number): Promise<Project> {
    const project = await repository.findReadable(caller, id);
    if (!project) throw notFound();
    return toProject(project);
  }

  return {
    listProjects,

    /** Moves whenever the caller's list changes: the list's ETag (projects.serializer.ts). */
    listFingerprint: (caller: Caller) => repository.listFingerprint(caller),
    getProject,

    async createProject(caller: Caller, fields: ProjectFields): Promise<Project> {
      const id = await repository.insert(caller.id, fields);
      return getProject(caller, id);
    },

    async updateProject(caller: Caller, id: number, fields: ProjectFields): Promise<Project> {
      await getChangeableProject(db, caller, id);
      const { intentsForgotten } = await repository.update(id, fields);
      // Its brand and place are read in its keywords' intents: "acme login" is navigational for Acme.
      if (intentsForgotten) await intents.reread(id);
      return getProject(caller, id);
    },

    async deleteProject(caller: Caller, id: number): Promise<void> {
      await getDeletableProject(db, caller, id);
      await repository.remove(id);
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
