import { z } from 'zod';
import { negativeListIdsSchema } from './ads-editor-export';
import { textInput } from './common';
import { constants } from './constants';
import { safeFileName } from './keywords';
import { messages } from './messages';

const { limits, headlines, descriptions, adsEditor } = constants;

// Made on first use: a segmenter loads ICU data, some 15 ms at a page's start for a screen that counts no ad line.
let graphemes: Intl.Segmenter | undefined;

/**
 * The length of an ad line as a person counts it: by grapheme, so "café" is 4 and a flag emoji is 1.
 * Every limit on headlines, descriptions and paths is counted this way, in the browser and the server.
 */
export function adTextLength(text: string): number {
  let count = 0;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

export type AdLineKind = 'headlines' | 'descriptions';

/** The character limit of a line of each kind (SPEC: headlines 30, descriptions 90). */
export const adLineLimit: Record<AdLineKind, number> = {
  headlines: headlines.maxLength,
  descriptions: descriptions.maxLength,
};

/** Code units a grapheme may take at most for a line to count as within its limit (a family emoji takes 11). */
const MAX_UNITS_PER_GRAPHEME = 32;

/**
 * Whether a text is at most `max` graphemes long, without segmenting a long text: V8 segments in
 * time that grows with the square of the length (100,000 characters take seconds), so a text far
 * over the limit is refused by its length alone.
 */
export function adTextWithin(text: string, max: number): boolean {
  if (text.length <= max) return true;
  if (text.length > max * MAX_UNITS_PER_GRAPHEME) return false;
  return adTextLength(text) <= max;
}

const limited = (max: number) =>
  textInput().refine((value) => adTextWithin(value, max), messages.atMostCharacters(max));

/** `{project name}_headlines_{date}.csv` (or `_descriptions_`), the name made safe like a keyword export's. */
export function adCopyFileName(projectName: string, kind: AdLineKind, date: Date): string {
  return `${safeFileName(projectName, 'project')}_${kind}_${date.toISOString().slice(0, 10)}.csv`;
}

/** `{list name}_google_ads_editor_{date}.csv`, the name made safe like a list export's. */
export function adsEditorFileName(listName: string, date: Date): string {
  return `${safeFileName(listName, 'list')}_google_ads_editor_${date.toISOString().slice(0, 10)}.csv`;
}

/** The project facts an ad is written from (SPEC: name, description, country, city, language). */
export const adProjectInfoSchema = z.object({
  name: textInput({ error: messages.adProjectNameRequired })
    .min(1, messages.adProjectNameRequired)
    .max(limits.projectName, messages.atMostCharacters(limits.projectName)),
  description: textInput({ multiline: true })
    .max(limits.projectDescription, messages.atMostCharacters(limits.projectDescription))
    .default(''),
  country: textInput().max(limits.place, messages.atMostCharacters(limits.place)).default(''),
  city: textInput().max(limits.place, messages.atMostCharacters(limits.place)).default(''),
  language: textInput().max(limits.place, messages.atMostCharacters(limits.place)).default(''),
  /** Optional extras a project keeps: its site and its audience. */
  siteUrl: textInput().max(limits.siteUrl, messages.atMostCharacters(limits.siteUrl)).default(''),
  targetAudience: textInput({ multiline: true })
    .max(limits.targetAudience, messages.atMostCharacters(limits.targetAudience))
    .default(''),
});
export type AdProjectInfo = z.infer<typeof adProjectInfoSchema>;

/** `POST /api/generate-headlines`, `/api/generate-descriptions` and `/api/ad-copy`. */
export const adCopyInputSchema = z.object({
  keywords: z
    .array(textInput().min(1, messages.adKeywordBlank).max(limits.keyword, messages.atMostCharacters(limits.keyword)), {
      error: messages.adKeywordsRequired,
    })
    .min(1, messages.adKeywordsRequired)
    .max(limits.adKeywords, messages.adTooManyKeywords),
  projectInfo: adProjectInfoSchema,
});
export type AdCopyInput = z.infer<typeof adCopyInputSchema>;

/** Twenty headlines and twenty descriptions, each within its limit. */
export const adCopySchema = z.object({
  headlines: z.array(z.string()),
  descriptions: z.array(z.string()),
});
export type AdCopy = z.infer<typeof adCopySchema>;

/**
 * What a list's ads are written from: its keywords (at most 1,000, the ones with the most searches
 * first where figures are cached) and its project's facts. A list without a project answers 400
 * `messages.listNeedsProjectForAds`.
 */
export const adBriefSchema = z.object({
  listId: z.number().int(),
  listName: z.string(),
  projectId: z.number().int(),
  /** All of the list's keywords, so the brief's keywords may be fewer. */
  keywordCount: z.number().int(),
  keywords: z.array(z.string()),
  projectInfo: z.object({
    name: z.string(),
    description: z.string(),
    country: z.string(),
    city: z.string(),
    language: z.string(),
    siteUrl: z.string(),
    targetAudience: z.string(),
  }),
});
export type AdBrief = z.infer<typeof adBriefSchema>;

export const adMatchTypes = ['Broad', 'Phrase', 'Exact'] as const;
export type AdMatchType = (typeof adMatchTypes)[number];

/** An absolute http(s) address with a dotted host name, as Google Ads asks of a final URL. */
const HTTP_URL = /^https?:\/\/[^\s/?#:@]+\.[^\s/?#:@]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export const httpUrl = textInput()
  .max(limits.finalUrl, messages.atMostCharacters(limits.finalUrl))
  .regex(HTTP_URL, messages.finalUrlInvalid);

/**
 * `POST /api/keyword-lists/:id/google-ads-editor`: the list as one ad group of a campaign, its
 * keywords with one match type, and one responsive search ad of the lines the person kept.
 */
export const adsEditorExportInputSchema = z
  .object({
    campaign: textInput()
      .min(1, messages.campaignNameRequired)
      .max(adsEditor.nameMaxLength, messages.atMostCharacters(adsEditor.nameMaxLength)),
    adGroup: textInput()
      .min(1, messages.adGroupNameRequired)
      .max(adsEditor.nameMaxLength, messages.atMostCharacters(adsEditor.nameMaxLength)),
    matchType: z.enum(adMatchTypes).default('Phrase'),
    /** Adds each keyword's Max CPC: its high top-of-page bid, where figures are cached. */
    includeMaxCpc: z.boolean().default(true),
    /** Writes estimated bids as Max CPC too; off, an estimated bid leaves Max CPC empty (issue 24). */
    useEstimatedBids: z.boolean().default(false),
    finalUrl: httpUrl,
    path1: limited(adsEditor.pathMaxLength).default(''),
    path2: limited(adsEditor.pathMaxLength).default(''),
    headlines: z
      .array(limited(headlines.maxLength).pipe(z.string().min(1, messages.adLineBlank)))
      .min(adsEditor.minHeadlines, messages.adsEditorHeadlineCount)
      .max(adsEditor.maxHeadlines, messages.adsEditorHeadlineCount),
    descriptions: z
      .array(limited(descriptions.maxLength).pipe(z.string().min(1, messages.adLineBlank)))
      .min(adsEditor.minDescriptions, messages.adsEditorDescriptionCount)
      .max(adsEditor.maxDescriptions, messages.adsEditorDescriptionCount),
    /** The list's project's negative lists to carry as campaign negatives: absent, all of them; [] none. */
    negativeListIds: negativeListIdsSchema,
  })
  .refine((input) => input.path1 !== '' || input.path2 === '', {
    message: messages.path2NeedsPath1,
    path: ['path2'],
  });
export type AdsEditorExportInput = z.infer<typeof adsEditorExportInputSchema>;
