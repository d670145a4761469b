import { gerundOf, nounBase, verbBase } from './morphology';
import { sharedPrefixLength, toLemma, toTypedForm, withHead, wordsOf } from './phrase';
import type { PosLetter } from './wordnet-files';
import type { WordNet } from './wordnet';
import type { Synset } from './wordnet-records';

// Between an activity and the person who does it (walking and walker, photography and photographer): WordNet's
// derivational links first, then the same word-formation rules checked against the index, because WordNet
// links only some pairs (plumbing and plumber, tutoring and tutor, catering and caterer are not linked).

/** Endings that turn a stem into the person who does it: walk-er, landscape-r, tutor, therap-ist, account-ant. */
const agentEndings = ['', 'er', 'r', 'or', 'ist', 'ian', 'ant', 'ent'];
/** Endings that turn a stem into the activity: plumb-ing, photograph-y, dentist-ry, account-ancy, chiropract-ic. */
const activityEndings = ['ing', 'y', 'ry', 'ancy', 'ency', 'ic', 'ics'];
/** What people search as the activity: walking, therapy, dentistry (rather than walk or tutorship). */
const searchedActivity = /(ing|y)$/;
/** An activity as WordNet files it: an act (walking, photography) or a discipline (dentistry). */
const activityFiles = new Set(['noun.act', 'noun.cognition']);
/** Shorter stems than this are shared by chance (walk and wall), unless one of the words is that short. */
const minimumStem = 4;

/** People who do the activity, most familiar first; modifiers kept ("dog walking" -> "dog walker"). */
export function agentsOf(wordNet: WordNet, activity: string): string[] {
  // A "hedge trimmer" or a "lawn mower" is a tool: a phrase WordNet files as no person is not the agent.
  return keepingModifiers(activity, (lemma) => findAgents(wordNet, lemma)).filter((agent) => {
    const synsets = wordNet.synsetsOf(lemmaOf(agent)!, 'n');
    return synsets.length === 0 || synsets.some((synset) => synset.lexFile === 'noun.person');
  });
}

/** The activity a person does, as a noun people search; modifiers kept ("dog walker" -> "dog walking"). */
export function activitiesOf(wordNet: WordNet, agent: string): string[] {
  return keepingModifiers(agent, (lemma) => findActivities(wordNet, lemma));
}

/** The whole phrase when WordNet knows it ("landscape gardening"), else its last word with the others kept. */
function keepingModifiers(phrase: string, find: (lemma: string) => string[]): string[] {
  const words = wordsOf(phrase);
  if (words.length === 0) return [];
  const whole = find(toLemma(words));
  if (whole.length > 0 || words.length === 1) return whole;
  return find(words.at(-1)!).map((head) => withHead(words, head));
}

function findAgents(wordNet: WordNet, lemma: string): string[] {
  const noun = lemmaOf(nounBase(wordNet, lemma));
  const nounSynsets = noun ? wordNet.synsetsOf(noun, 'n') : [];
  const isGerund = lemma.endsWith('ing');
  // Someone phones, but a phone is not an activity: only -ing words and nouns of acts have agents.
  if (!isGerund && !nounSynsets.some((synset) => activityFiles.has(synset.lexFile))) return [];
  // An -ing word is also its verb (tutoring is tutor), whether or not WordNet lists the -ing noun.
  const verb = isGerund || nounSynsets.length === 0 ? lemmaOf(verbBase(wordNet, lemma)) : null;
  const nouns = nounSynsets.map((synset) => ({ synset, word: noun! }));
  const verbs = [
    ...(verb ? wordNet.synsetsOf(verb, 'v').map((synset) => ({ synset, word: verb })) : []),
    ...nouns.flatMap(({ synset, word }) => linkedWords(wordNet, synset, word, 'v')),
  ];
  const linked = [...nouns, ...verbs]
    .flatMap(({ synset, word }) => linkedWords(wordNet, synset, word, 'n'))
    .filter(({ synset }) => synset.lexFile === 'noun.person')
    .map(({ word }) => word);
  const stems = stemsOf(noun ?? lemma, activityEndings, verb);
  const formed = stems
    .flatMap((stem) => agentEndings.map((ending) => stem + ending))
    .filter((word) => isWordOf(wordNet, word, (lexFile) => lexFile === 'noun.person'));
  // A trainee is trained: -ee names whom the act is done to.
  const agents = relatedForms(stems, [...linked, ...formed]).filter((word) => !word.endsWith('ee'));
  // A fencer rather than a fence, a cleaner rather than a clean: the bare stem only when nothing is derived.
  const derived = agents.filter((word) => !stems.includes(lemmaOf(word)!));
  return byFamiliarity(wordNet, derived.length > 0 ? derived : agents);
}

