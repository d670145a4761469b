import { describe, expect, it } from 'vitest';
import { searcherIn, searcherWords, searcherWordsFor } from './searcher-words';

const kindsFor = (text: string, sellsGoods: boolean) =>
  searcherWordsFor({ text, sellsGoods }).map((entry) => entry.kind);

const words = (search: string) => search.split(' ');

describe('the word table', () => {
  it('holds lower-case words, each word in one kind only', () => {
    const all = searcherWords.flatMap((entry) => entry.words);
    expect(new Set(all).size).toBe(all.length);
    for (const word of all) expect(word).toBe(word.toLowerCase().trim());
  });

  it('keeps for a shop of new goods the searchers it does not serve', () => {
    expect(kindsFor('handmade leather wallets, belts and bags', true)).toEqual([
      'job_seekers',
      'do_it_yourself',
      'freebies',
      'second_hand',
      'manuals',
      'repairs',
    ]);
  });

  it('never turns a business’s own trade into a negative', () => {
    // A repair service is searched with "repair"; it sells no goods, so neither "used" nor "manual" apply.
    expect(kindsFor('phone repair shop: screens and batteries fixed while you wait', false)).toEqual([
      'job_seekers',
      'do_it_yourself',
      'freebies',
    ]);
    // A used-car dealer sells what is "used".
    expect(kindsFor('used cars and pre-owned vans', true)).not.toContain('second_hand');
    // A recruitment agency is searched with "jobs".
    expect(kindsFor('recruitment agency for nurses', false)).not.toContain('job_seekers');
    // A business that gives something away is searched with "free".
    expect(kindsFor('dental clinic, free consultation', false)).not.toContain('freebies');
    // A school teaches how to.
    expect(kindsFor('pottery classes for beginners', false)).not.toContain('do_it_yourself');
  });
});

describe('searcherIn', () => {
  const all = searcherWordsFor({ text: 'leather wallets', sellsGoods: true });

  it('finds the longest run of the table’s words, whole words only', () => {
    expect(searcherIn(words('leather wallet repair manual'), all)).toEqual({
      kind: 'manuals',
      phrase: 'repair manual',
    });
    expect(searcherIn(words('how to make a leather wallet'), all)).toEqual({
      kind: 'do_it_yourself',
      phrase: 'how to',
    });
    expect(searcherIn(words('leather goods jobs'), all)).toEqual({ kind: 'job_seekers', phrase: 'jobs' });
    // Of runs as long, the kind first in the table: a wallet repair job is sought by a job seeker.
    expect(searcherIn(words('wallet repair jobs'), all)).toEqual({ kind: 'job_seekers', phrase: 'jobs' });
    expect(searcherIn(words('freestyle wallet'), all)).toBeNull();
    expect(searcherIn(words('leather wallet'), all)).toBeNull();
  });
});
