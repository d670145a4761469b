import { constants, generatorLengthOptions, type GenerationInput, type Project } from '@keywright/contract';

export type GeneratorLength = (typeof generatorLengthOptions)[number];

/** The form as typed: every field text, the keyword count too (it is clamped on blur). */
export interface GeneratorFormValues {
  projectName: string;
  siteUrl: string;
  targetAudience: string;
  productService: string;
  competitors: string;
  country: string;
  city: string;
  language: string;
  keywordCount: string;
  keywordLength: GeneratorLength;
}

export type GeneratorField = keyof GeneratorFormValues;

/** The fields' labels, in form order. */
export const generatorFieldLabels: Record<GeneratorField, string> = {
  projectName: 'Project Name',
  siteUrl: 'Site URL',
  targetAudience: 'Target Audience',
  productService: 'Product/Service Description',
  competitors: 'Competitors',
  country: 'Country',
  city: 'City',
  language: 'Language',
  keywordCount: 'Keyword Count',
  keywordLength: 'Keyword Length',
};

export const requiredGeneratorFields = ['projectName', 'productService'] as const satisfies readonly GeneratorField[];
export type RequiredGeneratorField = (typeof requiredGeneratorFields)[number];

const { min, max, default: defaultCount } = constants.generatorKeywordCount;

export const defaultGeneratorValues: GeneratorFormValues = {
  projectName: '',
  siteUrl: '',
  targetAudience: '',
  productService: '',
  competitors: '',
  country: 'United States',
  city: 'California',
  language: 'English',
  keywordCount: String(defaultCount),
  keywordLength: '2',
};

/** The form filled from an existing project; empty places keep the defaults. */
export function valuesFromProject(project: Project): GeneratorFormValues {
  return {
    ...defaultGeneratorValues,
    projectName: project.name,
    productService: project.description,
    siteUrl: project.site_url,
    targetAudience: project.target_audience,
    competitors: project.competitors,
    country: project.country.trim() || defaultGeneratorValues.country,
    city: project.city.trim() || defaultGeneratorValues.city,
    language: project.language.trim() || defaultGeneratorValues.language,
  };
}

/** What the keyword count input keeps of a keystroke: digits only. */
export function keepDigits(text: string): string {
  return text.replace(/\D+/g, '');
}

/** The keyword count on blur: clamped to 10-30; empty (or unreadable) is the default, 20. */
export function clampKeywordCount(text: string): number {
  const digits = keepDigits(text);
  if (!digits) return defaultCount;
  const value = Number(digits);
  if (!Number.isFinite(value)) return max;
  return Math.min(max, Math.max(min, value));
}

/** The labels of the required fields left empty (after trim), in form order. */
export function missingRequiredFields(values: Pick<GeneratorFormValues, RequiredGeneratorField>): string[] {
  return requiredGeneratorFields.filter((field) => !values[field].trim()).map((field) => generatorFieldLabels[field]);
}

export function isGeneratorLength(value: string | null): value is GeneratorLength {
  return (generatorLengthOptions as readonly (string | null)[]).includes(value);
}

/** The start call's body; `projectId` adds the keywords to that project. */
export function toGenerationInput(values: GeneratorFormValues, projectId?: number): GenerationInput {
  return {
    projectName: values.projectName.trim(),
    siteUrl: values.siteUrl.trim(),
    targetAudience: values.targetAudience.trim(),
    productService: values.productService.trim(),
    competitors: values.competitors.trim(),
    country: values.country.trim(),
    city: values.city.trim(),
    language: values.language.trim(),
    keywordCount: clampKeywordCount(values.keywordCount),
    keywordLength: values.keywordLength,
    ...(projectId !== undefined && { projectId }),
  };
}
