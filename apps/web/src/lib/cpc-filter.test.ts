import { keywordExportQuerySchema, keywordPageQuerySchema, messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import {
  cpcBoundParam,
  cpcBoundsQuery,
  describeCpcBounds,
  hasCpcBounds,
  keywordExportQuery,
  noCpcBounds,
  readCpcFilter,
} from './cpc-filter';

describe('readCpcFilter', () => {
  it('reads both bounds, either bound, or none', () => {
    expect(readCpcFilter('1.5', '3')).toEqual({ ok: true, bounds: { minCpc: 1.5, maxCpc: 3 } });
    expect(readCpcFilter('0.05', '')).toEqual({ ok: true, bounds: { minCpc: 0.05, maxCpc: null } });
    expect(readCpcFilter('', '2.')).toEqual({ ok: true, bounds: { minCpc: null, maxCpc: 2 } });
    expect(readCpcFilter('', '.5')).toEqual({ ok: true, bounds: { minCpc: null, maxCpc: 0.5 } });
    expect(readCpcFilter('  ', '')).toEqual({ ok: true, bounds: noCpcBounds });
  });

  it('strips what is not a digit or the dot, like the inputs do', () => {
    expect(readCpcFilter('$1.20', '3,00 USD')).toEqual({ ok: true, bounds: { minCpc: 1.2, maxCpc: 300 } });
  });

  it('keeps equal bounds, refuses min above max', () => {
    expect(readCpcFilter('2', '2')).toEqual({ ok: true, bounds: { minCpc: 2, maxCpc: 2 } });
    expect(readCpcFilter('3', '1.5')).toEqual({ ok: false, field: 'minCpc', message: messages.minCpcAboveMax });
  });

  it('names the field that is not a price', () => {
    expect(readCpcFilter('.', '')).toEqual({ ok: false, field: 'minCpc', message: messages.invalidCpcBound });
    expect(readCpcFilter('1', '1.2.3')).toEqual({ ok: false, field: 'maxCpc', message: messages.invalidCpcBound });
    expect(readCpcFilter('', '99999999')).toEqual({ ok: false, field: 'maxCpc', message: messages.invalidCpcBound });
  });
});

describe('query values', () => {
  it('writes plain decimals the query schema accepts', () => {
    for (const [value, text] of [
      [1.5, '1.5'],
      [3, '3'],
      [100, '100'],
      [0, '0'],
      [0.05, '0.05'],
      [1e-7, '0'],
      [1_000_000, '1000000'],
    ] as const) {
      expect(cpcBoundParam(value), String(value)).toBe(text);
    }
    const parsed = keywordPageQuerySchema.parse(cpcBoundsQuery({ minCpc: 0.05, maxCpc: 12 }));
    expect([parsed.minCpc, parsed.maxCpc]).toEqual([0.05, 12]);
  });

  it('leaves out bounds that are not set', () => {
    expect(cpcBoundsQuery(noCpcBounds)).toEqual({});
    expect(cpcBoundsQuery({ minCpc: null, maxCpc: 2 })).toEqual({ maxCpc: '2' });
  });

  it('builds the export query: all, with metrics, filtered', () => {
    expect(keywordExportQuery({ withMetrics: false })).toEqual({});
    expect(keywordExportQuery({ withMetrics: true })).toEqual({ metrics: 'true' });
    const filtered = keywordExportQuery({ withMetrics: true, bounds: { minCpc: 1.5, maxCpc: 3 } });
    expect(filtered).toEqual({ metrics: 'true', minCpc: '1.5', maxCpc: '3' });
    expect(keywordExportQuerySchema.parse(filtered)).toMatchObject({ metrics: true, minCpc: 1.5, maxCpc: 3 });
  });
});

describe('describeCpcBounds', () => {
  it('says the applied range in dollars', () => {
    expect(describeCpcBounds({ minCpc: 1.5, maxCpc: 3 })).toBe('$1.50 – $3.00');
    expect(describeCpcBounds({ minCpc: 0.5, maxCpc: null })).toBe('$0.50 or more');
    expect(describeCpcBounds({ minCpc: null, maxCpc: 2 })).toBe('up to $2.00');
    expect(hasCpcBounds(noCpcBounds)).toBe(false);
    expect(hasCpcBounds({ minCpc: 0, maxCpc: null })).toBe(true);
  });
});
