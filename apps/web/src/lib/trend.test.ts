import { describe, expect, it } from 'vitest';
import { describeTrend, formatMonth, sparklinePoints } from './trend';

describe('trend', () => {
  it('names the months and their searches', () => {
    expect(formatMonth({ year: 2025, month: 11 })).toBe('Nov 2025');
    expect(
      describeTrend([
        { year: 2025, month: 11, searches: 1900 },
        { year: 2025, month: 12, searches: 2400 },
        { year: 2026, month: 1, searches: 0 },
      ]),
    ).toBe('Searches by month: Nov 2025 1,900; Dec 2025 2,400; Jan 2026 0');
  });

  it('draws the largest value at the top and the smallest at the bottom, left to right', () => {
    const box = { width: 100, height: 30, padding: 2 };
    expect(sparklinePoints([10, 30, 20], box)).toEqual([
      [2, 28],
      [50, 2],
      [98, 15],
    ]);
  });

  it('draws equal values flat along the bottom, one value in the middle, none as nothing', () => {
    const box = { width: 100, height: 30, padding: 2 };
    expect(sparklinePoints([0, 0, 0], box).map(([, y]) => y)).toEqual([28, 28, 28]);
    expect(sparklinePoints([5], box)).toEqual([[50, 28]]);
    expect(sparklinePoints([], box)).toEqual([]);
  });
});
