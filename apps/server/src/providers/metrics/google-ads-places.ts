import countries, { type LocaleData } from 'i18n-iso-countries';
import { createRequire } from 'node:module';

// Through require: the server bundle keeps npm packages external, and Node's ESM loader
// refuses a JSON import that lost its `with { type: 'json' }` on the way.
countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json') as LocaleData);

/** A country as Google Ads targets it. */
export interface AdsCountry {
  /** ISO 3166-1 alpha-2, as the geo target suggestion service takes it ("US"). */
  alpha2: string;
  /** `geoTargetConstants/{2000 + ISO numeric}`: Google's country criterion ids follow the ISO numeric codes. */
  geoTargetConstant: string;
}

const unitedStates: AdsCountry = { alpha2: 'US', geoTargetConstant: 'geoTargetConstants/2840' };

/** Names people type that the ISO list does not carry. */
const countryAliases: Record<string, string> = {
  america: 'US',
  'united states of america': 'US',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  holland: 'NL',
  korea: 'KR',
  uae: 'AE',
};

/** The ISO 3166-1 alpha-2 code of a country as people name it ("Germany", "UK", "USA"); undefined when unknown. */
export function alpha2For(country: string): string | undefined {
  const name = country.trim().replace(/\s+/g, ' ');
  const lower = name.toLowerCase();
  return (
    countryAliases[lower] ??
    countries.getAlpha2Code(name, 'en') ??
    (/^[a-z]{2}$/i.test(name) && countries.alpha2ToNumeric(name.toUpperCase()) ? name.toUpperCase() : undefined) ??
    (/^[a-z]{3}$/i.test(name) ? countries.alpha3ToAlpha2(name.toUpperCase()) : undefined)
  );
}

/** The country's Google Ads target from a name ("Germany", "UK", "USA") or ISO code; United States when empty or unknown. */
export function adsCountryFor(country: string): AdsCountry {
  const alpha2 = country.trim() ? alpha2For(country) : undefined;
  const numeric = alpha2 ? countries.alpha2ToNumeric(alpha2) : undefined;
  if (!alpha2 || !numeric) return unitedStates;
  return { alpha2, geoTargetConstant: `geoTargetConstants/${2000 + Number(numeric)}` };
}

/**
 * Google Ads language criterion ids (the "Language codes" table of the Google Ads API docs),
 * by English name, with the ISO 639-1 code Google lists for each.
 */
const languages: ReadonlyArray<{ id: number; names: readonly string[]; codes: readonly string[] }> = [
  { id: 1000, names: ['english'], codes: ['en'] },
  { id: 1001, names: ['german', 'deutsch'], codes: ['de'] },
  { id: 1002, names: ['french', 'français', 'francais'], codes: ['fr'] },
  { id: 1003, names: ['spanish', 'español', 'espanol'], codes: ['es'] },
  { id: 1004, names: ['italian', 'italiano'], codes: ['it'] },
  { id: 1005, names: ['japanese'], codes: ['ja'] },
  { id: 1009, names: ['danish'], codes: ['da'] },
  { id: 1010, names: ['dutch', 'flemish'], codes: ['nl'] },
  { id: 1011, names: ['finnish'], codes: ['fi'] },
  { id: 1012, names: ['korean'], codes: ['ko'] },
  { id: 1013, names: ['norwegian', 'norwegian bokmål', 'bokmål'], codes: ['no', 'nb'] },
  { id: 1014, names: ['portuguese', 'português', 'portugues'], codes: ['pt'] },
  { id: 1015, names: ['swedish'], codes: ['sv'] },
  {
    id: 1017,
    names: ['chinese (simplified)', 'chinese simplified', 'simplified chinese', 'chinese'],
    codes: ['zh', 'zh-cn', 'zh_cn'],
  },
  {
    id: 1018,
    names: ['chinese (traditional)', 'chinese traditional', 'traditional chinese'],
    codes: ['zh-tw', 'zh_tw'],
  },
  { id: 1019, names: ['arabic'], codes: ['ar'] },
  { id: 1020, names: ['bulgarian'], codes: ['bg'] },
  { id: 1021, names: ['czech'], codes: ['cs'] },
  { id: 1022, names: ['greek'], codes: ['el'] },
  { id: 1023, names: ['hindi'], codes: ['hi'] },
  { id: 1024, names: ['hungarian'], codes: ['hu'] },
  { id: 1025, names: ['indonesian'], codes: ['id'] },
  { id: 1026, names: ['icelandic'], codes: ['is'] },
  { id: 1027, names: ['hebrew'], codes: ['he', 'iw'] },
  { id: 1028, names: ['latvian'], codes: ['lv'] },
  { id: 1029, names: ['lithuanian'], codes: ['lt'] },
  { id: 1030, names: ['polish'], codes: ['pl'] },
  { id: 1031, names: ['russian'], codes: ['ru'] },
  { id: 1032, names: ['romanian'], codes: ['ro'] },
  { id: 1033, names: ['slovak'], codes: ['sk'] },
  { id: 1034, names: ['slovenian', 'slovene'], codes: ['sl'] },
  { id: 1035, names: ['serbian'], codes: ['sr'] },
  { id: 1036, names: ['ukrainian'], codes: ['uk'] },
  { id: 1037, names: ['turkish'], codes: ['tr'] },
  { id: 1038, names: ['catalan'], codes: ['ca'] },
  { id: 1039, names: ['croatian'], codes: ['hr'] },
  { id: 1040, names: ['vietnamese'], codes: ['vi'] },
  { id: 1041, names: ['urdu'], codes: ['ur'] },
  { id: 1042, names: ['filipino', 'tagalog'], codes: ['tl', 'fil'] },
  { id: 1043, names: ['estonian'], codes: ['et'] },
  { id: 1044, names: ['thai'], codes: ['th'] },
  { id: 1056, names: ['bengali', 'bangla'], codes: ['bn'] },
  { id: 1064, names: ['persian', 'farsi'], codes: ['fa'] },
  { id: 1072, names: ['gujarati'], codes: ['gu'] },
  { id: 1086, names: ['kannada'], codes: ['kn'] },
  { id: 1098, names: ['malayalam'], codes: ['ml'] },
  { id: 1101, names: ['marathi'], codes: ['mr'] },
  { id: 1102, names: ['malay'], codes: ['ms'] },
  { id: 1110, names: ['punjabi'], codes: ['pa'] },
  { id: 1130, names: ['tamil'], codes: ['ta'] },
  { id: 1131, names: ['telugu'], codes: ['te'] },
];

const languageIds = new Map<string, number>(
  languages.flatMap(({ id, names, codes }) => [...names, ...codes].map((key) => [key, id] as const)),
);

/** `languageConstants/{id}` from a language name or ISO 639-1 code, any case; English when empty or unknown. */
export function languageConstantFor(language: string): string {
  const key = language.trim().replace(/\s+/g, ' ').toLowerCase();
  return `languageConstants/${languageIds.get(key) ?? 1000}`;
}
