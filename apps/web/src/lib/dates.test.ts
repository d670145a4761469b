import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('writes dates month/day/year', () => {
    const date = new Date(2026, 0, 5, 13, 30);
    expect(formatDate(date)).toBe('1/5/2026');
    expect(formatDate(date.toISOString())).toBe('1/5/2026');
    expect(formatDate(date.getTime())).toBe('1/5/2026');
  });

  it('writes what toLocaleDateString writes in en-US', () => {
    const dates = fc.date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true });
    fc.assert(fc.property(dates, (date) => formatDate(date) === date.toLocaleDateString('en-US')));
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
