import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { checkGoogleAdsKeyword, googleAdsKeyword, LeftOutTally, negativeRows } from './ads-editor-csv';

describe('a keyword as Google Ads takes it', () => {
  it.each([
    ['dentist near me', 'dentist near me'],
    ['how much is a crown?', 'how much is a crown'],
    ['coffee, "the good stuff"!', 'coffee the good stuff'],
    ['50% off (today)', '50 off today'],
    ['men’s running shoes', "men's running shoes"],
    ['c++ course / online: 2024 #1 & more_now', 'c++ course / online: 2024 #1 & more_now'],
    ['zahnarzt münchen', 'zahnarzt münchen'],
    ['[exact] match', 'exact match'],
    ['  spaced\tout  ', 'spaced out'],
  ])('%s reads %s', (text, expected) => {
    expect(googleAdsKeyword(text)).toBe(expected);
  });

  it('takes 80 characters and 10 words, and no more', () => {
    expect(googleAdsKeyword('a'.repeat(80))).toBe('a'.repeat(80));
    expect(googleAdsKeyword('a'.repeat(81))).toBeNull();
    expect(googleAdsKeyword('one two three four five six seven eight nine ten')).not.toBeNull();
    expect(googleAdsKeyword('one two three four five six seven eight nine ten eleven')).toBeNull();
  });

  it('has nothing left of symbols alone', () => {
    expect(googleAdsKeyword('?!')).toBeNull();
  });
});

describe('what Google Ads would refuse, and why', () => {
  it('counts the limits on the cleaned text: symbols become spaces, so words may grow', () => {
    expect(checkGoogleAdsKeyword('a'.repeat(81))).toEqual({ reason: 'too_long' });
    expect(checkGoogleAdsKeyword('a!b!c!d!e!f!g!h!i!j!k')).toEqual({ reason: 'too_many_words' });
    expect(checkGoogleAdsKeyword('a!b!c!d!e!f!g!h!i!j')).toEqual({ text: 'a b c d e f g h i j' });
    expect(checkGoogleAdsKeyword('#&-')).toEqual({ reason: 'no_letters' });
  });

  it('sums each distinct term once and names the first ten', () => {
    const tally = new LeftOutTally();
    const long = (index: number) => ({ keyword: `${'x'.repeat(80)}${index}`, highBidMicros: null, isEstimate: false });
    tally.keywords([long(1), long(1), { keyword: 'fine', highBidMicros: null, isEstimate: false }]);
    tally.keywords(Array.from({ length: 11 }, (_, index) => long(index + 2)));
    tally.add('negative', '%%%', 'no_letters');
    tally.add('negative', '%%%', 'no_letters');
    const summary = tally.result();
    expect(summary).toMatchObject({
      keywords: 12,
      negatives: 1,
      by_reason: { too_long: 12, too_many_words: 0, no_letters: 1, unknown_ad_group: 0 },
    });
    expect(summary.items).toHaveLength(10);
    expect(summary.items[0]).toEqual({ text: long(1).keyword, kind: 'keyword', reason: 'too_long' });
  });
});

describe("a campaign's negative keywords", () => {
  it('are rows of the campaign with an empty ad group, once per text and match type, refused ones counted', () => {
    const tally = new LeftOutTally();
    const text = negativeRows(
      'Denver search',
      [
        { text: 'free', matchType: 'phrase', adGroup: null },
        { text: 'FREE!', matchType: 'phrase', adGroup: null },
        { text: 'free', matchType: 'exact', adGroup: null },
        { text: '=jobs', matchType: 'exact', adGroup: null },
        { text: '?!', matchType: 'exact', adGroup: null },
      ],
      tally,
    );
    const rows = (parse(text) as string[][]).map((cells) => cells.slice(0, 5));
    expect(rows).toEqual([
      ['Denver search', '', 'free', 'Negative phrase', ''],
      ['Denver search', '', 'free', 'Negative exact', ''],
      ['Denver search', '', 'jobs', 'Negative exact', ''],
    ]);
    expect(tally.result()).toMatchObject({ keywords: 0, negatives: 1, items: [{ text: '?!', kind: 'negative' }] });
  });

  it("are rows of their ad group, as the file spells it, beside the campaign's; one of a group not in the file is left out", () => {
    const tally = new LeftOutTally();
    const text = negativeRows(
      'Denver search',
      [
        { text: 'belt', matchType: 'exact', adGroup: null },
        { text: 'belt', matchType: 'exact', adGroup: 'wallets ' },
        { text: 'belt', matchType: 'exact', adGroup: 'Wallets' },
        { text: 'wallet', matchType: 'phrase', adGroup: 'Belts' },
        { text: 'wallet', matchType: 'phrase', adGroup: 'Shoes' },
        { text: 'wallet', matchType: 'phrase', adGroup: 'shoes' },
        { text: 'free', matchType: 'exact', adGroup: 'Bags' },
      ],
      tally,
      ['Wallets', 'Belts'],
    );
    const rows = (parse(text) as string[][]).map((cells) => cells.slice(0, 5));
    expect(rows).toEqual([
      ['Denver search', '', 'belt', 'Negative exact', ''],
      ['Denver search', 'Wallets', 'belt', 'Negative exact', ''],
      ['Denver search', 'Belts', 'wallet', 'Negative phrase', ''],
    ]);
    expect(tally.result()).toEqual({
      keywords: 0,
      negatives: 2,
      by_reason: { too_long: 0, too_many_words: 0, no_letters: 0, unknown_ad_group: 2 },
      items: [
        { text: 'wallet', kind: 'negative', reason: 'unknown_ad_group', ad_group: 'Shoes' },
        { text: 'free', kind: 'negative', reason: 'unknown_ad_group', ad_group: 'Bags' },
      ],
    });
  });
});
