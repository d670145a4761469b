import { describe, expect, it } from 'vitest';
import { describeSort, formatCount, formatCtr, formatPosition, nextSort, shortPage } from './search-console-format';

describe('Search Console figures as the view shows them', () => {
  it('writes counts with separators, CTR as a percentage and position with one decimal', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCtr(0.0321)).toBe('3.2%');
    expect(formatCtr(0)).toBe('0.0%');
    expect(formatCtr(0.0004)).toBe('0.04%');
    expect(formatPosition(4.66)).toBe('4.7');
    expect(formatPosition(12)).toBe('12.0');
  });

  it('shortens a page to its host and path', () => {
    expect(shortPage('https://greenleaf.example/pricing/')).toBe('greenleaf.example/pricing');
    expect(shortPage('https://greenleaf.example/')).toBe('greenleaf.example');
  });

  it('turns a column head click into an order: again reverses, a new column starts most first', () => {
    expect(nextSort('-impressions', 'impressions')).toBe('impressions');
    expect(nextSort('impressions', 'impressions')).toBe('-impressions');
    expect(nextSort('-impressions', 'clicks')).toBe('-clicks');
    expect(nextSort('-impressions', 'position')).toBe('position');
    expect(nextSort('-impressions', 'query')).toBe('query');
    expect(describeSort('-ctr')).toBe('CTR, highest first');
    expect(describeSort('position')).toBe('Position, lowest first');
  });
});
