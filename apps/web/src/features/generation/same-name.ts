import type { Project } from '@keywright/contract';

/** A name as people mean it: case, outer and doubled spaces aside. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en') === b.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * The caller's own project named as a new generation is (the newest, as the list comes newest first);
 * null when none is. A teammate's project of that name is theirs: a new one of the caller's is no double.
 */
export function findSameNameProject(projects: readonly Project[], name: string, userId: string): Project | null {
  return projects.find((project) => project.user_id === userId && sameName(project.name, name)) ?? null;
}
