import { Readable } from 'node:stream';
import {
  adTextLength,
  constants,
  messages,
  safeFileName,
  type campaignExportInputSchema,
  type MetricsSource,
} from '@keywright/contract';
import type { z } from 'zod';
import { getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { LeftOutTally, type AdCopyService, type EditorKeyword } from '../ad-copy/ad-copy.service';
import type { ClustersService } from '../clusters/clusters.service';
import { freeName } from '../../lib/free-name';
import { createProjectLists } from '../keyword-lists/project-lists.service';
import { createNegativeExport } from '../negative-lists/negative-export.service';

const { maxHeadlines, maxDescriptions, pathMaxLength, nameMaxLength } = constants.adsEditor;

type CampaignExport = z.output<typeof campaignExportInputSchema>;

/** An ad group to write: its name, what its ad is written from, and its keywords in batches. */
interface AdGroupSource {
  name: string;
  briefKeywords: () => Promise<string[]>;
  keywords: () => AsyncIterable<EditorKeyword[]>;
  /** Its keywords without bids: what Google Ads' limits leave out is counted from them. */
  keywordTexts: () => AsyncIterable<EditorKeyword[]>;
}

/**
 * The ad's first display path from its ad group's name: its words, lower-cased and joined by
 * hyphens, as many whole words as fit in 15 characters ("teeth-whitening"); empty when none does.
 */
export function displayPath(name: string): string {
  const words = name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let path = '';
  for (const word of words) {
    const next = path ? `${path}-${word}` : word;
    if (adTextLength(next) > pathMaxLength) break;
    path = next;
  }
  return path;
}

/** `{project name}_campaign_{date}.csv`, made safe like the other exports. */
export function campaignFileName(projectName: string, date: Date): string {
  return `${safeFileName(projectName, 'project')}_campaign_${date.toISOString().slice(0, 10)}.csv`;
}

async function* inOneBatch(keywords: EditorKeyword[]): AsyncGenerator<EditorKeyword[]> {
  yield keywords;
}

/**
 * A whole project as one Google Ads Editor file, in the list export's format (ads-editor-csv.ts):
 * one campaign, an ad group per group of keywords (clusters.service, at a tightness) or per list
 * of the project, each with its keywords at one match type and one responsive search ad written
 * by the ad copy writer from the ad group's keywords (the best 15 headlines and 4 descriptions,
 * every line checked by the ad-lines rules), then the chosen negative lists' terms: campaign
 * negatives, and negatives of the ad groups they name (one not in the file is left out).
 * Google Ads' limits are checked before the file starts, and what they leave out is answered
 * beside the file (`leftOut`). The first ad is written before the file starts, so
 * a writer that fails answers 502; the rest are written while the file streams.
 */
export function createCampaignExportService({
  db,
  adCopy,
  clusters,
  metricsSource,
}: {
  db: Db;
  adCopy: AdCopyService;
  clusters: ClustersService;
  metricsSource: MetricsSource | null;
}) {
  const lists = createProjectLists(db);
  const negativeExport = createNegativeExport(db);

  async function clusterSources(caller: Caller, projectId: number, input: CampaignExport) {
    const groups = await clusters.allGroups(caller, { projectId, tightness: input.tightness });
    if (groups.length === 0) throw new AppError('conflict', messages.noGroupsToExport);
    return groups.map((cluster): AdGroupSource => {
      // A group's bids are the server's provider's (or a project's import, which the group does not tell apart).
      const keywords = cluster.keywords.map(({ keyword, cpc_high }) => ({
        keyword,
        highBidMicros: cpc_high,
        isEstimate: metricsSource === 'estimate',
      }));
      return {
        name: cluster.name,
        briefKeywords: async () =>
          cluster.keywords.slice(0, constants.limits.adKeywords).map((keyword) => keyword.keyword),
        keywords: () => inOneBatch(keywords),
        keywordTexts: () => inOneBatch(keywords),
      };
    });
  }

  async function listSources(caller: Caller, projectId: number, includeMaxCpc: boolean) {
    const found = await lists.readableOfProject(caller, projectId);
    if (found.length === 0) throw new AppError('conflict', messages.noListsToExport);
    return found.map((list): AdGroupSource => ({
      name: list.name,
      ...adCopy.listAdGroup(list.id, includeMaxCpc),
      keywordTexts: () => adCopy.listAdGroup(list.id, false).keywords(),
    }));
  }

  return {
    async exportCampaign(caller: Caller, projectId: number, input: CampaignExport, now = new Date()) {
      await getReadableProject(db, caller, projectId);
      const project = await adCopy.projectForAds(projectId);
      if (!project) throw notFound();
      const { id: _id, ...projectInfo } = project;
      const { includeMaxCpc } = input;
      const negatives = await negativeExport.chosen(projectId, input.negativeListIds);
      const sources =
        input.groupBy === 'lists'
          ? await listSources(caller, projectId, includeMaxCpc)
          : await clusterSources(caller, projectId, input);
      const campaign = input.campaign || project.name;
      // What Google Ads' limits leave out, counted before the file starts: the summary covers it all.
      const tally = new LeftOutTally();
      for (const source of sources) for await (const batch of source.keywordTexts()) tally.keywords(batch);
      // Editor tells ad groups apart by name: a name used twice gets " (2)".
      const taken = new Set<string>();
      const adGroupNames = sources.map((source) => {
        const name = freeName(source.name, taken, nameMaxLength);
        taken.add(name.toLowerCase());
        return name;
      });
      // An ad group's negatives go to it by name; those of a group not in the file are left out.
      const negativeLines = adCopy.editorFile.negativeRows(campaign, negatives, tally, adGroupNames);

      const writeAd = async (source: AdGroupSource, index: number) => {
        const keywords = await source.briefKeywords();
        const lines = await adCopy.adCopy({ keywords: keywords.length > 0 ? keywords : [source.name], projectInfo });
        return {
          campaign,
          adGroup: adGroupNames[index]!,
          matchType: input.matchType,
          includeMaxCpc,
          useEstimatedBids: input.useEstimatedBids,
          finalUrl: input.finalUrl,
          path1: displayPath(adGroupNames[index]!),
          path2: '',
          headlines: lines.headlines.slice(0, maxHeadlines),
          descriptions: lines.descriptions.slice(0, maxDescriptions),
        };
      };
      const firstAd = await writeAd(sources[0]!, 0);
      async function* file() {
        yield adCopy.editorFile.header();
        for (const [index, source] of sources.entries()) {
          const ad = index === 0 ? firstAd : await writeAd(source, index);
          yield* adCopy.editorFile.adGroupRows(ad, source.keywords());
        }
        // The negatives, the campaign's and its ad groups', after the ad groups.
        if (negativeLines) yield negativeLines;
      }
      return {
        fileName: campaignFileName(project.name, now),
        leftOut: tally.result(),
        stream: Readable.from(file()),
      };
    },
  };
}

export type CampaignExportService = ReturnType<typeof createCampaignExportService>;
