import { z } from 'zod';
import { textInput } from './common';
import { constants } from './constants';
import { messages } from './messages';

const { limits } = constants;

// A missing (or null) field reads like an empty one: 'Please fill in all fields.'
const requiredText = (max: number, { multiline = false } = {}) =>
  textInput({ multiline, error: (issue) => (issue.input == null ? messages.fillInAllFields : undefined) })
    .min(1, messages.fillInAllFields)
    .max(max, messages.atMostCharacters(max));
const optionalPlace = textInput().max(limits.place, messages.atMostCharacters(limits.place)).default('');

export const projectSchema = z.object({
  id: z.number().int(),
  user_id: z.string(),
  owner_email: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  country: z.string(),
  city: z.string(),
  language: z.string(),
  /** The generator's facts: set by keyword generation, empty otherwise. */
  site_url: z.string(),
  target_audience: z.string(),
  competitors: z.string(),
  keywords_count: z.number().int(),
  created_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectInputSchema = z.object({
  name: requiredText(limits.projectName),
  description: requiredText(limits.projectDescription, { multiline: true }),
  country: optionalPlace,
  city: optionalPlace,
  language: optionalPlace,
});
export type ProjectInput = z.input<typeof projectInputSchema>;

export const projectListSchema = z.array(projectSchema);

/** The three fields the Projects screen filters by. */
export const projectFilterFields = ['country', 'city', 'language'] as const;
export type ProjectFilterField = (typeof projectFilterFields)[number];
export type ProjectFilters = Record<ProjectFilterField, string[]>;

export const emptyProjectFilters: ProjectFilters = { country: [], city: [], language: [] };

/** The unique, non-empty, sorted values of one field. */
export function projectFilterOptions(projects: readonly Project[], field: ProjectFilterField): string[] {
  const values = new Set<string>();
  for (const project of projects) {
    const value = project[field].trim();
    if (value) values.add(value);
  }
  return [...values].sort((a, b) => a.localeCompare(b, 'en-US'));
}

/** Any selected value within a field matches; fields combine. */
export function filterProjects(projects: readonly Project[], filters: ProjectFilters): Project[] {
  return projects.filter((project) =>
    projectFilterFields.every((field) => {
      const selected = filters[field];
      return selected.length === 0 || selected.includes(project[field].trim());
    }),
  );
}

export function countActiveFilters(filters: ProjectFilters): number {
  return projectFilterFields.filter((field) => filters[field].length > 0).length;
}

/** 'You' for the owner, else the owner's e-mail, else 'Shared'. */
export function ownerBadge(project: Pick<Project, 'user_id' | 'owner_email'>, currentUserId: string): string {
  if (project.user_id === currentUserId) return 'You';
  return project.owner_email || 'Shared';
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
