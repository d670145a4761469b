import { generateFilteredKeywordsInputSchema, messages, moreKeywordsLengthOptions } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import {
  analysisCountRange,
  clampGenerateCount,
  cpcBoundOf,
  generateCpcError,
  generateKeywordsDefaults,
  generateKeywordsRequest,
  lengthLabels,
  moreKeywordsCountRange,
} from './generate-keywords-form';

describe('generate keywords form', () => {
  it('starts with count 50, two to three words and any price, in both dialogs', () => {
    for (const range of [moreKeywordsCountRange, analysisCountRange]) {
      expect(generateKeywordsRequest(generateKeywordsDefaults(range), range)).toEqual({
        count: 50,
        minCpc: null,
        maxCpc: null,
        keywordLength: '2-3',
      });
    }
  });

  it('clamps the count to 10-200 on the project page', () => {
    const range = moreKeywordsCountRange;
    expect(clampGenerateCount(5, range)).toBe(10);
    expect(clampGenerateCount(250, range)).toBe(200);
    expect(clampGenerateCount(120, range)).toBe(120);
    expect(clampGenerateCount(33.6, range)).toBe(34);
    expect(clampGenerateCount('', range)).toBe(50);
    expect(clampGenerateCount('75', range)).toBe(75);
  });

  it('clamps the count to 1-500 on the analysis page', () => {
    const range = analysisCountRange;
    expect(clampGenerateCount(0, range)).toBe(1);
    expect(clampGenerateCount(1, range)).toBe(1);
    expect(clampGenerateCount(5, range)).toBe(5);
    expect(clampGenerateCount(300, range)).toBe(300);
    expect(clampGenerateCount(501, range)).toBe(500);
    expect(clampGenerateCount('abc', range)).toBe(50);
  });

  it('offers presets inside each range', () => {
    for (const range of [moreKeywordsCountRange, analysisCountRange]) {
      for (const preset of range.presets) {
        expect(preset).toBeGreaterThanOrEqual(range.min);
        expect(preset).toBeLessThanOrEqual(range.max);
      }
    }
  });

  it('reads an empty CPC as any price', () => {
    expect(cpcBoundOf('')).toBeNull();
    expect(cpcBoundOf(0)).toBe(0);
    expect(cpcBoundOf(1.25)).toBe(1.25);
    expect(cpcBoundOf('2.5')).toBe(2.5);
  });

  it('refuses a min CPC above the max, not an equal one or a missing side', () => {
    expect(generateCpcError({ minCpc: 3, maxCpc: 1 })).toBe(messages.minCpcAboveMax);
    expect(generateCpcError({ minCpc: 1, maxCpc: 1 })).toBeNull();
    expect(generateCpcError({ minCpc: 3, maxCpc: '' })).toBeNull();
    expect(generateCpcError({ minCpc: '', maxCpc: '' })).toBeNull();
  });

  it('builds a body the contract accepts, for every word count and both ranges', () => {
    expect(Object.keys(lengthLabels)).toEqual([...moreKeywordsLengthOptions]);
    for (const range of [moreKeywordsCountRange, analysisCountRange]) {
      for (const keywordLength of moreKeywordsLengthOptions) {
        for (const count of [range.min, range.max, 1000, -3]) {
          const values = { count, minCpc: 0.5, maxCpc: '', keywordLength };
          const body = { projectId: 1, ...generateKeywordsRequest(values, range) };
          expect(generateFilteredKeywordsInputSchema.safeParse(body).success, `${keywordLength} ${count}`).toBe(true);
        }
      }
    }
  });
});
