import { activitiesOf, agentsOf } from './derivations';
import { nounBase, pluralOf, verbBase } from './morphology';
import { toLemma, toTypedForm, wordsOf } from './phrase';
import { openWordNet, type WordNet } from './wordnet';
import { readWordNetFiles, type PosLetter } from './wordnet-files';
import type { Synset } from './wordnet-records';

export type PartOfSpeech = 'noun' | 'verb' | 'adjective' | 'adverb';

/** English words and their relations, from WordNet 3.1. Phrases are words joined by spaces, any case. */
export interface Lexicon {
  /** Parts of speech WordNet lists the lemma under (words joined by spaces, lower-case). */
  partsOfSpeech(lemma: string): PartOfSpeech[];
  /**
   * How often the lemma's senses of this part of speech were seen in WordNet's semantically tagged texts (the tag
   * counts of index.sense, summed); 0 when unknown.
   */
  familiarity(lemma: string, pos: PartOfSpeech): number;
  /** Base form of a noun ("batteries" -> "battery", "dog walkers" -> "dog walker"); null when WordNet has no such noun. */
  nounBase(word: string): string | null;
  /** Base form of a verb ("walking" -> "walk", "roasted" -> "roast"); null when none. */
  verbBase(word: string): string | null;
  /** The plural a person types: "class" -> "classes", "tooth" -> "teeth", "dog walker" -> "dog walkers". */
  pluralOf(noun: string): string;
  /**
   * Lexicographer file names of the noun's senses, most frequent sense first, each once ("dentist" ->
   * ['noun.person']); a phrase WordNet lacks gets its last word's; [] when not a noun. Accepts plurals.
   */
  nounCategories(noun: string): string[];
  /** Lexicographer file names of the verb's senses, most frequent sense first, each once ("roof" -> ['verb.contact']). */
  verbCategories(verb: string): string[];
  /**
   * Other lemmas of the noun phrase's most frequent sense: lower-case, spaces, without the phrase itself,
   * proper names or lemmas over 3 words ("attorney" -> "lawyer"); [] for a phrase WordNet lacks.
   */
  synonyms(phrase: string): string[];
  /** People who do an activity, most familiar first, modifiers kept: "dog walking" -> ["dog walker"]. */
  agentsOf(activity: string): string[];
  /** The activity a person does, as a noun people search, modifiers kept: "dog walker" -> ["dog walking"]. */
  activitiesOf(agent: string): string[];
  /**
   * The lemmas of the hypernyms of the first sense ("espresso" -> "coffee"); for a phrase WordNet lacks whose
   * last word it has, that word ("screen repair" -> ["repair"]); [] for unknown.
   */
  broaderTerms(phrase: string): string[];
  /** Whether a sense of the noun is a kind of worker ("roofer", "gardener"); not a "biker" or a "fencer". */
  isWorker(noun: string): boolean;
}

const posLetters: Record<PartOfSpeech, PosLetter> = { noun: 'n', verb: 'v', adjective: 'a', adverb: 'r' };
const maxSynonymWords = 3;

let lexicon: Lexicon | undefined;

/** The English lexicon, loaded from WordNet on first call (synchronous, then cached). */
export function loadLexicon(): Lexicon {
  lexicon ??= createLexicon(openWordNet(readWordNetFiles()));
  return lexicon;
}

function createLexicon(wordNet: WordNet): Lexicon {
  /** The noun's synsets, most frequent first, and whether they are the whole phrase's or only its last word's. */
  function nounSenses(phrase: string): { synsets: Synset[]; lemma: string; isWholePhrase: boolean } | null {
    const base = nounBase(wordNet, phrase);
    if (base === null) return null;
    const lemma = toLemma(wordsOf(base));
    const synsets = wordNet.synsetsOf(lemma, 'n');
    if (synsets.length > 0) return { synsets, lemma, isWholePhrase: true };
    const head = wordsOf(base).at(-1)!;
    return { synsets: wordNet.synsetsOf(head, 'n'), lemma: head, isWholePhrase: false };
  }

  return {
    partsOfSpeech(lemma) {
      const key = toLemma(wordsOf(lemma));
      return (Object.keys(posLetters) as PartOfSpeech[]).filter((pos) => wordNet.entry(key, posLetters[pos]));
    },
    familiarity: (lemma, pos) => wordNet.taggedCount(toLemma(wordsOf(lemma)), posLetters[pos]),
    nounBase: (word) => nounBase(wordNet, word),
    verbBase: (word) => verbBase(wordNet, word),
    pluralOf: (noun) => pluralOf(wordNet, noun),
    nounCategories(noun) {
      return [...new Set(nounSenses(noun)?.synsets.map((synset) => synset.lexFile))];
    },
    verbCategories(verb) {
      const base = verbBase(wordNet, verb);
      return base === null
        ? []
        : [...new Set(wordNet.synsetsOf(toLemma(wordsOf(base)), 'v').map((synset) => synset.lexFile))];
    },
    synonyms(phrase) {
      const senses = nounSenses(phrase);
      if (!senses?.isWholePhrase) return [];
      const typed = senses.synsets[0]!.words.map(toTypedForm);
      const others = typed.filter(
        (word): word is string => word !== null && word !== senses.lemma.replaceAll('_', ' '),
      );
      return [...new Set(others)].filter((word) => word.split(' ').length <= maxSynonymWords);
    },
    agentsOf: (activity) => agentsOf(wordNet, activity),
    activitiesOf: (agent) => activitiesOf(wordNet, agent),
    broaderTerms(phrase) {
      const senses = nounSenses(phrase);
      if (!senses || senses.synsets.length === 0) return [];
      if (!senses.isWholePhrase) return [senses.lemma];
      const hypernyms = senses.synsets[0]!.pointers.filter(({ symbol }) => symbol === '@' || symbol === '@i');
      const lemmas = hypernyms.flatMap(({ targetPos, targetOffset }) => wordNet.synset(targetPos, targetOffset).words);
      return [...new Set(lemmas.map((lemma) => lemma.toLowerCase().replaceAll('_', ' ')))];
    },
    isWorker(noun) {
      const senses = nounSenses(noun);
      if (!senses?.isWholePhrase) return false;
      return senses.synsets.some((synset) => synset.lexFile === 'noun.person' && reachesWorker(wordNet, synset));
    },
  };
}

/** Hypernyms far enough up to pass from a trade (roofer, craftsman, skilled worker) to `worker`. */
const maxWorkerDepth = 4;

function reachesWorker(wordNet: WordNet, synset: Synset): boolean {
  let level = [synset];
  for (let depth = 0; depth < maxWorkerDepth && level.length > 0; depth++) {
    level = level.flatMap((current) =>
      current.pointers
        .filter(({ symbol }) => symbol === '@')
        .map(({ targetPos, targetOffset }) => wordNet.synset(targetPos, targetOffset)),
    );
    if (level.some((hypernym) => hypernym.words.includes('worker'))) return true;
  }
  return false;
}
