import { describe, expect, it } from 'vitest';
import { adLineKey, adLineProblem, keepAdLines } from './ad-lines';

// The one checker every writer and the API share: each rule refuses what it should and no more.

const input =
  'Summit Trail\nTrail running shoes for SEO fans and the iPhone crowd, free returns\nrunning shoes\n3d prints';

describe('adLineProblem', () => {
  it.each([
    ['headlines', 'Shop Trail Running Shoes'],
    ['headlines', 'Need Running Shoes?'],
    ['headlines', 'SEO Shoes for the iPhone Crowd'],
    ['headlines', 'Free Returns on Running Shoes'],
    ['headlines', '3D Prints by Summit Trail'],
    ['headlines', 'Café Crème Brûlée Shoes 🏃'],
    ['descriptions', 'Shop trail running shoes from Summit Trail today!'],
    ['descriptions', 'Need running shoes? Summit Trail has you covered.'],
  ] as const)('lets %s "%s" run', (kind, line) => {
    expect(adLineProblem(kind, line, input)).toBeNull();
  });

  it.each([
    ['headlines', 'Shop Trail Running Shoes Today Now', /longer than 30/],
    ['descriptions', `${'Shop running shoes '.repeat(5)}today.`, /longer than 90/],
    ['headlines', 'Shop Running Shoes!', /exclamation/],
    ['descriptions', 'Shop now! Running shoes today!', /more than one exclamation/],
    ['headlines', 'Running Shoes..', /repeats punctuation/],
    ['descriptions', 'Shop running shoes!!', /repeats punctuation/],
    ['descriptions', 'Shop running shoes,, today.', /repeats punctuation/],
    ['headlines', 'Running Shoes?!', /repeats punctuation/],
    ['headlines', 'Running Shoes…', /repeats punctuation/],
    ['headlines', 'RUNNING Shoes', /capitals/],
    ['headlines', 'Running sHOES', /capitals/],
    ['headlines', 'Shoes From 10 Dollars', /number 10/],
    ['headlines', 'Running Shoes $', /claims/],
    ['headlines', 'Award-Winning Running Shoes', /claims/],
    ['headlines', 'Shoes Since 1990', /number 1990/],
    ['headlines', 'Running Shoes 24/7', /number 24/],
    ['headlines', 'Free Shipping on Shoes', /claims "Shipping"/],
    ['headlines', 'Top Rated Running Shoes', /claims/],
    ['headlines', 'Start Your Free Trial', /claims "Trial"/],
    ['headlines', 'Best Running Shoes', /claims "Best"/],
    ['descriptions', 'Shop running shoes today', /does not end a sentence/],
    ['headlines', 'Shop Running Shoes.', /ends on punctuation/],
    ['headlines', ' Running Shoes', /stray spaces/],
    ['headlines', 'Running  Shoes', /stray spaces/],
    ['headlines', 'Shoes Shoes', /repeats a word/],
    ['headlines', '!?', /no words/],
  ] as const)('refuses %s "%s"', (kind, line, problem) => {
    expect(adLineProblem(kind, line, input)).toMatch(problem);
  });

  it('counts the limit by grapheme, as a person does', () => {
    expect(adLineProblem('headlines', 'Café Café Café Café Café Café', input)).toBe('repeats a word');
    expect(adLineProblem('headlines', `${'é'.repeat(30)}`, input)).toBeNull();
    expect(adLineProblem('headlines', `${'e\u0301'.repeat(30)}`, input)).toBeNull();
    expect(adLineProblem('headlines', `Go ${'🏃'.repeat(27)}`, input)).toBeNull();
    expect(adLineProblem('headlines', `Go ${'🏃'.repeat(28)}`, input)).toMatch(/longer than 30/);
    expect(adLineProblem('headlines', `${'é'.repeat(31)}`, input)).toMatch(/longer than 30/);
  });

  it('lets a claim stand when the project makes it', () => {
    const claims = 'Best Pizza in Town since 1990, open 24/7, free delivery';
    expect(adLineProblem('headlines', 'Free Delivery Since 1990', claims)).toBeNull();
    expect(adLineProblem('headlines', 'Open 24/7', claims)).toBeNull();
    expect(adLineProblem('headlines', 'Free Delivery Since 1990', 'Pizza in Town')).not.toBeNull();
  });
});

describe('adLineKey', () => {
  it('is one key for lines that differ only in case, punctuation or spaces', () => {
    expect(adLineKey('Shop Trail-Running Shoes!')).toBe(adLineKey('shop trail running  shoes'));
    expect(adLineKey('STRASSE Shoes')).toBe(adLineKey('Straße shoes'));
    expect(adLineKey('Shop Shoes')).not.toBe(adLineKey('Shop Shoe'));
  });
});

describe('keepAdLines', () => {
  it('drops broken and repeated lines whole, keeping the order, up to the count', () => {
    const lines = keepAdLines(
      'headlines',
      ['Running Shoes', 'running shoes!', 'Shop Trail Running Shoes Today Now', 'Shop Running Shoes', 'Trail Shoes'],
      input,
      [],
      2,
    );
    expect(lines).toEqual(['Running Shoes', 'Shop Running Shoes']);
  });
});
