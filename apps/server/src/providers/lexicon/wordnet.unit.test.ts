import { describe, expect, it } from 'vitest';
import { findLine, linesStartingWith } from './sorted-lines';
import { openWordNet } from './wordnet';
import { readWordNetFiles, type PosLetter } from './wordnet-files';
import { parseIndexLine, parseSynsetLine } from './wordnet-records';

const files = readWordNetFiles();
const wordNet = openWordNet(files);

describe('binary search over sorted lines', () => {
  const lines = Buffer.from('  licence text\napple x\napple_pie y\napples z\nbanana w\ncherry v', 'latin1');

  it('finds the first, middle and last lines by their first field', () => {
    expect(findLine(lines, 'apple')).toBe('apple x');
    expect(findLine(lines, 'apples')).toBe('apples z');
    expect(findLine(lines, 'cherry')).toBe('cherry v');
  });

  it('finds nothing for a key between, before or after the lines, or a prefix of a key', () => {
    for (const key of ['apple_p', 'appl', 'aardvark', 'blueberry', 'zucchini']) expect(findLine(lines, key)).toBeNull();
  });

  it('lists the lines that start with a prefix, and none past them', () => {
    expect(linesStartingWith(lines, 'apple')).toEqual(['apple x', 'apple_pie y', 'apples z']);
    expect(linesStartingWith(lines, 'ba')).toEqual(['banana w']);
    expect(linesStartingWith(lines, 'd')).toEqual([]);
  });

  // The search relies on WordNet sorting its index files by byte value; this holds it to every lemma.
  it.each(['n', 'v', 'a', 'r'] as PosLetter[])('finds every lemma of index.%s at its own line', (pos) => {
    const text = files.index[pos].toString('latin1');
    const lemmas = text
      .split('\n')
      .filter((line) => line && !line.startsWith(' '))
      .map((line) => line.slice(0, line.indexOf(' ')));
    expect(lemmas.length).toBeGreaterThan(4000);
    const missing = lemmas.filter((lemma) => findLine(files.index[pos], lemma)?.startsWith(`${lemma} `) !== true);
    expect(missing).toEqual([]);
  });
});

describe('WordNet records', () => {
  it('reads an index line: offsets in sense order and the count of tagged senses', () => {
    const entry = parseIndexLine('tutor v 2 2 @ + 2 1 00831849 02598823  ');
    expect(entry).toEqual({ lemma: 'tutor', synsetOffsets: [831849, 2598823], taggedSenseCount: 1 });
  });

  it('reads a synset line whose word count is hexadecimal (0a = 10 words)', () => {
    const line = findSynsetLine('mischief', 'n');
    const synset = parseSynsetLine(line, 'n');
    expect(synset.words).toHaveLength(10);
    expect(synset.words.slice(0, 3)).toEqual(['mischief', 'mischief-making', 'mischievousness']);
    expect(synset.lexFile).toBe('noun.act');
    expect(synset.pointers[0]).toMatchObject({ symbol: '@', targetPos: 'n', sourceWord: 0, targetWord: 0 });
  });

  it('reads the source and target word numbers of a derivational link', () => {
    // 00831849 tutor (verb) links its first word to the first word of tutelage/tuition/tutorship.
    const [tutor] = wordNet.synsetsOf('tutor', 'v');
    const link = tutor!.pointers.find(({ symbol }) => symbol === '+')!;
    expect(link).toMatchObject({ targetPos: 'n', sourceWord: 1, targetWord: 1 });
    expect(wordNet.synset(link.targetPos, link.targetOffset).words).toEqual(['tutelage', 'tuition', 'tutorship']);
  });

  it('drops the position markers of adjectives', () => {
    const words = wordNet.synsetsOf('galore', 'a').flatMap((synset) => synset.words);
    expect(words).toContain('galore');
  });

  it('keeps a parsed synset, and refuses an offset that is not a synset', () => {
    const [offset] = wordNet.entry('dog', 'n')!.synsetOffsets;
    expect(wordNet.synset('n', offset!)).toBe(wordNet.synset('n', offset!));
    expect(() => wordNet.synset('n', offset! + 1)).toThrow(/no n synset/);
  });

  it('sums the tagged-text counts of a lemma by part of speech', () => {
    expect(wordNet.taggedCount('walk', 'v')).toBeGreaterThan(wordNet.taggedCount('walk', 'n'));
    expect(wordNet.taggedCount('walk', 'n')).toBeGreaterThan(0);
    expect(wordNet.taggedCount('xyzzy', 'n')).toBe(0);
  });
});

function findSynsetLine(lemma: string, pos: PosLetter): string {
  const offsets = parseIndexLine(findLine(files.index[pos], lemma)!).synsetOffsets;
  const data = files.data[pos];
  return data.toString('latin1', offsets[0], data.indexOf(0x0a, offsets[0]));
}
