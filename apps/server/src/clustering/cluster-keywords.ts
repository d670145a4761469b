import { normalizeKeyword, type ClusterTightness } from '@keywright/contract';
import { stemmer } from 'stemmer';
import { stopwords } from '../providers/keyword-generator/words';

/** Group sizes each tightness aims for: ad-group sized by default. */
export const clusterSizes: Record<ClusterTightness, { level: number; min: number; max: number }> = {
  loose: { level: 1, min: 8, max: 60 },
  balanced: { level: 2, min: 5, max: 30 },
  tight: { level: 3, min: 2, max: 15 },
};

export interface ClusterKeyword {
  id: number;
  keyword: string;
  /** Monthly searches where known: the busiest phrase names its group when phrases tie. */
  volume?: number | null;
}

export interface ClusterContext {
  /** The project's name, then its competitors: a keyword naming one is grouped by it (a competitor first). */
  brands: readonly string[];
  /** The project's city and country: a place alone never makes a group of its own. */
  places: readonly string[];
  tightness?: ClusterTightness;
}

export interface KeywordCluster {
  /** What the group's keywords share (stems), stable across runs: a group's identity. */
  key: string;
  /** The group's most representative phrase. */
  name: string;
  /** In the order the keywords came. */
  keywordIds: number[];
}

/**
 * Words that say what a searcher wants or where, rather than what: an intent, a price, a
 * comparison, a question, an audience's "for", and the verbs of how-to questions. They never
 * split a group on their own.
 */
const modifierWords = new Set(
  `best top cheap cheapest affordable budget buy order purchase price prices pricing cost costs quote quotes deal deals
  discount coupon promo sale review reviews rated rating ratings vs versus compare comparison alternative alternatives
  competitor competitors free trial demo near nearby local online same-day fast quick easy simple good great
  new top-rated recommended reliable professional trusted certified licensed how what why when where who which much
  many need needs want looking choose choosing use using do doing make making find finding get getting pick start
  learn automate automated clean fix install hire book booking appointment tips guide ideas examples meaning definition
  benefits features services service company companies open now hours 24/7`.split(/\s+/),
);

/** Heads too generic to tell offers apart: "bank reconciliation tool" is about bank reconciliation. */
const weakHeads = new Set(
  `software app apps tool tools platform platforms system systems solution solutions program programs provider providers
  agency agencies firm firms shop shops store stores supplier suppliers specialist specialists expert experts`.split(
    /\s+/,
  ),
);

/** Where a noun phrase ends and its complement ("for small business", "with spa", "in denver") begins. */
const complementStarts = new Set('for with in near at to from by of on without under over like'.split(' '));

/** A word's stem, so "reports" meets "report" and "invoicing" meets "invoice". */
const stemOf = (word: string) => stemmer(word);

export interface Reading {
  /** The stems of the keyword's core, last the head. */
  core: string[];
  /** What the keyword offers, as written: its noun phrase without a place, intent words or complement. */
  offer: string;
  /** Set when the keyword names a brand. */
  brand: string | null;
}

export function brandForms(brand: string): { name: string; forms: string[] } | null {
  const normalized = normalizeKeyword(brand).replace(/[^\p{L}\p{N}\s-]/gu, '');
  if (normalized.length < 2) return null;
  return { name: normalized, forms: [...new Set([normalized, normalized.replace(/-/g, ' ')])] };
}

const containsPhrase = (text: string, phrase: string) => ` ${text} `.includes(` ${phrase} `);

