import { z } from 'zod';
import { idSchema, paginationSchema, textInput } from './common';
import { constants } from './constants';
import { competitionSchema } from './figures';
import { adMatchTypes, httpUrl } from './ad-copy';
import { negativeListIdsSchema } from './ads-editor-export';
import { messages } from './messages';
import { searchIntentSchema } from './intent';

/** How finely keywords are grouped: by head, by head and one modifier (ad-group sized), or by two. */
export const clusterTightness = ['loose', 'balanced', 'tight'] as const;
export const clusterTightnessSchema = z.enum(clusterTightness);
export type ClusterTightness = z.infer<typeof clusterTightnessSchema>;

export const clusterIdParamsSchema = z.object({ projectId: idSchema, clusterId: idSchema });

/**
 * Which groups an answer holds: a page of them, largest first, only those whose name or one of
 * whose keywords holds `search` (any case) when given. The edit calls take it too and answer that
 * page as it is after the edit.
 */
export const clustersPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(constants.limits.maxPageSize).default(constants.clustersPageSize),
  search: textInput().max(constants.limits.keyword).default(''),
});
export type ClustersPageQuery = z.input<typeof clustersPageQuerySchema>;

export const clustersQuerySchema = clustersPageQuerySchema.extend({
  tightness: clusterTightnessSchema.default('balanced'),
});

const clusterName = textInput()
  .min(1, messages.clusterNameRequired)
  .max(constants.limits.listName, messages.atMostCharacters(constants.limits.listName));

/** A keyword of a group, with what the clusters view shows of it. */
export const clusterKeywordSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  intent: z.array(searchIntentSchema),
  avg_monthly_searches: z.number().int().nullable(),
  competition: competitionSchema.nullable(),
  cpc_low: z.number().int().nullable(),
  cpc_high: z.number().int().nullable(),
  /** The ISO 4217 code of the bids; null when not known. */
  currency: z.string().nullable(),
});

/** A group: its name, its keywords (most searched first) and their sums. */
export const keywordClusterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  keywordCount: z.number().int(),
  /** Sum of the keywords' monthly searches where known; null when none is known. */
  totalVolume: z.number().int().nullable(),
  /** Lowest low bid and highest high bid of the group, in micros; null when none is known. */
  cpcLow: z.number().int().nullable(),
  cpcHigh: z.number().int().nullable(),
  /** The ISO 4217 code of the range; null when not known or when the bids are in several currencies. */
  currency: z.string().nullable(),
  /** The keywords' bids are in more than one currency: none is converted, so the range is null. */
  mixedCurrencies: z.boolean(),
  /** How many of the group's keywords carry each intent. */
  intentMix: z.record(searchIntentSchema, z.number().int()),
  keywords: z.array(clusterKeywordSchema),
});
export type KeywordCluster = z.infer<typeof keywordClusterSchema>;

/**
 * `GET /api/projects/:projectId/clusters`: 200 with the groups when they are up to date with the
 * project's keywords; 202 with the progress while they are being worked out (poll again).
 */
export const clustersAnswerSchema = z.object({
  status: z.literal('ready'),
  tightness: clusterTightnessSchema,
  /** The page of groups asked for. */
  clusters: z.array(keywordClusterSchema),
  /** Of the groups (those matching the search, when given). */
  pagination: paginationSchema,
  /** The project's keywords version the groups were made for. */
  version: z.number().int(),
});
export type ClustersAnswer = z.infer<typeof clustersAnswerSchema>;

export const clustersPendingSchema = z.object({
  status: z.literal('running'),
  tightness: clusterTightnessSchema,
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
});
export type ClustersPending = z.infer<typeof clustersPendingSchema>;

export const recomputeClustersInputSchema = z.object({ tightness: clusterTightnessSchema.default('balanced') });

/**
 * Moves a keyword to another group, or to a new group of that name (at `tightness`; a group named
 * like an existing new group joins it). The move is kept as a pin: when the groups are worked out
 * again (keywords added or deleted) the keyword goes back to that group while both exist.
 */
export const moveClusterKeywordInputSchema = z
  .object({
    tightness: clusterTightnessSchema.default('balanced'),
    keywordId: idSchema,
    toClusterId: idSchema.optional(),
    newClusterName: clusterName.optional(),
  })
  .refine((value) => (value.toClusterId === undefined) !== (value.newClusterName === undefined), {
    message: messages.moveNeedsOneTarget,
    path: ['toClusterId'],
  });

/** Merges groups into the first one; `name` renames the result. Kept while the first group exists. */
export const mergeClustersInputSchema = z.object({
  clusterIds: z
    .array(idSchema)
    .min(2, messages.mergeNeedsTwo)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, messages.mergeNeedsTwo),
  name: clusterName.optional(),
});

export const renameClusterInputSchema = z.object({ name: clusterName });

/** One list per group, named after it (a taken name gets " (2)", " (3)"…), linked to the project. */
export const saveClustersAsListsInputSchema = z.object({
  tightness: clusterTightnessSchema.default('balanced'),
  /** The groups to save (of that tightness); all of them when left out. */
  clusterIds: z.array(idSchema).min(1).max(1000).optional(),
});
export const saveClustersAsListsAnswerSchema = z.object({
  lists: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
});
export type SaveClustersAsListsAnswer = z.infer<typeof saveClustersAsListsAnswerSchema>;

/**
 * `POST /api/projects/:projectId/campaign-export`: the whole project as one Google Ads Editor
 * file (the format of the list export): the campaign named after the project unless given, one
 * ad group per cluster or per list of the project, each with its keywords at `matchType`, Max CPC
 * from the high bid when asked, and one responsive search ad written by the ad copy writer.
 */
export const campaignExportInputSchema = z.object({
  groupBy: z.enum(['clusters', 'lists']).default('clusters'),
  campaign: textInput().max(constants.adsEditor.nameMaxLength).default(''),
  matchType: z.enum(adMatchTypes).default('Phrase'),
  includeMaxCpc: z.boolean().default(true),
  /** Writes estimated bids as Max CPC too; off, an estimated bid leaves Max CPC empty (issue 24). */
  useEstimatedBids: z.boolean().default(false),
  finalUrl: httpUrl,
  tightness: clusterTightnessSchema.default('balanced'),
  /** The project's negative lists to carry as campaign negatives: absent, all of them; [] none (issue 27). */
  negativeListIds: negativeListIdsSchema,
});
export type CampaignExportInput = z.input<typeof campaignExportInputSchema>;
