import { generateFilteredKeywordsInputSchema, messages, moreKeywordsLengthOptions } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import {
  clampMoreKeywordsCount,
  cpcBoundOf,
  generateMoreCpcError,
  generateMoreDefaults,
  generateMoreRequest,
  lengthLabels,
} from './generate-more-form';

describe('generate more keywords form', () => {
  it('starts with count 50, two to three words and any price', () => {
    expect(generateMoreRequest(generateMoreDefaults)).toEqual({
      count: 50,
      minCpc: null,
      maxCpc: null,
      keywordLength: '2-3',
    });
  });

  it('clamps the count to 10-200', () => {
    expect(clampMoreKeywordsCount(5)).toBe(10);
    expect(clampMoreKeywordsCount(250)).toBe(200);
    expect(clampMoreKeywordsCount(120)).toBe(120);
    expect(clampMoreKeywordsCount(33.6)).toBe(34);
    expect(clampMoreKeywordsCount('')).toBe(50);
    expect(clampMoreKeywordsCount('75')).toBe(75);
  });

  it('reads an empty CPC as any price', () => {
    expect(cpcBoundOf('')).toBeNull();
    expect(cpcBoundOf(0)).toBe(0);
    expect(cpcBoundOf(1.25)).toBe(1.25);
    expect(cpcBoundOf('2.5')).toBe(2.5);
  });

  it('refuses a min CPC above the max, not an equal one or a missing side', () => {
    expect(generateMoreCpcError({ minCpc: 3, maxCpc: 1 })).toBe(messages.minCpcAboveMax);
    expect(generateMoreCpcError({ minCpc: 1, maxCpc: 1 })).toBeNull();
    expect(generateMoreCpcError({ minCpc: 3, maxCpc: '' })).toBeNull();
    expect(generateMoreCpcError({ minCpc: '', maxCpc: '' })).toBeNull();
  });

  it('builds a body the contract accepts, for every word count', () => {
    expect(Object.keys(lengthLabels)).toEqual([...moreKeywordsLengthOptions]);
    for (const keywordLength of moreKeywordsLengthOptions) {
      const body = { projectId: 1, ...generateMoreRequest({ count: 300, minCpc: 0.5, maxCpc: '', keywordLength }) };
      expect(generateFilteredKeywordsInputSchema.safeParse(body).success, keywordLength).toBe(true);
    }
  });
});
