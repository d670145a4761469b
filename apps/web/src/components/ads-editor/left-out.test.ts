import { encodeLeftOut, leftOutHeader, messages, type ExportLeftOut } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { leftOutOf, leftOutText } from './left-out';

const summary = (change: Partial<ExportLeftOut> = {}): ExportLeftOut => ({
  keywords: 2,
  negatives: 0,
  by_reason: { too_long: 1, too_many_words: 1, no_letters: 0, unknown_ad_group: 0 },
  items: [
    { text: 'a'.repeat(81), kind: 'keyword', reason: 'too_long' },
    { text: 'one two three four five six seven eight nine ten eleven', kind: 'keyword', reason: 'too_many_words' },
  ],
  ...change,
});

const headers = (value?: string) => new Headers(value === undefined ? {} : { [leftOutHeader]: value });

describe('leftOutOf', () => {
  it("reads the export's summary, and nothing when nothing was left out or none was sent", () => {
    expect(leftOutOf(headers(encodeLeftOut(summary())))).toEqual(summary());
    expect(leftOutOf(headers(encodeLeftOut(summary({ keywords: 0, items: [] }))))).toBeNull();
    expect(leftOutOf(headers())).toBeNull();
    expect(leftOutOf(headers('%7Bnot json'))).toBeNull();
  });
});

describe('leftOutText', () => {
  it('names each term with why, and counts keywords and negatives apart', () => {
    expect(leftOutText(summary())).toEqual({
      title: '2 keywords left out of the file',
      hints: [messages.leftOutHint],
      lines: [
        `“${'a'.repeat(81)}”: longer than 80 characters`,
        '“one two three four five six seven eight nine ten eleven”: more than 10 words',
      ],
      more: null,
    });
    const mixed = leftOutText(
      summary({ keywords: 12, negatives: 1, items: [{ text: '%%%', kind: 'negative', reason: 'no_letters' }] }),
    );
    expect(mixed.title).toBe('12 keywords and 1 negative keyword left out of the file');
    expect(mixed.lines).toEqual(['Negative keyword “%%%”: no letters or digits']);
    expect(mixed.more).toBe(messages.leftOutMore(12));
    expect(mixed.more).toBe('and 12 more terms');
  });

  it('names the ad group of a negative left out for want of it, and says what to do', () => {
    const text = leftOutText(
      summary({
        keywords: 0,
        negatives: 1,
        by_reason: { too_long: 0, too_many_words: 0, no_letters: 0, unknown_ad_group: 1 },
        items: [{ text: 'leather belt', kind: 'negative', reason: 'unknown_ad_group', ad_group: 'Wallets' }],
      }),
    );
    expect(text).toEqual({
      title: '1 negative keyword left out of the file',
      hints: [messages.leftOutAdGroupHint],
      lines: ['Negative keyword “leather belt” of the ad group Wallets: the file has no ad group of that name'],
      more: null,
    });
  });
});
