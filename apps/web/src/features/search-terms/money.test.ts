import { describe, expect, it } from 'vitest';
import { formatDateRange, formatFigure, formatMoney } from './money';

describe('money in the report’s currency', () => {
  it('writes each currency with its own sign, never dollars unless they are', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(84, 'EUR')).toBe('€84.00');
    expect(formatMoney(7.05, 'GBP')).toBe('£7.05');
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200');
  });

  it('writes the figure alone when the report names no currency', () => {
    expect(formatMoney(84, null)).toBe('84.00');
    expect(formatMoney(1234.567, null)).toBe('1,234.57');
  });

  it('names a code the browser does not know after the figure', () => {
    expect(formatMoney(5, 'ZZZZ')).toBe('5.00 ZZZZ');
  });
});

describe('figures and dates', () => {
  it('groups counts, keeps two decimals of conversions, and shows a dash for no figure', () => {
    expect(formatFigure(12400)).toBe('12,400');
    expect(formatFigure(1.5, 2)).toBe('1.5');
    expect(formatFigure(null)).toBe('—');
  });

  it('writes the report’s range in en-US', () => {
    expect(formatDateRange('2026-10-01', '2026-10-31')).toBe('Oct 1, 2026 – Oct 31, 2026');
    expect(formatDateRange(null, null)).toBeNull();
  });
});
