/*
 * A keyword list as a Google Ads Editor import file (File > Import > From file), one ad group; a
 * whole project as one campaign of many ad groups (modules/campaign-export), the same rows.
 *
 * The format, and why (Google Ads Editor Help, "Import a CSV file in Google Ads Editor: CSV file
 * columns", support.google.com/google-ads/editor/answer/57747, and "CSV formatting guidelines",
 * support.google.com/google-ads/editor/topic/2986631):
 * - The first row is the header row, in English, with Editor's standard column names (capitals and
 *   spaces do not matter to Editor). Each following row is one item: a keyword, or the ad.
 * - No campaign row with a budget: as in Google's own example, each keyword row and the ad row name
 *   their Campaign and Ad group, and Editor creates both when they are new; a budget left out is
 *   "no change", so the person sets it in Editor, as they must choose one anyway.
 * - The match type goes in its own column, `Criterion Type` (Broad, Phrase or Exact), the header
 *   Editor's own exports use, and the keyword stays plain text: no [brackets] or "quotes", which
 *   would be read as part of the text or need escaping in the CSV.
 * - `Max CPC` in the account's currency with two decimals; empty (no change, the ad group's
 *   default bid applies) where no figure is cached, the person left it out, or the bid is only an
 *   estimate and the person did not ask for estimated bids (a model's guess is no bid to pay).
 * - The ad row: `Ad type` Responsive search ad, `Headline 1`..`Headline 15`, `Description 1`..
 *   `Description 4`, `Final URL`, `Path 1`, `Path 2`; unused headline and description cells empty.
 * - Encoding: UTF-8 with a byte order mark, commas, CRLF, like our other CSV files. Editor writes
 *   its own exports as UTF-16 with tabs, but the help pages above ask only for a CSV with the right
 *   headers; the BOM tells Editor (and Excel) the file is UTF-8, so accents and emoji survive.
 * - Cells a spreadsheet would read as a formula get a leading apostrophe (lib/csv.ts), as in every
 *   file we write: the file is a spreadsheet too, and is often opened in one before the import.
 * - Keywords as Google Ads takes them (see `checkGoogleAdsKeyword`): a keyword it would refuse is
 *   cleaned of the symbols it does not allow, or left out when beyond its limits (80 characters,
 *   10 words), so the import has no errors; what was left out is summed up beside the download.
 * - Negative keywords (issue 27): the chosen negative lists' terms, after the ad groups:
 *   `Criterion Type` "Negative exact" or "Negative phrase", with `Ad group` empty for a negative of
 *   the whole campaign and the group's name for a negative of one ad group. A negative of an ad
 *   group the file does not have is left out (Editor would make that ad group anew, empty) and
 *   listed in the summary beside the download.
 */
import {
  adsKeywordLimits,
  constants,
  leftOutNamed,
  negativeCriterionType,
  type AdMatchType,
  type ExportLeftOut,
  type LeftOutReason,
  type NegativeMatchType,
} from '@keywright/contract';
import { csvLines, UTF8_BOM } from '../../lib/csv';

const { maxHeadlines, maxDescriptions } = constants.adsEditor;

/** A keyword of a list as the Ads Editor file writes it: its text and its cached high top-of-page bid. */
export interface EditorKeyword {
  keyword: string;
  highBidMicros: number | null;
  /** The bid is the offline model's estimate, not Google's or a Keyword Planner file's. */
  isEstimate: boolean;
}

export const RESPONSIVE_SEARCH_AD = 'Responsive search ad';

export const adsEditorColumns = [
  'Campaign',
  'Ad group',
  'Keyword',
  'Criterion Type',
  'Max CPC',
  'Ad type',
  ...Array.from({ length: maxHeadlines }, (_, index) => `Headline ${index + 1}`),
  ...Array.from({ length: maxDescriptions }, (_, index) => `Description ${index + 1}`),
  'Final URL',
  'Path 1',
  'Path 2',
] as const;

type Column = (typeof adsEditorColumns)[number];

