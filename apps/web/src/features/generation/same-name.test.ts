import type { Project } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { findSameNameProject } from './same-name';

const project = (id: number, name: string, user_id = 'me'): Project => ({
  id,
  user_id,
  owner_email: null,
  name,
  description: '',
  country: '',
  city: '',
  language: '',
  site_url: '',
  target_audience: '',
  competitors: '',
  brand: '',
  currency: 'USD',
  currency_auto: true,
  keywords_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('findSameNameProject', () => {
  const projects = [project(3, 'Motion  Physio', 'teammate'), project(2, 'motion physio'), project(1, 'Motion Physio')];

  it("finds the caller's newest project of that name, whatever its case and spaces", () => {
    expect(findSameNameProject(projects, '  MOTION physio ', 'me')?.id).toBe(2);
  });

  it("is null for a new name, and for a name only a teammate's project has", () => {
    expect(findSameNameProject(projects, 'Motion Physio Leeds', 'me')).toBeNull();
    expect(findSameNameProject([project(3, 'Motion Physio', 'teammate')], 'Motion Physio', 'me')).toBeNull();
  });
});
