import type { PosLetter } from './wordnet-files';

// The line formats of WordNet's index and data files (wndb(5WN)).

/** A lemma's line in index.{pos}: its synsets in sense-frequency order. */
export interface IndexEntry {
  lemma: string;
  /** Byte offsets into data.{pos}, most frequent sense first. */
  synsetOffsets: number[];
  /** How many of the senses were seen in the semantically tagged corpora (not how often). */
  taggedSenseCount: number;
}

export interface Pointer {
  /** `@` hypernym, `@i` instance hypernym, `+` derivationally related form, and so on. */
  symbol: string;
  targetOffset: number;
  targetPos: PosLetter;
  /** The word of this synset the pointer leaves from, counting from 1; 0 when the whole synset does. */
  sourceWord: number;
  /** The word of the target synset it reaches, counting from 1; 0 for the whole synset. */
  targetWord: number;
}

/** A synset's line in data.{pos}, without its gloss and verb frames. */
export interface Synset {
  offset: number;
  pos: PosLetter;
  /** The lexicographer file it came from, e.g. `noun.person`. */
  lexFile: string;
  /** Its lemmas as WordNet spells them: case kept, underscores for spaces, adjective markers such as `(p)` removed. */
  words: string[];
  pointers: Pointer[];
}

/** Lexicographer file names by number, from WordNet's lexnames file (3.0 and 3.1 share it). */
const lexicographerFiles = [
  'adj.all',
  'adj.pert',
  'adv.all',
  'noun.Tops',
  'noun.act',
  'noun.animal',
  'noun.artifact',
  'noun.attribute',
  'noun.body',
  'noun.cognition',
  'noun.communication',
  'noun.event',
  'noun.feeling',
  'noun.food',
  'noun.group',
  'noun.location',
  'noun.motive',
  'noun.object',
  'noun.person',
  'noun.phenomenon',
  'noun.plant',
  'noun.possession',
  'noun.process',
  'noun.quantity',
  'noun.relation',
  'noun.shape',
  'noun.state',
  'noun.substance',
  'noun.time',
  'verb.body',
  'verb.change',
  'verb.cognition',
  'verb.communication',
  'verb.competition',
  'verb.consumption',
  'verb.contact',
  'verb.creation',
  'verb.emotion',
  'verb.motion',
  'verb.perception',
  'verb.possession',
  'verb.social',
  'verb.stative',
  'verb.weather',
  'adj.ppl',
] as const;

export function lexicographerFileName(fileNumber: number): string {
  const name = lexicographerFiles[fileNumber];
  if (!name) throw new Error(`WordNet: unknown lexicographer file ${fileNumber}`);
  return name;
}

/** `lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset [synset_offset...]` */
export function parseIndexLine(line: string): IndexEntry {
  const fields = line.trimEnd().split(' ');
  const synsetCount = Number(fields[2]);
  const pointerCount = Number(fields[3]);
  const taggedSenseCount = Number(fields[5 + pointerCount]);
  const offsetsStart = 6 + pointerCount;
  return {
    lemma: fields[0]!,
    synsetOffsets: fields.slice(offsetsStart, offsetsStart + synsetCount).map(Number),
    taggedSenseCount,
  };
}

/**
 * `synset_offset lex_filenum ss_type w_cnt word lex_id [word lex_id...] p_cnt [ptr...] [frames...] | gloss`;
 * w_cnt, lex_id and the pointers' source/target are hexadecimal, p_cnt is decimal.
 */
export function parseSynsetLine(line: string, pos: PosLetter): Synset {
  const glossAt = line.indexOf(' | ');
  const fields = (glossAt < 0 ? line : line.slice(0, glossAt)).trimEnd().split(' ');
  const wordCount = parseInt(fields[3]!, 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push(fields[4 + i * 2]!.replace(/\(\w+\)$/, ''));
  const pointersAt = 4 + wordCount * 2;
  const pointerCount = Number(fields[pointersAt]);
  const pointers: Pointer[] = [];
  for (let i = 0; i < pointerCount; i++) {
    const at = pointersAt + 1 + i * 4;
    const sourceTarget = fields[at + 3]!;
    pointers.push({
      symbol: fields[at]!,
      targetOffset: Number(fields[at + 1]),
      targetPos: toPosLetter(fields[at + 2]!),
      sourceWord: parseInt(sourceTarget.slice(0, 2), 16),
      targetWord: parseInt(sourceTarget.slice(2), 16),
    });
  }
  return { offset: Number(fields[0]), pos, lexFile: lexicographerFileName(Number(fields[1])), words, pointers };
}

/** Satellite adjectives (`s`) are stored with the other adjectives. */
function toPosLetter(letter: string): PosLetter {
  if (letter === 'n' || letter === 'v' || letter === 'a' || letter === 'r') return letter;
  if (letter === 's') return 'a';
  throw new Error(`WordNet: unknown part of speech ${letter}`);
}