export interface AdsEditorAd {
  campaign: string;
  adGroup: string;
  matchType: AdMatchType;
  includeMaxCpc: boolean;
  /** Estimated bids are written as Max CPC too (off: left empty). */
  useEstimatedBids: boolean;
  finalUrl: string;
  path1: string;
  path2: string;
  headlines: readonly string[];
  descriptions: readonly string[];
}

function row(cells: Partial<Record<Column, string>>): string[] {
  return adsEditorColumns.map((column) => cells[column] ?? '');
}

/**
 * A keyword as Google Ads accepts it, or why it cannot be one. Google Ads takes letters, digits,
 * spaces and # $ & _ - ' + . / : in a keyword, at most 80 characters and 10 words. Other symbols
 * ("!", "?", ",", "%", "@", "(") become spaces; typographic apostrophes become "'". Quotes and
 * brackets go too: they are match-type syntax, and the match type has its own column here. The
 * limits are counted on the cleaned text, as Google Ads would count it.
 */
export function checkGoogleAdsKeyword(text: string): { text: string } | { reason: LeftOutReason } {
  const cleaned = text
    .normalize('NFC')
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[^\p{L}\p{M}\p{N}\s#$&_\-'+./:]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(cleaned)) return { reason: 'no_letters' };
  if ([...cleaned].length > adsKeywordLimits.characters) return { reason: 'too_long' };
  if (cleaned.split(' ').length > adsKeywordLimits.words) return { reason: 'too_many_words' };
  return { text: cleaned };
}

/** A keyword as Google Ads accepts it, or null when it cannot be one (see `checkGoogleAdsKeyword`). */
export function googleAdsKeyword(text: string): string | null {
  const checked = checkGoogleAdsKeyword(text);
  return 'text' in checked ? checked.text : null;
}

/**
 * What an export left out, counted as it is written: each distinct term once (a keyword of two
 * ad groups is one), the first `leftOutNamed` named, for the summary beside the download.
 */
export class LeftOutTally {
  private readonly seen = new Set<string>();
  private readonly summary: ExportLeftOut = {
    keywords: 0,
    negatives: 0,
    by_reason: { too_long: 0, too_many_words: 0, no_letters: 0, unknown_ad_group: 0 },
    items: [],
  };

  /** `adGroup`: the ad group a negative left out for want of its group is for; counted once per group. */
  add(kind: 'keyword' | 'negative', text: string, reason: LeftOutReason, adGroup?: string): void {
    const group = reason === 'unknown_ad_group' && adGroup !== undefined ? adGroup : undefined;
    const key = `${kind}:${text.toLowerCase()}\u0000${group?.toLowerCase() ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (kind === 'keyword') this.summary.keywords += 1;
    else this.summary.negatives += 1;
    this.summary.by_reason[reason] += 1;
    if (this.summary.items.length < leftOutNamed) {
      this.summary.items.push(group === undefined ? { text, kind, reason } : { text, kind, reason, ad_group: group });
    }
  }

  /** Checks a batch of keywords, counting those left out. */
  keywords(batch: readonly EditorKeyword[]): void {
    for (const keyword of batch) {
      const checked = checkGoogleAdsKeyword(keyword.keyword);
      if ('reason' in checked) this.add('keyword', keyword.keyword, checked.reason);
    }
  }

  result(): ExportLeftOut {
    return structuredClone(this.summary);
  }
}

/** A term of a negative list as the file carries it: a negative of the campaign, or of one ad group. */
export interface EditorNegative {
  text: string;
  matchType: NegativeMatchType;
  /** The ad group's name; null: the whole campaign. */
  adGroup: string | null;
}

/** An ad group's name as names are compared: spaces collapsed, any case. */
const groupKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The negative keywords as rows: `Criterion Type` Negative exact or Negative phrase, no Max CPC,
 * `Ad group` empty for a campaign negative and the ad group's name, as the file spells it, for a
 * negative of one of `adGroups` (the file's ad groups). Each term once per match type and level.
 * A term Google Ads would refuse, or a negative of an ad group not in the file, is left out and
 * counted in `tally`.
 */
export function negativeRows(
  campaign: string,
  negatives: readonly EditorNegative[],
  tally: LeftOutTally,
  adGroups: readonly string[] = [],
): string {
  const groups = new Map<string, string>();
  for (const name of adGroups) if (!groups.has(groupKey(name))) groups.set(groupKey(name), name);
  const written = new Set<string>();
  const rows: string[][] = [];
  for (const negative of negatives) {
    const checked = checkGoogleAdsKeyword(negative.text);
    if ('reason' in checked) {
      tally.add('negative', negative.text, checked.reason);
      continue;
    }
    const adGroup = negative.adGroup === null ? '' : groups.get(groupKey(negative.adGroup));
    if (adGroup === undefined) {
      tally.add('negative', negative.text, 'unknown_ad_group', negative.adGroup!);
      continue;
    }
    const key = `${negative.matchType}:${checked.text.toLowerCase()}\u0000${adGroup.toLowerCase()}`;
    if (written.has(key)) continue;
    written.add(key);
    rows.push(
      row({
        Campaign: campaign,
        'Ad group': adGroup,
        Keyword: checked.text,
        'Criterion Type': negativeCriterionType[negative.matchType],
      }),
    );
  }
  return rows.length > 0 ? csvLines(rows) : '';
}

/** Dollars with two decimals from micro-units; empty when unknown. */
const maxCpc = (micros: number | null) => (micros == null ? '' : (micros / constants.microsPerUnit).toFixed(2));

/**
 * The file's text, a piece at a time: the header, a piece per batch of keywords, the ad, then the
 * negatives, the campaign's and the ad group's (left-out ones counted in `tally`).
 */
export async function* adsEditorCsv(
  ad: AdsEditorAd,
  keywords: AsyncIterable<EditorKeyword[]>,
  negatives: readonly EditorNegative[] = [],
  tally = new LeftOutTally(),
) {
  yield adsEditorHeader();
  yield* adGroupRows(ad, keywords);
  const rows = negativeRows(ad.campaign, negatives, tally, [ad.adGroup]);
  if (rows) yield rows;
}

/** The header row, after the byte order mark: once per file. */
export function adsEditorHeader(): string {
  return UTF8_BOM + csvLines([[...adsEditorColumns]]);
}

/** One ad group's rows, a piece at a time: a piece per batch of keywords, then its ad. */
export async function* adGroupRows(ad: AdsEditorAd, keywords: AsyncIterable<EditorKeyword[]>) {
  const names = { Campaign: ad.campaign, 'Ad group': ad.adGroup };
  // Two keywords cleaned to the same text would be one keyword twice in the ad group: the first stays.
  const written = new Set<string>();
  for await (const batch of keywords) {
    const rows: string[][] = [];
    for (const keyword of batch) {
      const text = googleAdsKeyword(keyword.keyword);
      if (text === null || written.has(text.toLowerCase())) continue;
      written.add(text.toLowerCase());
      rows.push(
        row({
          ...names,
          Keyword: text,
          'Criterion Type': ad.matchType,
          'Max CPC':
            ad.includeMaxCpc && (!keyword.isEstimate || ad.useEstimatedBids) ? maxCpc(keyword.highBidMicros) : '',
        }),
      );
    }
    if (rows.length > 0) yield csvLines(rows);
  }
  const lines: Partial<Record<Column, string>> = {};
  ad.headlines.forEach((headline, index) => (lines[`Headline ${index + 1}` as Column] = headline));
  ad.descriptions.forEach((description, index) => (lines[`Description ${index + 1}` as Column] = description));
  yield csvLines([
    row({
      ...names,
      'Ad type': RESPONSIVE_SEARCH_AD,
      ...lines,
      'Final URL': ad.finalUrl,
      'Path 1': ad.path1,
      'Path 2': ad.path2,
    }),
  ]);
}
