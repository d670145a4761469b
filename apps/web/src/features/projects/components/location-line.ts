import type { Project } from '@keywright/contract';

/** "United States · New York · English", skipping blanks. */
export function locationLine(project: Pick<Project, 'country' | 'city' | 'language'>): string {
  return [project.country, project.city, project.language]
    .map((value) => value.trim())
    .filter(Boolean)
    .join(' · ');
}
