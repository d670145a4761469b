import { describe, expect, it } from 'vitest';
import { generatorLengthOptions, keywordLengthRules, moreKeywordsLengthOptions } from './generation';
import { messages } from './messages';

const { keywordsShortfall } = messages;

describe('keywordsShortfall', () => {
  it('names the count and the word count, and suggests a wider rule of the generator', () => {
    expect(keywordsShortfall(12, '2')).toBe(
      'Only 12 keywords of 2 words fit this description. Choose 2-3 words for more.',
    );
    expect(keywordsShortfall(12, '1-2')).toBe(
      'Only 12 keywords of 1-2 words fit this description. Choose 2-3 words for more.',
    );
    expect(keywordsShortfall(12, '3+')).toBe(
      'Only 12 keywords of 3 or more words fit this description. Choose 2-3 words for more.',
    );
    expect(keywordsShortfall(12, '4+')).toBe(
      'Only 12 keywords of 4 or more words fit this description. Choose 3 or more words for more.',
    );
    expect(keywordsShortfall(12, '3-4')).toBe(
      'Only 12 keywords of 3-4 words fit this description. Choose 3 or more words for more.',
    );
  });

  it('asks for more about the offer when the generator has no wider rule', () => {
    expect(keywordsShortfall(12, '2-3')).toBe(
      'Only 12 keywords of 2-3 words fit this description. Add more about what you offer to the description for more.',
    );
    expect(keywordsShortfall(12, 'any')).toBe(
      'Only 12 keywords fit this description. Add more about what you offer to the description for more.',
    );
  });

  it('speaks of one keyword, and of none', () => {
    expect(keywordsShortfall(1, '2')).toBe(
      'Only 1 keyword of 2 words fits this description. Choose 2-3 words for more.',
    );
    expect(keywordsShortfall(0, '2')).toBe('No keywords of 2 words fit this description. Choose 2-3 words for more.');
  });

  it('speaks of new keywords in Generate More and the analysis dialog, and suggests Any', () => {
    const more = { dialog: 'more' } as const;
    expect(keywordsShortfall(12, '2', more)).toBe(
      'Only 12 new keywords of 2 words fit this description. Choose any number of words for more.',
    );
    expect(keywordsShortfall(12, '2-3', more)).toBe(
      'Only 12 new keywords of 2-3 words fit this description. Choose any number of words for more.',
    );
    expect(keywordsShortfall(1, '3-4', more)).toBe(
      'Only 1 new keyword of 3-4 words fits this description. Choose any number of words for more.',
    );
    expect(keywordsShortfall(12, 'any', more)).toBe(
      'Only 12 new keywords fit this description. Add more about what you offer to the description for more.',
    );
    expect(keywordsShortfall(0, 'any', more)).toBe(
      'No new keywords fit this description. Add more about what you offer to the description for more.',
    );
  });

  it('blames the CPC range when the bounds left keywords out', () => {
    const byCpc = { dialog: 'more', byCpcRange: true } as const;
    expect(keywordsShortfall(12, '2', byCpc)).toBe(
      'Only 12 new keywords in this CPC range fit this description. Widen the CPC range for more.',
    );
    expect(keywordsShortfall(1, 'any', byCpc)).toBe(
      'Only 1 new keyword in this CPC range fits this description. Widen the CPC range for more.',
    );
    expect(keywordsShortfall(0, '3+', byCpc)).toBe(
      'No new keywords in this CPC range fit this description. Widen the CPC range for more.',
    );
  });

  it('suggests only a rule the dialog offers, and never the rule that fell short', () => {
    const offered = { generator: generatorLengthOptions, more: moreKeywordsLengthOptions } as const;
    const labels: Record<string, string> = {
      '1-2 words': '1-2',
      '2 words': '2',
      '2-3 words': '2-3',
      '3 or more words': '3+',
      '4 or more words': '4+',
      '3-4 words': '3-4',
      'any number of words': 'any',
    };
    for (const dialog of ['generator', 'more'] as const) {
      for (const rule of keywordLengthRules) {
        const text = keywordsShortfall(5, rule, { dialog });
        const suggested = /Choose (.+) for more\.$/.exec(text)?.[1];
        if (suggested === undefined) {
          expect(text, `${dialog} ${rule}`).toMatch(/Add more about what you offer to the description for more\.$/);
          continue;
        }
        const suggestedRule = labels[suggested];
        expect(offered[dialog] as readonly string[], `${dialog} ${rule} suggests ${suggested}`).toContain(
          suggestedRule,
        );
        expect(suggestedRule, `${dialog} ${rule}`).not.toBe(rule);
      }
    }
  });
});

describe('pastedKeywordsSummary', () => {
  const { pastedKeywordsSummary } = messages;
  it('says how many were added and names a few skipped as in the project', () => {
    expect(pastedKeywordsSummary({ added: 3, repeated: 0, existing: [] })).toBe('Added 3 keywords.');
    expect(pastedKeywordsSummary({ added: 1, repeated: 1, existing: ['physio leeds'] })).toBe(
      'Added 1 keyword; skipped 1 already in the project (physio leeds) and 1 repeated in what you pasted.',
    );
    expect(pastedKeywordsSummary({ added: 0, repeated: 2, existing: ['a', 'b', 'c', 'd'] })).toBe(
      'No keywords added; skipped 4 already in the project and 2 repeated in what you pasted.',
    );
  });
});
