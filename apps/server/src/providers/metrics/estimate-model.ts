import { normalizeKeyword } from '@keywright/contract';
import {
  findCityPopulation,
  findCountry,
  findRegionPopulation,
  getWordCounts,
  placeKey,
  toVolumeBucket,
  unknownCountry,
  type Country,
} from './estimate-data';
import {
  defaultTopic,
  maxModifierWords,
  modifiers,
  seasons,
  stopwords,
  topics,
  type Modifier,
  type Topic,
  type TopicKind,
} from './estimate-words';
import { competitionLevel, difficultyFrom, type KeywordMetrics, type MetricsPlace } from './metrics-provider';

/**
 * The 12 months of `monthlyVolumes` are January to December 2025, whatever today is: figures
 * must not change with the clock. (Planner answers the last 12 complete months; a fixed year keeps
 * the seasonal shape without making a cached estimate differ from a fresh one.)
 */
export const estimateMonthsYear = 2025;

const microsPerCent = 10_000;
const minHighBidCents = 5;
const maxHighBidCents = 6_000;

/** One token of a keyword after matching modifiers. */
interface Token {
  text: string;
  kind: 'content' | 'stop' | 'modifier';
  modifier?: Modifier;
}

/** Splits a keyword into words, matching two-word modifiers ("near me", "how to") first. */
export function tokenize(keyword: string): Token[] {
  const words = normalizeKeyword(keyword).match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*\.?/gu) ?? [];
  const cleaned = words.map((word) =>
    word
      .replace(/['’]s$/u, '')
      .replace(/['’]/gu, '')
      .replace(/\.$/u, ''),
  );
  const tokens: Token[] = [];
  for (let i = 0; i < cleaned.length; i++) {
    let matched = false;
    for (let size = maxModifierWords; size >= 1 && !matched; size--) {
      if (i + size > cleaned.length) continue;
      const text = cleaned.slice(i, i + size).join(' ');
      const modifier = modifiers.get(text);
      if (modifier) {
        tokens.push({ text, kind: 'modifier', modifier });
        i += size - 1;
        matched = true;
      }
    }
    if (matched) continue;
    const text = cleaned[i]!;
    if (text) tokens.push({ text, kind: stopwords.has(text) ? 'stop' : 'content' });
  }
  return tokens;
}

/** A resolved place: how big its search market is next to the US, and how dear its ads. */
export interface ResolvedPlace {
  key: string;
  /** Searches relative to the whole United States in English. */
  volumeFactor: number;
  cpcFactor: number;
  isEnglish: boolean;
}

const placeCache = new Map<string, ResolvedPlace>();
/** A city we cannot find: somewhere regional, a twentieth of the country. */
const unknownCityShare = 0.05;

export function resolvePlace(place: MetricsPlace): ResolvedPlace {
  const cacheKey = `${placeKey(place.country)}|${placeKey(place.city)}|${placeKey(place.language)}`;
  const cached = placeCache.get(cacheKey);
  if (cached) return cached;
  const known = findCountry(place.country);
  const country: Country = known ?? unknownCountry;
  const language = placeKey(place.language) || 'english';
  const isEnglish = language === 'english' || language === 'en';
  // English searches in a non-English country, or another language in an English one, are a minority.
  let languageShare = 1;
  if (isEnglish && !country.isEnglishSpeaking) languageShare = 0.25;
  if (!isEnglish && country.isEnglishSpeaking) languageShare = 0.12;
  const resolved: ResolvedPlace = {
    key: `${known ? country.code : placeKey(place.country)}|${placeKey(place.city)}|${language}`,
    volumeFactor: country.market * languageShare * cityShare(place.city, country, known != null),
    cpcFactor: country.cpc,
    isEnglish,
  };
  placeCache.set(cacheKey, resolved);
  return resolved;
}

function cityShare(city: string, country: Country, isKnownCountry: boolean): number {
  // "San Francisco, CA": the first part names the city.
  const names = [city, city.split(',')[0] ?? ''].map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return 1;
  const countryPeople = country.population * 1_000_000;
  for (const name of names) {
    const region = isKnownCountry ? findRegionPopulation(name, country.code) : null;
    if (region != null) return Math.min(1, (region * 1_000_000) / countryPeople);
  }
  for (const name of names) {
    const people = findCityPopulation(name, isKnownCountry ? country.code : null);
    // A city draws searches from its suburbs too, hence the 1.5.
    if (people != null) return Math.min(1, Math.max(0.0002, (people * 1.5) / countryPeople));
  }
  return unknownCityShare;
}

/** FNV-1a, 32 bits: a stable hash across processes and platforms. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small deterministic stream of numbers in [0, 1) from a seed (mulberry32). */
function randomStream(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How often a word is said, merged over its singular and plural; null when unknown. */
function wordCount(word: string): number | null {
  const counts = getWordCounts();
  let best = counts.get(word) ?? null;
  const forms = [word + 's'];
  if (word.endsWith('ies')) forms.push(word.slice(0, -3) + 'y');
  else if (word.endsWith('es')) forms.push(word.slice(0, -2), word.slice(0, -1));
  else if (word.endsWith('s')) forms.push(word.slice(0, -1));
  for (const form of forms) {
    const count = counts.get(form);
    if (count != null && (best == null || count > best)) best = count;
  }
  return best;
}

/**
 * log10 of the monthly US searches for a word on its own. Spoken frequency stands in for search
 * interest, compressed (b < 1) because searches are flatter than speech; unknown words are mostly
 * rare English words, acronyms and names, or any word of another language (kept moderate).
 */
function wordLogVolume(word: string, isEnglish: boolean): number {
  let count = wordCount(word);
  if (count == null) {
    if (!isEnglish) count = 200;
    else if (/\d/.test(word)) count = 40;
    else if (word.length <= 4) count = 150;
    else count = 20;
  }
  return Math.min(6.9, 3.4 + 0.75 * Math.log10(count + 1));
}

export function topicOf(tokens: readonly Token[]): Topic {
  let best: Topic | null = null;
  const consider = (text: string) => {
    const topic = topics.get(text);
    if (topic && (!best || topic.cpc > best.cpc)) best = topic;
  };
  for (let i = 0; i < tokens.length; i++) {
    consider(tokens[i]!.text);
    if (i + 1 < tokens.length) consider(`${tokens[i]!.text} ${tokens[i + 1]!.text}`);
  }
  return best ?? defaultTopic;
}

/** What the phrase is about, from its last word with a known topic (the head noun: "running shoes" is shoes). */
export function kindOf(tokens: readonly Token[]): TopicKind {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const topic = topics.get(tokens[i]!.text);
    if (topic) return topic.kind;
  }
  return defaultTopic.kind;
}

/** The figures for one keyword in one place; synchronous and deterministic. */
export function estimateKeyword(keyword: string, place: ResolvedPlace): KeywordMetrics {
  const tokens = tokenize(keyword);
  const random = randomStream(fnv1a(`${normalizeKeyword(keyword)}|${place.key}`));
  const topic = topicOf(tokens);

  // Volume, in log10: the rarest content word sets the size; every other word narrows it.
  let content = tokens.filter((token) => token.kind === 'content');
  if (content.length === 0) content = tokens.filter((token) => token.kind === 'stop');
  if (content.length === 0) content = tokens;
  const contentLogs = content.map((token) => wordLogVolume(token.text, place.isEnglish)).sort((a, b) => a - b);
  let logVolume = contentLogs[0] ?? 1;
  for (const other of contentLogs.slice(1)) logVolume -= 0.35 + 0.1 * Math.min(3, Math.max(0, 6.3 - other));
  let intent = 0;
  for (const token of tokens) {
    if (content.includes(token)) continue;
    if (token.kind === 'stop') logVolume -= 0.25;
    if (token.modifier) logVolume -= token.modifier.volume;
  }
  const length = Math.max(0, tokens.length - 1);
  logVolume -= 0.1 * length * length;

  // Intent: the strongest pulls each way, plus a little for every further one.
  const pulls = tokens.flatMap((token) => (token.modifier ? [token.modifier.intent] : []));
  const commercial = pulls.filter((pull) => pull > 0).sort((a, b) => b - a);
  const informational = pulls.filter((pull) => pull < 0).sort((a, b) => a - b);
  intent += Math.min(40, (commercial[0] ?? 0) + 0.5 * (commercial[1] ?? 0) + 0.25 * (commercial[2] ?? 0));
  intent += Math.max(-50, (informational[0] ?? 0) + 0.4 * (informational[1] ?? 0));

  const monthlyBase = 10 ** logVolume * place.volumeFactor * (0.85 + 0.33 * random());
  const pattern = seasons[topic.season];
  const patternMean = pattern.reduce((sum, value) => sum + value, 0) / pattern.length;
  const rawMonths = pattern.map((value) => (monthlyBase * value * (0.92 + 0.16 * random())) / patternMean);
  const avgMonthlySearches = toVolumeBucket(rawMonths.reduce((sum, value) => sum + value, 0) / rawMonths.length);
  const monthlyVolumes = rawMonths.map((searches, index) => ({
    year: estimateMonthsYear,
    month: index + 1,
    searches: toVolumeBucket(searches),
  }));

  const competitionIndex = clampRound(12 + 55 * topic.value + intent + (random() * 14 - 7), 0, 100);

  // Bids: the topic's price, raised by buying intent and lowered by curiosity.
  const intentPrice = intent >= 0 ? 1 + intent / 60 : Math.max(0.12, 1 + intent / 45);
  const highDollars = topic.cpc * place.cpcFactor * intentPrice * (0.8 + 0.45 * random());
  const highCents = clampRound(highDollars * 100, minHighBidCents, maxHighBidCents);
  const lowCents = clampRound(highCents * (0.22 + 0.18 * random()), 1, highCents - 1);

  return {
    keyword,
    avgMonthlySearches,
    competition: competitionLevel(competitionIndex),
    competitionIndex,
    lowBidMicros: lowCents * microsPerCent,
    highBidMicros: highCents * microsPerCent,
    monthlyVolumes,
    difficulty: difficultyFrom(competitionIndex, avgMonthlySearches),
  };
}

function clampRound(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}
