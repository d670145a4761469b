import { describe, expect, it } from 'vitest';
import { formatDifficulty, formatSearchVolume, hasEstimates } from './figures';

describe('figures', () => {
  it('formats volume and difficulty, N/A when unknown', () => {
    expect(formatSearchVolume(12100)).toBe('12,100');
    expect(formatSearchVolume(0)).toBe('0');
    expect(formatSearchVolume(null)).toBe('N/A');
    expect(formatDifficulty(42)).toBe('42');
    expect(formatDifficulty(undefined)).toBe('N/A');
  });

  it('tells whether any figures are estimates', () => {
    expect(hasEstimates([{ source: 'google-ads' }, null, { source: 'estimate' }])).toBe(true);
    expect(hasEstimates([{ source: 'google-ads' }, undefined])).toBe(false);
    expect(hasEstimates([])).toBe(false);
  });
});