/** The core of one keyword: its noun phrase without modifiers, places or complement, as stems. */
export function readKeyword(
  keyword: string,
  brands: ReadonlyArray<{ name: string; forms: string[] }>,
  places: readonly string[],
): Reading {
  let text = normalizeKeyword(keyword).replace(/[^\p{L}\p{N}\s'-]/gu, ' ');
  // "xero vs ledgerly" is about the competitor: the project's own name (first) is matched last.
  const brand = [...brands.slice(1), ...brands.slice(0, 1)].find(({ forms }) =>
    forms.some((form) => containsPhrase(text, form)),
  );
  for (const place of places) text = ` ${text} `.split(` ${place} `).join(' ');
  for (const form of brand?.forms ?? []) text = ` ${text} `.split(` ${form} `).join(' ');
  const words = text.split(/\s+/).filter(Boolean);
  // The noun phrase ends where its complement starts, unless nothing stands before it
  // ("for small business accounting" keeps its words).
  const start = words.findIndex((word) => !modifierWords.has(word) && !stopwords.has(word));
  const cut = words.findIndex((word, index) => index > start && start >= 0 && complementStarts.has(word));
  const nounPhrase = cut > 0 ? words.slice(0, cut) : words;
  const isCore = (word: string) => !modifierWords.has(word) && !stopwords.has(word) && !/^\d+$/.test(word);
  const phrase = nounPhrase.filter(isCore);
  // "best slip and fall lawyer near me" offers a "slip and fall lawyer": glue inside the phrase stays.
  const offer = nounPhrase.slice(nounPhrase.findIndex(isCore), nounPhrase.findLastIndex(isCore) + 1).join(' ');
  while (phrase.length > 1 && weakHeads.has(phrase.at(-1)!)) phrase.pop();
  return { core: phrase.map(stemOf), offer, brand: brand?.name ?? null };
}

/**
 * The group key of a reading at a level: its last `level` stems, or its brand (`withinBrand`: its
 * brand and those stems, for a brand's keywords too many for one ad group).
 */
export function keyAt(reading: Reading, level: number, withinBrand = false): string {
  if (reading.brand) {
    const core = withinBrand ? reading.core.slice(-level).join(' ') : '';
    return core ? `brand:${reading.brand}:${core}` : `brand:${reading.brand}`;
  }
  if (reading.core.length === 0) return 'other';
  return reading.core.slice(-level).join(' ');
}

/**
 * Groups a project's keywords into ad groups of related keywords, offline and deterministically.
 * Each keyword is read on its own (its head noun and the modifiers nearest it, as stems; brands
 * by name; places, intents, questions and audiences set aside), so a keyword added joins or
 * starts one group and moves no other keyword. Groups are keyed by the head and one modifier by
 * default; a group too big for an ad group is split by one more modifier, and groups too small
 * join the group that holds their words. Each group is named by what its most representative phrase
 * offers: the phrase holding the whole key, with the fewest words beyond it, then the most searched,
 * then the offer most of its keywords share, then the shortest; without its place or intent words ("dentist denver" names a group "dentist").
 * Linear in the number of keywords (100,000 in well under a second).
 */
export function clusterKeywords(keywords: readonly ClusterKeyword[], context: ClusterContext): KeywordCluster[] {
  return clusterKeywordsWithRoutes(keywords, context).clusters;
}

/**
 * Where the keywords of one first-level key (`keyAt(reading, level)`) went: to one group
 * (`target`), or split by one more modifier (`finer`) or within their brand (`brand`). Kept beside
 * the groups, so a keyword added later goes where the grouper sent its kind (see cluster-routes.ts).
 */
export type ClusterRoute = { target: string; split: null } | { target: null; split: 'finer' | 'brand' };

/** The groups, and how the grouper got there: each first-level key's route and each host group's stems. */
export interface ClusteringResult {
  clusters: KeywordCluster[];
  routes: Map<string, ClusterRoute>;
  /** The stems a group holds, for the groups a small group may join (neither a brand's nor `other`). */
  hostStems: Map<string, string[]>;
}

/** `clusterKeywords`, with the routes and host stems an added keyword is placed by. */
export function clusterKeywordsWithRoutes(
  keywords: readonly ClusterKeyword[],
  context: ClusterContext,
): ClusteringResult {
  const { level, min, max } = clusterSizes[context.tightness ?? 'balanced'];
  const brands = context.brands.flatMap((brand) => brandForms(brand) ?? []);
  const places = context.places.map(normalizeKeyword).filter((place) => place.length >= 2);
  // Keywords of one kind share one core and one offer: a million keywords hold far fewer of each.
  const cores = new Map<string, string[]>();
  const offers = new Map<string, string>();
  const readings = keywords.map((keyword): Reading => {
    const reading = readKeyword(keyword.keyword, brands, places);
    const joined = reading.core.join(' ');
    const core = cores.get(joined) ?? reading.core;
    cores.set(joined, core);
    const offer = offers.get(reading.offer) ?? reading.offer;
    offers.set(offer, offer);
    return { core, offer, brand: reading.brand };
  });

  const groupsOf = (indexes: readonly number[], at: number, withinBrand = false) => {
    const groups = new Map<string, number[]>();
    for (const index of indexes) {
      const key = keyAt(readings[index]!, at, withinBrand);
      const members = groups.get(key);
      if (members) members.push(index);
      else groups.set(key, [index]);
    }
    return groups;
  };

  const final = new Map<string, number[]>();
  const add = (key: string, members: readonly number[]) => {
    const existing = final.get(key);
    if (existing) existing.push(...members);
    else final.set(key, [...members]);
  };

  const small: Array<[string, number[]]> = [];
  const routes = new Map<string, ClusterRoute>();
  for (const [key, members] of groupsOf(
    keywords.map((_, index) => index),
    level,
  )) {
    if (members.length > max && key.startsWith('brand:')) {
      // A brand's keywords too many for one ad group: split by what they say of it ("acme leather belts").
      for (const [finer, part] of groupsOf(members, level, true)) add(finer, part);
      routes.set(key, { target: null, split: 'brand' });
    } else if (members.length > max) {
      // Too big for one ad group: split by one more modifier, where the keywords have one.
      for (const [finer, part] of groupsOf(members, level + 1)) add(finer, part);
      routes.set(key, { target: null, split: 'finer' });
    } else if (members.length < min && level > 1 && !key.startsWith('brand:') && key !== 'other') {
      small.push([key, members]);
    } else {
      add(key, members);
      routes.set(key, { target: key, split: null });
    }
  }
  // A group too small for an ad group joins the biggest group whose keywords hold every stem of
  // its core ("car accident" joins "car accident lawyer"), else gathers with the small ones of its head.
  const hosts = new Map<string, Set<string>>();
  for (const [key, members] of final) {
    if (key.startsWith('brand:') || key === 'other') continue;
    for (const index of members) {
      for (const stem of readings[index]!.core) {
        const keys = hosts.get(stem) ?? new Set<string>();
        keys.add(key);
        hosts.set(stem, keys);
      }
    }
  }
  const hostOf = (stems: readonly string[], size: number) => {
    const candidates = stems.map((stem) => hosts.get(stem) ?? new Set<string>());
    return [...(candidates[0] ?? [])]
      .filter((hostKey) => candidates.every((keys) => keys.has(hostKey)))
      .filter((hostKey) => final.get(hostKey)!.length + size <= max)
      .sort((a, b) => final.get(b)!.length - final.get(a)!.length || a.localeCompare(b))[0];
  };
  // Its members' shortest reading (the first by its words on a tie), whatever order they came in.
  const coreOf = (members: readonly number[]) =>
    members
      .map((index) => readings[index]!.core)
      .sort((a, b) => a.length - b.length || (a.join(' ') < b.join(' ') ? -1 : a.join(' ') > b.join(' ') ? 1 : 0))[0]!;
  const smallByCore = new Map(small.map(([key, members]) => [coreOf(members).join(' '), { key, members }]));
  const destinations = new Map<string, string>();
  /**
   * Where a small group goes: the biggest group holding its words; else, for three words or more,
   * where the group of what it is about goes ("root canal pain" with "root canal", "dental crown
   * procedure" with "dental crown"); else with the small ones of its head.
   */
  const destinationOf = (key: string, members: readonly number[]): string => {
    const known = destinations.get(key);
    if (known) return known;
    const core = coreOf(members);
    let destination = hostOf(core, members.length);
    if (!destination && core.length > 2) {
      const about = core.slice(0, -1);
      const aboutGroup = smallByCore.get(about.join(' '));
      destination = aboutGroup ? destinationOf(aboutGroup.key, aboutGroup.members) : hostOf(about, members.length);
    }
    destination ??= keyAt(readings[members[0]!]!, 1) || key;
    destinations.set(key, destination);
    return destination;
  };
  // In the order of their keys, so the order keywords come in does not change where they go.
  small.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hostStems = new Map<string, string[]>();
  for (const [stem, keys] of hosts) {
    for (const key of keys) {
      const stems = hostStems.get(key);
      if (stems) stems.push(stem);
      else hostStems.set(key, [stem]);
    }
  }
  for (const [key, members] of small) {
    const destination = destinationOf(key, members);
    routes.set(key, { target: destination, split: null });
    add(destination, members);
  }

  const clusters = [...final.entries()].map(([key, members]): KeywordCluster => {
    members.sort((a, b) => a - b);
    return {
      key,
      name: nameOf(key, representative(key, members)),
      keywordIds: members.map((index) => keywords[index]!.id),
    };
  });
  clusters.sort((a, b) => b.keywordIds.length - a.keywordIds.length || a.name.localeCompare(b.name));
  return { clusters, routes, hostStems };

  /**
   * A group is named by what its representative offers ("dentist" of "dentist denver", "dog walker"
   * of "best dog walker"), never by a place or an intent word; a brand's group by its keyword
   * ("xero alternative"), and a group of nothing but places and intents by its keyword too.
   */
  function nameOf(key: string, index: number): string {
    return groupName(key, keywords[index]!.keyword, readings[index]!);
  }

  function representative(key: string, members: readonly number[]): number {
    let best = members[0]!;
    // A phrase holding the whole key ("accident lawyer") speaks for the group before one that does not.
    const keyStems = key.startsWith('brand:') ? [] : key.split(' ');
    const missesKey = (index: number) => (keyStems.every((stem) => readings[index]!.core.includes(stem)) ? 0 : 1);
    // Words beyond the core, an intent or price word counting more than a place or a complement.
    const extra = (index: number) => {
      const words = normalizeKeyword(keywords[index]!.keyword).split(' ');
      const modifiers = words.filter((word) => modifierWords.has(word)).length;
      return words.length - readings[index]!.core.length + modifiers / 2;
    };
    // How many of the group's keywords say its offer the same way: "accounting software" in twenty
    // of them names the group before "accounting app" in five, volumes being equal or unknown.
    const shared = new Map<string, number>();
    for (const index of members) shared.set(readings[index]!.offer, (shared.get(readings[index]!.offer) ?? 0) + 1);
    const sharing = (index: number) => shared.get(readings[index]!.offer)!;
    for (const index of members.slice(1)) {
      const [a, b] = [keywords[index]!, keywords[best]!];
      const order =
        missesKey(index) - missesKey(best) ||
        extra(index) - extra(best) ||
        (b.volume ?? -1) - (a.volume ?? -1) ||
        sharing(best) - sharing(index) ||
        a.keyword.length - b.keyword.length ||
        a.keyword.localeCompare(b.keyword);
      if (order < 0) best = index;
    }
    return best;
  }
}

/**
 * The name a group takes from its representative keyword: what it offers ("dentist" of "dentist
 * denver"), never a place or an intent word; a brand's group, `other`, or a keyword of nothing but
 * places and intents by the keyword itself.
 */
export function groupName(key: string, keyword: string, reading: Reading): string {
  const { offer } = reading;
  if (key.startsWith('brand:') || key === 'other' || !offer) return keyword;
  // In the keyword's own capitals where lower-casing kept its length ("iPhone repair").
  const lower = keyword.toLowerCase();
  const at = lower.length === keyword.length ? lower.indexOf(offer) : -1;
  return at >= 0 ? keyword.slice(at, at + offer.length) : offer;
}
