import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  addNegativeItemsInputSchema,
  negativeItemKey,
  negativeTextProblem,
  parseNegativeLines,
} from './negative-lists';

describe('parseNegativeLines', () => {
  it('reads Google Ads’ notation: [brackets] exact, "quotes" phrase, a bare line the chosen type', () => {
    const pasted = '[free trial]\n"how to"\r\n  jobs  \n\n“repair manual”\n[]\n"\n';
    expect(parseNegativeLines(pasted, 'phrase')).toEqual([
      { text: 'free trial', match_type: 'exact' },
      { text: 'how to', match_type: 'phrase' },
      { text: 'jobs', match_type: 'phrase' },
      { text: 'repair manual', match_type: 'phrase' },
      { text: '', match_type: 'exact' },
      { text: '"', match_type: 'phrase' },
    ]);
    expect(parseNegativeLines('used  cars\n[ cheap   parts ]', 'exact')).toEqual([
      { text: 'used cars', match_type: 'exact' },
      { text: 'cheap parts', match_type: 'exact' },
    ]);
  });
});

describe('negativeTextProblem', () => {
  it('holds a term to Google Ads’ limits: 80 characters and 10 words, after tidying', () => {
    expect(negativeTextProblem('  ')).toBe('empty');
    expect(negativeTextProblem('x'.repeat(80))).toBeNull();
    expect(negativeTextProblem('x'.repeat(81))).toBe('too_long');
    expect(negativeTextProblem(`  ${'x'.repeat(78)}   `)).toBeNull();
    expect(negativeTextProblem('a b c d e f g h i j')).toBeNull();
    expect(negativeTextProblem('a b c d e f g h i j k')).toBe('too_many_words');
  });
});

describe('negativeItemsSummary', () => {
  const none = { duplicate: 0, too_long: 0, too_many_words: 0, empty: 0 };
  it('says how many were added and why the others were skipped', () => {
    expect(messages.negativeItemsSummary({ added: 1, skipped_by_reason: none })).toBe('Added 1 negative keyword.');
    expect(messages.negativeItemsSummary({ added: 0, skipped_by_reason: { ...none, duplicate: 2 } })).toBe(
      'No negative keywords added; skipped 2 already in the list.',
    );
    expect(messages.negativeItemsSummary({ added: 4, skipped_by_reason: { ...none, too_long: 1, empty: 3 } })).toBe(
      'Added 4 negative keywords; skipped 1 longer than 80 characters and 3 empty terms.',
    );
  });
});

describe('a negative keyword’s level', () => {
  it('is the campaign unless an ad group is named; the same term at two levels is two terms', () => {
    expect(negativeItemKey('Leather  Belt', 'exact')).toBe(negativeItemKey('leather belt', 'exact', ' '));
    expect(negativeItemKey('leather belt', 'exact', 'Wallets')).toBe(
      negativeItemKey('leather belt', 'exact', 'wallets '),
    );
    expect(negativeItemKey('leather belt', 'exact', 'Wallets')).not.toBe(negativeItemKey('leather belt', 'exact'));
    expect(negativeItemKey('leather belt', 'exact', 'Wallets')).not.toBe(
      negativeItemKey('leather belt', 'phrase', 'Wallets'),
    );
  });

  it('reads an ad group from one term or each of many, tidied, empty as the campaign', () => {
    expect(
      addNegativeItemsInputSchema.parse({ text: 'belt', match_type: 'exact', ad_group: '  Wallets   and  more ' }),
    ).toEqual({ single: true, items: [{ text: 'belt', match_type: 'exact', ad_group: 'Wallets and more' }] });
    expect(
      addNegativeItemsInputSchema
        .parse({
          items: [
            { text: 'belt', match_type: 'exact', ad_group: 'Wallets' },
            { text: 'belt', match_type: 'exact', ad_group: '' },
            { text: 'belt', match_type: 'exact', ad_group: null },
            { text: 'belt', match_type: 'exact' },
          ],
        })
        .items.map((item) => item.ad_group),
    ).toEqual(['Wallets', null, null, null]);
    // A pasted list is the campaign's.
    expect(parseNegativeLines('[belt]', 'phrase')).toEqual([{ text: 'belt', match_type: 'exact' }]);
  });
});
