import { francAll } from 'franc';

/**
 * franc's ISO 639-3 codes -> the English names the generator and the metrics take (the Google Ads
 * languages of `metrics/google-ads-places.ts`). Detection is limited to these: a language keywords
 * cannot target is no use in the form.
 */
const languageNames: Record<string, string> = {
  eng: 'English',
  deu: 'German',
  fra: 'French',
  spa: 'Spanish',
  ita: 'Italian',
  jpn: 'Japanese',
  dan: 'Danish',
  nld: 'Dutch',
  fin: 'Finnish',
  kor: 'Korean',
  nob: 'Norwegian',
  por: 'Portuguese',
  swe: 'Swedish',
  cmn: 'Chinese',
  arb: 'Arabic',
  bul: 'Bulgarian',
  ces: 'Czech',
  ell: 'Greek',
  hin: 'Hindi',
  hun: 'Hungarian',
  ind: 'Indonesian',
  isl: 'Icelandic',
  heb: 'Hebrew',
  lvs: 'Latvian',
  lit: 'Lithuanian',
  pol: 'Polish',
  rus: 'Russian',
  ron: 'Romanian',
  slk: 'Slovak',
  slv: 'Slovenian',
  srp: 'Serbian',
  ukr: 'Ukrainian',
  tur: 'Turkish',
  cat: 'Catalan',
  hrv: 'Croatian',
  vie: 'Vietnamese',
  urd: 'Urdu',
  tgl: 'Filipino',
  ekk: 'Estonian',
  tha: 'Thai',
  ben: 'Bengali',
  pes: 'Persian',
  guj: 'Gujarati',
  kan: 'Kannada',
  mal: 'Malayalam',
  mar: 'Marathi',
  zlm: 'Malay',
  pan: 'Punjabi',
  tam: 'Tamil',
  tel: 'Telugu',
};
const only = Object.keys(languageNames);

/** Letters franc needs in a paragraph before its guess counts. */
const minParagraphLetters = 20;
/** Letters a whole text needs before it has a language at all. */
const minTextLetters = 20;
/** The winning language's share of the detected letters; below it the text is mixed. */
const minShare = 0.5;

function letterCount(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/**
 * The language most of the text is in, by English name, weighted by each paragraph's letters;
 * '' when the text is too short to tell or no language has most of it (a mixed document).
 */
export function detectLanguage(paragraphs: readonly string[]): string {
  const letters = new Map<string, number>();
  let total = 0;
  const counted = paragraphs.filter((paragraph) => letterCount(paragraph) >= minParagraphLetters);
  const samples = counted.length ? counted : [paragraphs.join(' ')];
  for (const paragraph of samples) {
    const count = letterCount(paragraph);
    if (count < minTextLetters) continue;
    const [best] = francAll(paragraph, { only, minLength: minTextLetters });
    const code = best?.[0];
    if (!code || code === 'und') continue;
    letters.set(code, (letters.get(code) ?? 0) + count);
    total += count;
  }
  let winner = '';
  let most = 0;
  for (const [code, count] of letters) {
    if (count > most) [winner, most] = [code, count];
  }
  if (!winner || most < total * minShare) return '';
  return languageNames[winner] ?? '';
}
