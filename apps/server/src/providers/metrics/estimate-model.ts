import { normalizeKeyword } from '@keywright/contract';
import { seededRandom } from '../../lib/random';
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
  auxiliaries,
  defaultTopic,
  modifiers,
  seasons,
  questionWords,
  stopwords,
  topics,
  type Modifier,
  type Topic,
  type TopicKind,
} from './estimate-words';
import {
  competitionLevel,
  difficultyFrom,
  type KeywordMetrics,
  type MetricsPlace,
  type MonthlyVolume,
} from './metrics-provider';

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
  const words = keyword.toLowerCase().match(/[\p{L}\p{N}]+(?:['’]\p{L}+)*/gu) ?? [];
  const tokens: Token[] = [];
  for (let i = 0; i < words.length; i++) {
    let text = words[i]!;
    // "women's" -> "women", "don't" -> "dont": the word list has no apostrophes.
    if (text.includes("'") || text.includes('’')) text = text.replace(/['’]s$/u, '').replace(/['’]/gu, '');
    const next = words[i + 1];
    const pair = next != null && pairStarts.has(text) ? modifiers.get(`${text} ${next}`) : undefined;
    if (pair) {
      tokens.push({ text: `${text} ${next}`, kind: 'modifier', modifier: pair });
      i++;
      continue;
    }
    const modifier = modifiers.get(text);
    if (modifier) tokens.push({ text, kind: 'modifier', modifier });
    else tokens.push({ text, kind: stopwords.has(text) ? 'stop' : 'content' });
  }
  return tokens;
}

/** First words of two-word modifiers, so most words skip the pair lookup. */
const pairStarts = new Set([...modifiers.keys()].flatMap((key) => (key.includes(' ') ? [key.split(' ')[0]!] : [])));

/** A resolved place: how big its search market is next to the US, and how dear its ads. */
export interface ResolvedPlace {
  key: string;
  /** Searches relative to the whole United States in English. */
  volumeFactor: number;
  cpcFactor: number;
  isEnglish: boolean;
}

const placeCache = new Map<string, ResolvedPlace>();
const maxCachedPlaces = 1_000;
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
  if (placeCache.size >= maxCachedPlaces) placeCache.clear();
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
  const cache = isEnglish ? englishLogVolumes : otherLogVolumes;
  let logVolume = cache.get(word);
  if (logVolume == null) {
    logVolume = computeWordLogVolume(word, isEnglish);
    if (cache.size < maxCachedWords) cache.set(word, logVolume);
  }
  return logVolume;
}

const englishLogVolumes = new Map<string, number>();
const otherLogVolumes = new Map<string, number>();
const maxCachedWords = 200_000;

function computeWordLogVolume(word: string, isEnglish: boolean): number {
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
  for (let i = 0; i < tokens.length; i++) {
    const word = topics.get(tokens[i]!.text);
    if (word && (!best || word.cpc > best.cpc)) best = word;
    const next = tokens[i + 1];
    const pair = next ? topics.get(`${tokens[i]!.text} ${next.text}`) : undefined;
    if (pair && (!best || pair.cpc > best.cpc)) best = pair;
  }
  return best ?? defaultTopic;
}

/** The topic of the phrase's last word with one (its head noun: "running shoes" is about shoes). */
function headTopicOf(tokens: readonly Token[]): Topic {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const topic = topics.get(tokens[i]!.text);
    if (topic) return topic;
  }
  return defaultTopic;
}

/** What kind of thing the phrase is about, which decides the modifiers that suit it. */
export function kindOf(tokens: readonly Token[]): TopicKind {
  return headTopicOf(tokens).kind;
}

/**
 * log10 of the phrase's monthly US searches. The rarest word sets the size, as few people search
 * "running shoes" who would not also search "shoes"; each further word narrows it, common ones
 * less; glue words and modifiers narrow it too; and long phrases are rarer still.
 */
