import { generationInputSchema, messages, type Project } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import {
  clampKeywordCount,
  defaultGeneratorValues,
  keepDigits,
  missingRequiredFields,
  toGenerationInput,
  valuesFromProject,
} from './generator-form';

describe('keyword count', () => {
  it('keeps digits only as typed', () => {
    expect(keepDigits('2a5')).toBe('25');
    expect(keepDigits('-1.5e3')).toBe('153');
    expect(keepDigits(' 2 0 ')).toBe('20');
    expect(keepDigits('abc')).toBe('');
  });

  it('clamps to 10-30 on blur; empty is the default, 20', () => {
    expect(clampKeywordCount('5')).toBe(10);
    expect(clampKeywordCount('0')).toBe(10);
    expect(clampKeywordCount('10')).toBe(10);
    expect(clampKeywordCount('25')).toBe(25);
    expect(clampKeywordCount('30')).toBe(30);
    expect(clampKeywordCount('99')).toBe(30);
    expect(clampKeywordCount('9'.repeat(400))).toBe(30);
    expect(clampKeywordCount('')).toBe(20);
    expect(clampKeywordCount('x')).toBe(20);
    expect(clampKeywordCount('007')).toBe(10);
  });
});

describe('missingRequiredFields', () => {
  it('lists the empty required fields in form order, blanks counting as empty', () => {
    expect(missingRequiredFields({ projectName: '', productService: '' })).toEqual([
      'Project Name',
      'Product/Service Description',
    ]);
    expect(missingRequiredFields({ projectName: 'Shoes', productService: '   ' })).toEqual([
      'Product/Service Description',
    ]);
    expect(missingRequiredFields({ projectName: '\n', productService: 'Trail shoes' })).toEqual(['Project Name']);
    expect(missingRequiredFields({ projectName: 'Shoes', productService: 'Trail shoes' })).toEqual([]);
  });

  it("reads as the SPEC's tooltip text", () => {
    expect(messages.missingRequiredFields(missingRequiredFields(defaultGeneratorValues))).toBe(
      'Missing required fields: Project Name, Product/Service Description',
    );
  });
});

const project: Project = {
  id: 7,
  user_id: 'u1',
  owner_email: 'owner@example.com',
  name: 'Harbor Coffee',
  description: 'Single-origin beans',
  country: 'Canada',
  city: '',
  language: '  ',
  site_url: 'https://harbor.example',
  target_audience: 'home baristas',
  competitors: 'Blue Bottle, Stumptown',
  brand: '',
  currency: 'CAD',
  currency_auto: true,
  keywords_count: 10,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('valuesFromProject', () => {
  it('fills the form from the project; empty places keep the defaults', () => {
    expect(valuesFromProject(project)).toEqual({
      ...defaultGeneratorValues,
      projectName: 'Harbor Coffee',
      productService: 'Single-origin beans',
      siteUrl: 'https://harbor.example',
      targetAudience: 'home baristas',
      competitors: 'Blue Bottle, Stumptown',
      country: 'Canada',
      city: 'California',
      language: 'English',
    });
  });
});

describe('toGenerationInput', () => {
  it('trims, clamps the count and passes the contract schema', () => {
    const input = toGenerationInput({
      ...defaultGeneratorValues,
      projectName: '  Summit Trail ',
      productService: ' Trail shoes ',
      keywordCount: '',
      keywordLength: '3+',
    });
    expect(input).toMatchObject({ projectName: 'Summit Trail', productService: 'Trail shoes', keywordCount: 20 });
    expect(input).not.toHaveProperty('projectId');
    expect(generationInputSchema.safeParse(input).success).toBe(true);
  });

  it('adds projectId for an existing project', () => {
    expect(toGenerationInput(valuesFromProject(project), project.id)).toMatchObject({ projectId: 7 });
  });
});
