// Words and small rules about a business as a whole: its names, who it serves, its trade's people.

import { loadLexicon } from '../lexicon/lexicon';
import { kindOfPhrase } from './kinds';
import { isFormat } from './templates';

export function siteWords(siteUrl: string): string {
  const host = siteUrl
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .split(/[/?#]/)[0]!
    .replace(/^www\./i, '');
  const labels = host.split('.');
  return labels
    .slice(0, Math.max(1, labels.length - 1))
    .join(' ')
    .replace(/[-_]/g, ' ');
}

export function competitorNames(competitors: string): string[] {
  const names = competitors
    .split(/[,;\n]+/)
    .map((name) => siteWords(name.trim()).toLowerCase().replace(/\s+/g, ' ').trim())
    .filter((name) => name && name.split(' ').length <= 3);
  return [...new Set(names)].slice(0, 5);
}

export const clean = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

export const everyone = new Set(
  'homeowners families family parents adults individuals people everyone locals residents couples customers clients'.split(
    ' ',
  ),
);
export const serviceModes = new Set(['takeout', 'takeaway', 'delivery', 'catering', 'reservations', 'brunch']);
export const personQualifiers = new Set([
  'emergency',
  'family',
  'commercial',
  'mobile',
  'certified',
  'licensed',
  'cosmetic',
  'pediatric',
]);
/** Trades named by an adjective, which WordNet links to no person: "family dental clinic" -> "family dentist". */
export const tradeAdjectives = new Map([
  ['dental', 'dentist'],
  ['electrical', 'electrician'],
]);
/** A word WordNet knows as an adjective that names no kind of thing ("vegan", "organic"). */
export function isDescriptive(word: string): boolean {
  return (
    loadLexicon().partsOfSpeech(word).includes('adjective') &&
    kindOfPhrase(word, 'thing', false) === 'thing' &&
    !word.endsWith('ing')
  );
}

/** A word after a trade that says the trade is the business's: a place, a person or its work. */
export function namesWork(word: string): boolean {
  const kind = kindOfPhrase(word, 'thing', false);
  return kind === 'place' || kind === 'person' || (kind === 'service' && !isFormat(word));
}

/** Places that sell their work, not goods: searched by the work too. */
export const workPlaces = new Set(['agency', 'agencies', 'firm', 'consultancy']);
export const makers = new Set(['bakery', 'bakeries', 'roastery', 'brewery', 'winery', 'florist', 'kitchen']);
