import { findLine, lineAt, linesStartingWith } from './sorted-lines';
import type { PosLetter, WordNetFiles } from './wordnet-files';
import { parseIndexLine, parseSynsetLine, type IndexEntry, type Synset } from './wordnet-records';

/** Lookups in the WordNet files, in WordNet's spelling of a lemma: lower-case, underscores for spaces. */
export interface WordNet {
  entry(lemma: string, pos: PosLetter): IndexEntry | null;
  synset(pos: PosLetter, offset: number): Synset;
  /** The lemma's synsets of this part of speech, most frequent sense first; [] when it has none. */
  synsetsOf(lemma: string, pos: PosLetter): Synset[];
  /** How often the lemma's senses of this part of speech occur in the tagged corpora (index.sense's tag_cnt). */
  taggedCount(lemma: string, pos: PosLetter): number;
}

/** The ss_type digits of sense keys (`lemma%ss_type:...`); adjectives are either head (3) or satellite (5). */
const senseKeyTypes: Record<PosLetter, string[]> = { n: ['1'], v: ['2'], a: ['3', '5'], r: ['4'] };

export function openWordNet(files: WordNetFiles): WordNet {
  // Lines are parsed on first use and kept: what a generation asks for is a few hundred lemmas, not all 155,000.
  const entries = new Map<string, IndexEntry | null>();
  const synsets: Record<PosLetter, Map<number, Synset>> = { n: new Map(), v: new Map(), a: new Map(), r: new Map() };

  function entry(lemma: string, pos: PosLetter): IndexEntry | null {
    const key = pos + lemma;
    let found = entries.get(key);
    if (found === undefined) {
      const line = lemma === '' ? null : findLine(files.index[pos], lemma);
      found = line === null ? null : parseIndexLine(line);
      entries.set(key, found);
    }
    return found;
  }

  function synset(pos: PosLetter, offset: number): Synset {
    let found = synsets[pos].get(offset);
    if (!found) {
      found = parseSynsetLine(lineAt(files.data[pos], offset), pos);
      if (found.offset !== offset) throw new Error(`WordNet: no ${pos} synset at byte ${offset}`);
      synsets[pos].set(offset, found);
    }
    return found;
  }

  return {
    entry,
    synset,
    synsetsOf: (lemma, pos) => entry(lemma, pos)?.synsetOffsets.map((offset) => synset(pos, offset)) ?? [],
    taggedCount(lemma, pos) {
      let count = 0;
      for (const type of senseKeyTypes[pos]) {
        for (const line of linesStartingWith(files.senses, `${lemma}%${type}:`)) count += Number(line.split(' ')[3]);
      }
      return count;
    },
  };
}
