import { describe, expect, it } from 'vitest';
import { fillTemplate, kindOfPhrase, singularPhrase } from './kinds';
import { emptyPhraseContext, keywordProblem, type PhraseContext } from './phrase-quality';

const dental: PhraseContext = {
  modifierWords: new Set(['family', 'teeth', 'emergency']),
  verbs: new Set(['offering']),
  city: 'denver',
  audiences: ['families'],
  brand: 'bright smile dental',
  competitors: ['aspen dental'],
  defaultKind: 'service',
};

const bakery: PhraseContext = {
  modifierWords: new Set(['custom', 'same-day', 'office', 'sourdough']),
  verbs: new Set(),
  city: 'portland',
  audiences: ['office managers'],
  brand: 'rose city bakery',
  competitors: [],
  defaultKind: 'goods',
};

const accounting: PhraseContext = {
  modifierWords: new Set(['cloud', 'bank', 'tax']),
  verbs: new Set(),
  city: '',
  audiences: ['small business owners'],
  brand: 'ledgerly',
  competitors: ['quickbooks', 'xero'],
  defaultKind: 'feature',
};

describe('phrase-quality gate', () => {
  it.each([
    ['teeth cleaning price', dental],
    ['best emergency dentist', dental],
    ['aspen dental alternative', dental],
    ['aspen dental vs bright smile dental', dental],
    ['bright smile dental reviews', dental],
    ['how much do dental implants cost', dental],
    ['how much does an emergency dentist cost', dental],
    ['teeth whitening denver', dental],
    ['best dental clinic in denver', dental],
    ['teeth whitening for families', dental],
    ['what are dental implants', dental],
    ['dentist near me', dental],
    ['custom cakes portland', bakery],
    ['buy sourdough bread', bakery],
    ['custom cake delivery', bakery],
    ['where to buy pastries', bakery],
    ['office catering near me', bakery],
    ['pastries for office managers', bakery],
    ['bank reconciliation software', accounting],
    ['what is bank reconciliation', accounting],
    ['accounting software pricing', accounting],
    ['quickbooks vs ledgerly', accounting],
    ['invoicing for small business owners', accounting],
    // What a model or a seed may bring that no template writes is judged as a phrase.
    ['invoice generator for freelancers', accounting],
    ['running shoes for beginners', emptyPhraseContext],
    // Names alone are searched; so are a person of the trade and goods with a word more.
    ['ledgerly', accounting],
    ['family dentist', dental],
    ['cheap sourdough bread', bakery],
    ['how to store coffee beans', emptyPhraseContext],
    // A verb's noun after one thing is work done; a shop is said to be owned by a family.
    ['lash lift', emptyPhraseContext],
    ['family-owned furniture store', emptyPhraseContext],
  ])('keeps "%s"', (keyword, context) => {
    expect(keywordProblem(keyword, context)).toBeNull();
  });

  it.each([
    // The examples: verbs of the description, words that only qualify, the audience as the offer.
    ['clinic offering teeth', dental, 'built from a verb'],
    ['offering teeth benefits', dental, 'built from a verb'],
    ['cheap clinic offering', dental, 'built from a verb'],
    ['what is teeth', dental, 'ends on a word that only qualifies another'],
    ['buy family', dental, 'ends on a word that only qualifies another'],
    ['family brands', dental, 'ends on a word that only qualifies another'],
    ['emergency for families', dental, 'ends on a word that only qualifies another'],
    ['emergency', dental, 'ends on a word that only qualifies another'],
    ['custom near me', bakery, 'ends on a word that only qualifies another'],
    ['same-day portland', bakery, 'ends on a word that only qualifies another'],
    ['what is office', bakery, 'ends on a word that only qualifies another'],
    ['bank near me', accounting, 'ends on a word that only qualifies another'],
    ['tax near me', accounting, 'ends on a word that only qualifies another'],
    ['cheap custom', emptyPhraseContext, 'ends on a word that only qualifies another'],
    // Templates that do not suit the kind of thing.
    ['buy dental implants', dental, '"buy {p}" does not suit service'],
    ['buy dental clinic', dental, '"buy {p}" does not suit place'],
    ['where to buy dental implants', dental, '"where to buy {p}" does not suit service'],
    ['teeth whitening brands', dental, '"{p1} brands" does not suit service'],
    ['accounting software near me', accounting, '"{p} near me" does not suit software'],
    ['buy tax reports', accounting, '"buy {p}" does not suit feature'],
    ['how to use invoicing', accounting, '"how to use {p}" does not suit feature'],
    ['custom cakes brands', bakery, '"{p1} brands" does not read right for "custom cakes"'],
    ['pastries reviews', bakery, '"{p} reviews" does not suit goods'],
    // Places only after a whole offer, names only with their own templates.
    ['portland cost', bakery, 'a place, not an offer'],
    ['best bright smile dental for families', dental, 'a name with the wrong template'],
    // The audience is never the offer.
    ['small businesses for small business owners', accounting, 'names the audience, not the offer'],
    // Too broad, doubled, or glued wrong.
    ['software', accounting, 'too broad alone'],
    ['clinic near me', dental, 'too broad alone'],
    ['teeth teeth whitening', dental, 'a word twice'],
    ['whitening for', dental, 'starts or ends on a glue word'],
    // One word alone is everyone's search; a price hunt needs more than one word of goods.
    ['dentist', dental, 'one word alone is too broad'],
    ['pastries', bakery, 'one word alone is too broad'],
    ['cheap pastries', bakery, '"cheap {p}" does not read right for "pastries"'],
    ['pastry deals', bakery, '"{p1} deals" does not read right for "pastry"'],
    // Said of them, not an offer; who owns a shop is not a quality of its goods.
    ['walk-ins welcome', emptyPhraseContext, 'says something of them ("walk-ins welcome"), not an offer'],
    ['dogs welcome', emptyPhraseContext, 'says something of them ("walk-ins welcome"), not an offer'],
    ['family-owned furniture', emptyPhraseContext, 'says who owns the shop'],
    [
      'how to store corrugated boxes',
      emptyPhraseContext,
      '"how to store {p}" does not read right for "corrugated boxes"',
    ],
  ])('rejects "%s"', (keyword, context, reason) => {
    expect(keywordProblem(keyword, context)).toBe(reason);
  });

  it('reads a keyword bare when the project ends a phrase on its last word, unless a template starts it', () => {
    // "accounting" only ever stands before a noun in this project's text.
    const reader = { ...accounting, modifierWords: new Set(['accounting']) };
    const maker = { ...reader, heads: new Set(['software', 'reconciliation']) };
    expect(keywordProblem('accounting software', maker)).toBeNull();
    expect(keywordProblem('accounting software', reader)).toBe('ends on a word that only qualifies another');
    expect(keywordProblem('buy accounting software', maker)).toBe('"buy {p}" does not suit software');
  });

  it('asks how to choose a dentist, not a bakery', () => {
    expect(keywordProblem('how to choose a dentist', dental)).toBeNull();
    expect(keywordProblem('how to choose a bakery', bakery)).not.toBeNull();
  });

  it('tells goods, services, software, people and places apart by the head word', () => {
    expect(kindOfPhrase('sourdough bread')).toBe('goods');
    expect(kindOfPhrase('teeth whitening')).toBe('service');
    expect(kindOfPhrase('accounting software')).toBe('software');
    expect(kindOfPhrase('invoicing', 'feature')).toBe('feature');
    expect(kindOfPhrase('emergency dentist')).toBe('person');
    expect(kindOfPhrase('dental clinic')).toBe('place');
    // A head no list names takes its kind from WordNet's class of the word; an unknown word stays a thing.
    expect(kindOfPhrase('widgets')).toBe('goods');
    expect(kindOfPhrase('dog walking')).toBe('service');
    expect(kindOfPhrase('daily walks')).toBe('service');
    expect(kindOfPhrase('back pain')).toBe('problem');
    expect(kindOfPhrase('scented candles')).toBe('goods');
    expect(kindOfPhrase('zorbles')).toBe('thing');
  });

  it('writes templates in good English', () => {
    expect(fillTemplate('how much does a {p} cost', { p: 'emergency dentist' })).toBe(
      'how much does an emergency dentist cost',
    );
    expect(fillTemplate('{p1} delivery', { p: 'pastries' })).toBe('pastry delivery');
    expect(singularPhrase('custom cakes')).toBe('custom cake');
    expect(singularPhrase('glass')).toBe('glass');
    expect(singularPhrase('boxes')).toBe('box');
  });

  it("takes a place or a phrase with $ signs as written (no replacement patterns such as $' or $&)", () => {
    const dollarTown: PhraseContext = { ...bakery, city: "st. john's $'&" };
    expect(keywordProblem("custom cakes st. john's $'&", dollarTown)).toBeNull();
    expect(fillTemplate('{p1} delivery', { p: "$&$' cakes" })).toBe("$&$' cake delivery");
  });
});
