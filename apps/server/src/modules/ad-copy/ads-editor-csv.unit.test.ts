import { describe, expect, it } from 'vitest';
import { googleAdsKeyword } from './ads-editor-csv';

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
