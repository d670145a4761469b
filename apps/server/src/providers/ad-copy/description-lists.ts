// The description as its owner wrote it, read into lists of offers: the first list says what the
// business is, the lists after a linking verb or "with" what it offers. Words keep their capitals,
// so an ad can repeat them as written.
import { linkingVerbs } from '../keyword-generator/kinds';
import { loadLexicon } from '../lexicon/lexicon';

/** Phrases that hold "and" as one thing: not split as a list. */
const idioms =
  /\b(?:slip and fall|bed and breakfast|fish and chips|arts and crafts|food and beverage|heating and cooling|hair and makeup)\b/gi;
/** Words that start a phrase of how, where or for whom: not part of the offer. */
const prepositions = new Set('for in near by from at on to into around across within via'.split(' '));

/** Words that say what the subject is ("Motion Physio is a clinic"): what comes before is no offer. */
const copulas = new Set('is are was were'.split(' '));
/** Words that open a clause of when or why ("while you wait"): no offer is named in it. */
const clauseOpeners = new Set('while when whenever because so if until unless whether where which who'.split(' '));
/** Words before a phrase that say whose or which, never what: "a clinic", "our team", "we". */
const determiners = new Set('a an the our my your their this these that we i you they it its'.split(' '));

/** Participles that follow what they describe ("pastries baked daily"), besides "-ed" words. */
const participles = new Set('made built grown sewn woven brewed'.split(' '));
const isParticiple = (word: string) => (/^[\p{L}-]{2,}ed$/u.test(word) && !/eed$/.test(word)) || participles.has(word);

/** What the description says of its offers after naming them: "baked daily", "delivered in Brooklyn". */
export interface Detail {
  /** The offers it is said of, as written. */
  items: string[];
  /** The participle and its words, as written: "roasted in small batches". */
  text: string;
}

export interface DescriptionReading {
  /** Lists of noun phrases, as written: the first says what the business is, the rest what it offers. */
  lists: string[][];
  details: Detail[];
  /** Whom the description says it is for ("for small businesses"), as written. */
  forWhom: string[];
}

/**
 * The description read as lists of noun phrases, as written: the first list is what the business
 * is; the lists after a linking verb or "with" are what it offers; a run after a preposition
 * ("for small businesses", "near the beach") says for whom or where, and is kept apart from the
 * offer; a participle after an offer ("pastries baked daily") says how it is made or sold.
 * `verbs` are the description's own verbs ("treating"), read as linking verbs are; the business's
 * `name` is who the description is about, never something it offers.
 */
export function readDescription(description: string, name: string, verbs: ReadonlySet<string>): DescriptionReading {
  const ownName = name.trim().replace(/\s+/g, ' ').toLowerCase();
  const lists: string[][] = [];
  const details: Detail[] = [];
  const forWhom: string[] = [];
  for (const clause of description.split(/[.;:!?()\n•|]+/)) {
    let list: string[] = [];
    let item: string[] = [];
    /** The offers joined by "and" since the last comma: what a participle after them is said of. */
    let group: string[] = [];
    let lastGroup: string[] = [];
    let skipping: 'no' | 'for' | 'place' = 'no';
    let detail: string[] | null = null;
    // A clause's first word is a capital for being first: "Family dental clinic" inside a line is "family".
    let isFirst = true;
    const closeDetail = () => {
      const items = group.length ? group : lastGroup;
      if (detail && detail.length > 1 && items.length) details.push({ items: [...items], text: detail.join(' ') });
      detail = null;
    };
    const closeItem = () => {
      // "Motion Physio is a physiotherapy clinic": the name is the subject, not the business's phrase.
      if (item.length && item.join(' ').toLowerCase() !== ownName) {
        const phrase = item.join(' ');
        if (skipping === 'no') {
          list.push(phrase);
          group.push(phrase);
        } else if (skipping === 'for' && item.length <= 4) forWhom.push(phrase);
      }
      item = [];
    };
    const closeList = () => {
      closeItem();
      if (list.length) lists.push(list);
      list = [];
    };
    // Joined by a sign that is no space, so the split below keeps the idiom whole.
    const text = clause.replace(idioms, (idiom) => idiom.replace(/ and /gi, '\u2063and\u2063'));
    // "a clinic in Leeds treating sports injuries": a verb's -ing form after the place joins the business to its work.
    const joinsWork = (word: string) =>
      skipping === 'place' && word.endsWith('ing') && loadLexicon().verbBase(word) !== null;
    const tokens = text.split(/\s+|(?=,)|(?<=,)/).filter(Boolean);
    tokens.forEach((token, i) => {
      const word = token.toLowerCase();
      const next = tokens[i + 1]?.toLowerCase() ?? ',';
      const isList = token === ',' || word === 'and' || word === 'or' || word === '&' || word === 'plus';
      if (detail) {
        if (!isList) {
          detail.push(token);
          return;
        }
        closeDetail();
      }
      if (isList) {
        closeItem();
        if (token === ',') {
          if (group.length) lastGroup = group;
          group = [];
        }
      } else if (linkingVerbs.has(word) || verbs.has(word) || copulas.has(word) || word === 'with' || joinsWork(word)) {
        closeList();
        skipping = 'no';
      } else if (clauseOpeners.has(word)) {
        closeList();
        skipping = 'place';
      } else if (
        skipping === 'no' &&
        isParticiple(word) &&
        (item.length > 0 || prepositions.has(next) || next === ',' || /ly$/.test(next))
      ) {
        // "pastries baked daily": the offer ends, its detail starts; "roasted coffee" is one offer.
        closeItem();
        detail = [token];
      } else if (prepositions.has(word)) {
        closeList();
        skipping = word === 'for' ? 'for' : 'place';
      } else if (item.length === 0 && determiners.has(word)) {
        // "a physiotherapy clinic", "we": the phrase starts after them.
      } else {
        const written = isFirst && !/\p{Lu}/u.test([...token].slice(1).join('')) ? token.toLowerCase() : token;
        item.push(written.replace(/\u2063/g, ' '));
      }
      isFirst = false;
    });
    closeDetail();
    closeList();
  }
  return { lists, details, forWhom };
}
