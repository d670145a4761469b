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
 * - Keywords as Google Ads takes them (see `googleAdsKeyword`): a keyword it would refuse is
 *   cleaned of the symbols it does not allow, or left out when too long, so the import has no errors.
 */
import { constants, type AdMatchType } from '@keywright/contract';
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

/** Google Ads' limits on a keyword's text: characters, and words. */
const KEYWORD_MAX_CHARACTERS = 80;
const KEYWORD_MAX_WORDS = 10;

/**
 * A keyword as Google Ads accepts it, or null when it cannot be one. Google Ads takes letters, digits,
 * spaces and # $ & _ - ' + . / : in a keyword, at most 80 characters and 10 words. Other symbols
 * ("!", "?", ",", "%", "@", "(") become spaces; typographic apostrophes become "'". Quotes and
 * brackets go too: they are match-type syntax, and the match type has its own column here.
 */
export function googleAdsKeyword(text: string): string | null {
  const cleaned = text
    .normalize('NFC')
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[^\p{L}\p{M}\p{N}\s#$&_\-'+./:]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned) return null;
  if ([...cleaned].length > KEYWORD_MAX_CHARACTERS) return null;
  if (cleaned.split(' ').length > KEYWORD_MAX_WORDS) return null;
  return cleaned;
}

/** Dollars with two decimals from micro-units; empty when unknown. */
const maxCpc = (micros: number | null) => (micros == null ? '' : (micros / constants.microsPerUnit).toFixed(2));

/** The file's text, a piece at a time: the header, a piece per batch of keywords, then the ad. */
export async function* adsEditorCsv(ad: AdsEditorAd, keywords: AsyncIterable<EditorKeyword[]>) {
  yield adsEditorHeader();
  yield* adGroupRows(ad, keywords);
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
