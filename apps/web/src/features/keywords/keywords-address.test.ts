import { describe, expect, it } from 'vitest';
import { noCpcBounds } from '@/lib/cpc-filter';
import { keywordPageParamsOf, readKeywordsAddress, writeKeywordsAddress } from './keywords-address';

const read = (query: string) => readKeywordsAddress(new URLSearchParams(query));
const write = (query: string, change: Parameters<typeof writeKeywordsAddress>[1]) =>
  writeKeywordsAddress(new URLSearchParams(query), change).toString();

describe('readKeywordsAddress', () => {
  it('reads nothing as the usual table: no CPC, no filters, newest first', () => {
    expect(read('')).toEqual({ showCpc: false, bounds: noCpcBounds, intents: [], search: '', sort: 'newest' });
  });

  it('reads Show CPC, the bounds, the intents, the search and the order', () => {
    expect(read('cpc=1&minCpc=1.5&maxCpc=3&intent=transactional,commercial&q=%20back%20pain%20&sort=keyword')).toEqual({
      showCpc: true,
      bounds: { minCpc: 1.5, maxCpc: 3 },
      intents: ['commercial', 'transactional'],
      search: 'back pain',
      sort: 'keyword',
    });
  });

  it('falls back to the default for each part it cannot read, without failing', () => {
    expect(read('cpc=yes&minCpc=1&intent=bogus&sort=cheapest')).toEqual(read(''));
    // Bounds need Show CPC; a bound that is no price is none; min above max, or too high, drops both.
    expect(read('minCpc=1&maxCpc=2').bounds).toEqual(noCpcBounds);
    expect(read('cpc=1&minCpc=abc&maxCpc=2').bounds).toEqual({ minCpc: null, maxCpc: 2 });
    expect(read('cpc=1&minCpc=5&maxCpc=2').bounds).toEqual(noCpcBounds);
    expect(read('cpc=1&maxCpc=99999999').bounds).toEqual(noCpcBounds);
    expect(read('intent=navigational,bogus').intents).toEqual(['navigational']);
    expect(read(`q=${'x'.repeat(500)}`).search.length).toBeLessThan(500);
  });
});

describe('writeKeywordsAddress', () => {
  it('writes only what differs from the default, keeping the view and the page', () => {
    expect(write('view=groups&page=3', { showCpc: true })).toBe('view=groups&page=3&cpc=1');
    expect(write('cpc=1&sort=oldest', { sort: 'newest' })).toBe('cpc=1');
  });

  it('starts again from page 1 when the rows change', () => {
    expect(write('page=4&cpc=1', { bounds: { minCpc: 0.5, maxCpc: null } })).toBe('cpc=1&minCpc=0.5');
    expect(write('page=4', { intents: ['navigational'] })).toBe('intent=navigational');
    expect(write('page=4', { search: '  physio ' })).toBe('q=physio');
    expect(write('page=4', { sort: 'keyword_desc' })).toBe('sort=keyword_desc');
  });

  it('round-trips: what it writes reads back the same', () => {
    const change = {
      showCpc: true,
      bounds: { minCpc: 0.05, maxCpc: 12 },
      intents: ['informational' as const],
      search: 'leeds',
      sort: 'oldest' as const,
    };
    expect(read(write('', change))).toEqual(change);
  });
});

describe('keywordPageParamsOf', () => {
  it('asks for the page the address names, with figures only once CPC is shown', () => {
    expect(keywordPageParamsOf(new URLSearchParams('page=2&cpc=1&maxCpc=4&sort=keyword'))).toEqual({
      page: 2,
      search: '',
      sort: 'keyword',
      withMetrics: true,
      bounds: { minCpc: null, maxCpc: 4 },
      intents: [],
    });
    expect(keywordPageParamsOf(new URLSearchParams('page=zero')).page).toBe(1);
  });
});
