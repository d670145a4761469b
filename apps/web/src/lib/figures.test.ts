import { describe, expect, it } from 'vitest';
import { formatCpc, formatFigure, formatSearchVolume, hasEstimates } from './figures';

describe('figures', () => {
  it('formats volume and the competition index, N/A when unknown', () => {
    expect(formatSearchVolume(12100)).toBe('12,100');
    expect(formatSearchVolume(0)).toBe('0');
    expect(formatSearchVolume(null)).toBe('N/A');
    expect(formatFigure(42)).toBe('42');
    expect(formatFigure(undefined)).toBe('N/A');
  });

  it('formats bids in micro-units as dollars with 2 decimals, N/A when unknown', () => {
    expect(formatCpc(1_200_000)).toBe('$1.20');
    expect(formatCpc(3_456_789)).toBe('$3.46');
    expect(formatCpc(0)).toBe('$0.00');
    expect(formatCpc(null)).toBe('N/A');
    expect(formatFigure(0)).toBe('0');
    expect(formatFigure(null)).toBe('N/A');
  });

  it('tells whether any figures are estimates', () => {
    expect(hasEstimates([{ source: 'google-ads' }, null, { source: 'estimate' }])).toBe(true);
    expect(hasEstimates([{ source: 'google-ads' }, undefined])).toBe(false);
    expect(hasEstimates([])).toBe(false);
  });
});
