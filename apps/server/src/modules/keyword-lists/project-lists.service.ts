import type { Db } from '../../db/client';
import { createKeywordListRepository } from './keyword-lists.repository';

/**
 * What other modules do with keyword lists: a campaign export reads a project's lists, clusters
 * are saved as lists. Their one way in, so no module reaches into this module's repositories.
 */
export function createProjectLists(db: Db) {
  const repository = createKeywordListRepository(db);
  return {
    /** The lists linked to a project that the caller may read, by name. */
    readableOfProject: repository.readableOfProject,
    /** Makes lists of an owner linked to a project, under free names; see the repository. */
    insertNamedLists: repository.insertNamedLists,
  };
}
