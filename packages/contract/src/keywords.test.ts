import { describe, expect, it } from 'vitest';
import { splitKeywordText } from './keywords';

describe('splitKeywordText', () => {
  it('splits a pasted list by lines and commas, tidies each part and drops empty ones', () => {
    expect(splitKeywordText('physio near me, back pain physio leeds')).toEqual([
      'physio near me',
      'back pain physio leeds',
    ]);
    expect(splitKeywordText('  Sports  massage \r\n\n, ,knee clinic,\nphysio near me')).toEqual([
      'Sports massage',
      'knee clinic',
      'physio near me',
    ]);
    expect(splitKeywordText(' , \n ')).toEqual([]);
  });

  it('keeps repeats: the server counts them as skipped', () => {
    expect(splitKeywordText('a\nA')).toEqual(['a', 'A']);
  });
});