function findActivities(wordNet: WordNet, lemma: string): string[] {
  const noun = lemmaOf(nounBase(wordNet, lemma)) ?? lemma;
  const synsets = wordNet.synsetsOf(noun, 'n');
  const people = synsets.filter((synset) => synset.lexFile === 'noun.person');
  // A word WordNet knows, but never as a person (phone, candle), does no activity.
  if (synsets.length > 0 && people.length === 0) return [];
  const persons = people.map((synset) => ({ synset, word: noun }));
  const linkedVerbs = persons.flatMap(({ synset, word }) => linkedWords(wordNet, synset, word, 'v'));
  const stems = stemsOf(noun, agentEndings, null);
  const verbs = relatedForms(stems, [
    ...linkedVerbs.map(({ word }) => word),
    ...stems.filter((stem) => wordNet.entry(stem, 'v') !== null),
  ]);
  const roots = [...stems, ...verbs.map((verb) => lemmaOf(verb)!)];
  const linked = [...persons, ...linkedVerbs]
    .flatMap(({ synset, word }) => linkedWords(wordNet, synset, word, 'n'))
    .filter(({ synset }) => activityFiles.has(synset.lexFile))
    .map(({ word }) => word);
  const formed = [...stems.flatMap((stem) => activityEndings.map((ending) => stem + ending)), ...verbs.map(gerundOf)]
    .map((word) => lemmaOf(word)!)
    .filter((word) => isWordOf(wordNet, word, (lexFile) => activityFiles.has(lexFile)));
  const listed = byFamiliarity(wordNet, relatedForms(roots, [...linked, ...formed]));
  const searched = listed.filter((word) => searchedActivity.test(word));
  if (searched.length > 0) return searched;
  // A massage, a repair: the verb's own noun. Else (WordNet lists no tutoring) the -ing form people search.
  const verbNouns = listed.filter((word) => verbs.includes(word));
  if (verbNouns.length > 0) return verbNouns;
  return verbs.length > 0 ? verbs.map(gerundOf) : listed;
}

interface WordInSynset {
  synset: Synset;
  word: string;
}

/** Where the derivational links (`+`) from this word of the synset lead, in that part of speech. */
function linkedWords(wordNet: WordNet, synset: Synset, word: string, pos: PosLetter): WordInSynset[] {
  const found: WordInSynset[] = [];
  for (const pointer of synset.pointers) {
    if (pointer.symbol !== '+' || pointer.targetPos !== pos) continue;
    // A link leaves from one word of the synset: pedestrian/walker/footer links footer, not walker, to foot.
    if (pointer.sourceWord !== 0 && synset.words[pointer.sourceWord - 1]?.toLowerCase() !== word) continue;
    const target = wordNet.synset(pointer.targetPos, pointer.targetOffset);
    const words = pointer.targetWord === 0 ? target.words : [target.words[pointer.targetWord - 1]!];
    for (const targetWord of words) found.push({ synset: target, word: targetWord });
  }
  return found;
}

/** The lemma without one of the endings, and its verb: plumbing -> plumb, therapy -> therap, plumber -> plumb. */
function stemsOf(lemma: string, endings: readonly string[], verb: string | null): string[] {
  const stems = new Set([lemma]);
  if (verb) stems.add(verb);
  for (const ending of endings) {
    const stem = lemma.slice(0, -ending.length);
    if (ending && lemma.endsWith(ending) && stem.length >= minimumStem) stems.add(stem);
  }
  return [...stems];
}

/**
 * Distinct typed forms (no proper names) that begin like one of the stems: with its first four letters, or with
 * all of a shorter stem, a final e aside (bake -> baker, baking).
 */
function relatedForms(stems: readonly string[], candidates: readonly string[]): string[] {
  const cores = stems.map((stem) => (stem.length > 3 && stem.endsWith('e') ? stem.slice(0, -1) : stem));
  const forms = new Set<string>();
  for (const candidate of candidates) {
    const typed = toTypedForm(candidate);
    if (typed === null) continue;
    if (cores.some((core) => sharedPrefixLength(candidate, core) >= Math.min(minimumStem, core.length))) {
      forms.add(typed);
    }
  }
  return [...forms];
}

/** Whether WordNet lists the word, spelled so (a proper name is capitalised), in a synset of such a file. */
function isWordOf(wordNet: WordNet, word: string, isWanted: (lexFile: string) => boolean): boolean {
  return wordNet.synsetsOf(word, 'n').some((synset) => isWanted(synset.lexFile) && synset.words.includes(word));
}

/** Most often seen in tagged text first; then the shorter, less derived word (landscaper before landscapist). */
function byFamiliarity(wordNet: WordNet, words: string[]): string[] {
  const counts = new Map(words.map((word) => [word, wordNet.taggedCount(word.replaceAll(' ', '_'), 'n')]));
  return [...words].sort((a, b) => counts.get(b)! - counts.get(a)! || a.length - b.length);
}

function lemmaOf(typed: string | null): string | null {
  return typed === null ? null : typed.replaceAll(' ', '_');
}
