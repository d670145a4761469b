import { projectListSchema } from '@keywright/contract';
import type { Caller } from '../../access/access';
import { createFingerprintedJsonCache } from '../../lib/fingerprinted-json-cache';
import type { ProjectService } from './projects.service';

/**
 * The project list as JSON with its fingerprint (the ETag), checked against the contract. A
 * caller whose projects have not changed gets the answer serialized last time.
 */
export function createProjectListJson(projects: Pick<ProjectService, 'listProjects' | 'listFingerprint'>) {
  const cachedJson = createFingerprintedJsonCache();
  return (caller: Caller) =>
    cachedJson(
      caller.id,
      () => projects.listFingerprint(caller),
      async () => JSON.stringify(projectListSchema.parse(await projects.listProjects(caller))),
    );
}