function phraseLogVolume(tokens: readonly Token[], isEnglish: boolean): number {
  if (tokens.length === 0) return 1;
  // The words that carry the topic: content words, else glue ("the"), else modifiers ("buy").
  let carrier: Token['kind'] = 'modifier';
  for (const token of tokens) {
    if (token.kind === 'content') carrier = 'content';
    else if (token.kind === 'stop' && carrier === 'modifier') carrier = 'stop';
  }
  let rarest = Infinity;
  let rarestNarrowing = 0;
  let narrowing = 0;
  let length = 0;
  let afterQuestionWord = false;
  for (const token of tokens) {
    // A question needs the "does" after "how much" ("how much does a plumber cost"): it narrows little.
    const isGrammar = afterQuestionWord && auxiliaries.has(token.text);
    length += isGrammar ? 0.5 : 1;
    if (token.kind === carrier) {
      const logVolume = wordLogVolume(token.text, isEnglish);
      const cost = 0.35 + 0.1 * Math.min(3, Math.max(0, 6.3 - logVolume));
      narrowing += cost;
      if (logVolume < rarest) {
        rarest = logVolume;
        rarestNarrowing = cost;
      }
    } else if (isGrammar) narrowing += 0.1;
    else if (token.kind === 'stop') narrowing += 0.25;
    else if (token.modifier) narrowing += token.modifier.volume;
    afterQuestionWord = questionWords.has(token.text);
  }
  // Nobody searches "the" a million times a month, whatever subtitles say.
  if (carrier === 'stop') rarest = Math.min(rarest, 4.5);
  return rarest - (narrowing - rarestNarrowing) - 0.1 * (length - 1) ** 2;
}

/** -50 (only curious) to +40 (ready to buy): the strongest pull each way, plus less for further ones. */
function intentOf(tokens: readonly Token[]): number {
  let [buy1, buy2, buy3, learn1, learn2] = [0, 0, 0, 0, 0];
  for (const token of tokens) {
    const pull = token.modifier?.intent ?? 0;
    if (pull > buy1) [buy1, buy2, buy3] = [pull, buy1, buy2];
    else if (pull > buy2) [buy2, buy3] = [pull, buy2];
    else if (pull > buy3) buy3 = pull;
    else if (pull < learn1) [learn1, learn2] = [pull, learn1];
    else if (pull < learn2) learn2 = pull;
  }
  return Math.min(40, buy1 + 0.5 * buy2 + 0.25 * buy3) + Math.max(-50, learn1 + 0.4 * learn2);
}

/** Each season's monthly multipliers scaled to average exactly 1. */
const seasonShapes = new Map(
  Object.entries(seasons).map(([season, shape]) => {
    const mean = shape.reduce((sum, value) => sum + value, 0) / shape.length;
    return [season, shape.map((value) => value / mean)] as const;
  }),
);

/**
 * The figures for one keyword in one place; synchronous and deterministic. `key` is the
 * normalized keyword, when the caller has it already.
 */
export function estimateKeyword(
  keyword: string,
  place: ResolvedPlace,
  key = normalizeKeyword(keyword),
): KeywordMetrics {
  const tokens = tokenize(key);
  const random = seededRandom(fnv1a(`${key}|${place.key}`));
  // Price from the dearest topic word ("lawyer" in "lawyer shoes"), seasons from the head noun.
  const topic = topicOf(tokens);
  const intent = intentOf(tokens);

  const monthlyBase = 10 ** phraseLogVolume(tokens, place.isEnglish) * place.volumeFactor * (0.85 + 0.33 * random());
  const shape = seasonShapes.get(headTopicOf(tokens).season)!;
  const monthlyVolumes: MonthlyVolume[] = [];
  let total = 0;
  for (let month = 0; month < 12; month++) {
    const searches = monthlyBase * shape[month]! * (0.92 + 0.16 * random());
    total += searches;
    monthlyVolumes.push({ year: estimateMonthsYear, month: month + 1, searches: toVolumeBucket(searches) });
  }
  const avgMonthlySearches = toVolumeBucket(total / 12);

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
    difficulty: difficultyFrom(competitionIndex),
  };
}

function clampRound(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}
