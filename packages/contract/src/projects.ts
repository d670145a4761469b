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
const optionalText = (max: number, options?: { multiline?: boolean }) =>
  textInput(options).max(max, messages.atMostCharacters(max));

/** Every ISO 4217 code in use (this runtime's list, kept with its Unicode data). */
export const currencyCodes: readonly string[] = Intl.supportedValuesOf('currency');
const knownCurrencies = new Set(currencyCodes);

/** A site as people type it: a web address (`https://…`) or a bare host (`example.co.uk/path`). */
export function isSiteUrl(text: string): boolean {
  return /^(?:https?:\/\/)?(?:localhost|(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,63})(?::\d{1,5})?(?:[/?#]\S*)?$/iu.test(
    text,
  );
}

/**
 * Details beyond SPEC's form, each optional: a field left out keeps its value, an empty one clears it
 * (an empty brand is the project's name, an empty currency follows the country).
 */
const projectDetailsInput = {
  site_url: optionalText(limits.siteUrl)
    .refine((value) => value === '' || isSiteUrl(value), messages.invalidSiteUrl)
    .optional(),
  target_audience: optionalText(limits.targetAudience, { multiline: true }).optional(),
  competitors: optionalText(limits.competitors).optional(),
  brand: optionalText(limits.projectName).optional(),
  currency: optionalText(3)
    .transform((value) => value.toUpperCase())
    .refine((value) => value === '' || knownCurrencies.has(value), messages.unknownCurrency)
    .optional(),
};

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
  /** The name people search for; empty: the project's name is the brand (see `projectBrand`). */
  brand: z.string(),
  /** The ISO 4217 code its money figures are shown in: the one chosen, else its country's, else the server's. */
  currency: z.string(),
  /** Whether `currency` follows the country (none chosen). */
  currency_auto: z.boolean(),
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
  ...projectDetailsInput,
});
export type ProjectInput = z.input<typeof projectInputSchema>;

export const projectListSchema = z.array(projectSchema);

/** The name people search for the project by: its brand, else its name. */
export function projectBrand(project: { name: string; brand: string }): string {
  return project.brand.trim() || project.name;
}

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
