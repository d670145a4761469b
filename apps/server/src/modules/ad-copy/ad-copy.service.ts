import { Readable } from 'node:stream';
import {
  adCopyFileName,
  adsEditorFileName,
  adTextLength,
  constants,
  messages,
  type AdBrief,
  type AdCopy,
  type AdCopyInput,
  type AdLineKind,
  type AdsEditorExportInput,
  type MetricsSource,
} from '@keywright/contract';
import { getReadableList, getReadableListProject, listProjectNotFound, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { csvLines, UTF8_BOM } from '../../lib/csv';
import { AppError, notFound } from '../../lib/errors';
import { UpstreamError } from '../../lib/http-client';
import type { AdCopyBrief, AdCopyWriter } from '../../providers/ad-copy/ad-copy-writer';
import { adInputText, adLineCount, keepAdLines } from '../../providers/ad-copy/ad-lines';
import { createAdCopyRepository } from './ad-copy.repository';
import { createNegativeExport } from '../negative-lists/negative-export.service';
import {
  adGroupRows,
  adsEditorCsv,
  adsEditorHeader,
  LeftOutTally,
  negativeRows,
  type EditorKeyword,
} from './ads-editor-csv';

export {
  adsEditorColumns,
  LeftOutTally,
  RESPONSIVE_SEARCH_AD,
  type AdsEditorAd,
  type EditorKeyword,
} from './ads-editor-csv';

export interface AdCopyServiceDeps {
  db: Db;
  writer: AdCopyWriter;
  /** Whose cached figures order a brief and fill Max CPC (null or left out: metrics are off). */
  metricsSource?: MetricsSource | null;
}

const failedToGenerate: Record<AdLineKind, string> = {
  headlines: messages.failedToGenerateHeadlines,
  descriptions: messages.failedToGenerateDescriptions,
};

const csvHeader: Record<AdLineKind, string> = { headlines: 'Headline', descriptions: 'Description' };

/** Asks the writer twice at most before giving up on twenty good lines. */
const MAX_WRITES = 2;

export function createAdCopyService({ db, writer, metricsSource = null }: AdCopyServiceDeps) {
  const repository = createAdCopyRepository(db);
  const negativeExport = createNegativeExport(db);

  async function mayReadProject(caller: Caller, projectId: number): Promise<boolean> {
    try {
      await getReadableListProject(db, caller, projectId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return false;
      throw error;
    }
  }

  /** The writer's lines for an input, with the writer's failures as the API's 502 with their text. */
  async function ask(kind: AdLineKind, brief: AdCopyBrief): Promise<string[]> {
    try {
      return await writer.write(kind, brief);
    } catch (error) {
      if (error instanceof UpstreamError) throw new AppError('upstream_error', error.message);
      throw error;
    }
  }

  /**
   * The one path every ad line takes: the writer's lines, checked once more against the line rules
   * (belt and braces: a writer that slips never reaches a person), exactly twenty of them. A writer
   * that cannot make twenty good lines in two tries is a failed generation, never a short answer.
   */
  async function writeLines(kind: AdLineKind, input: AdCopyInput): Promise<string[]> {
    const brief: AdCopyBrief = { keywords: input.keywords, project: input.projectInfo };
    const inputText = adInputText(brief);
    const kept: string[] = [];
    for (let attempt = 0; attempt < MAX_WRITES && kept.length < adLineCount[kind]; attempt++) {
      keepAdLines(kind, await ask(kind, brief), inputText, kept);
    }
    if (kept.length < adLineCount[kind]) throw new AppError('upstream_error', failedToGenerate[kind]);
    return kept;
  }

  return {
    /** Twenty lines as a CSV file: each with its length as a person counts it. */
    async linesCsv(kind: AdLineKind, input: AdCopyInput, now = new Date()) {
      const lines = await writeLines(kind, input);
      const text =
        UTF8_BOM +
        csvLines([[csvHeader[kind], 'Characters'], ...lines.map((line) => [line, String(adTextLength(line))])]);
      return { fileName: adCopyFileName(input.projectInfo.name, kind, now), text };
    },

    /** Twenty headlines and twenty descriptions, for the ad preview. */
    async adCopy(input: AdCopyInput): Promise<AdCopy> {
      const [headlines, descriptions] = await Promise.all([
        writeLines('headlines', input),
        writeLines('descriptions', input),
      ]);
      return { headlines, descriptions };
    },

    /** What a list's ads are written from: its best keywords and its project's facts. */
    async brief(caller: Caller, listId: number): Promise<AdBrief> {
      await getReadableList(db, caller, listId);
      const list = await repository.findList(listId);
      if (!list) throw notFound();
      if (list.projectId == null) throw new AppError('validation_error', messages.listNeedsProjectForAds);
      // The project's facts are shown only to whoever may read the project.
      await getReadableListProject(db, caller, list.projectId);
      const project = await repository.findProject(list.projectId);
      if (!project) throw listProjectNotFound();
      const keywords = await repository.briefKeywords(listId, metricsSource, constants.limits.adKeywords);
      const { id, ...projectInfo } = project;
      return { listId, listName: list.name, projectId: id, keywordCount: list.keywordCount, keywords, projectInfo };
    },

    /**
     * The list as a Google Ads Editor import file, streamed (see ads-editor-csv.ts), with its
     * project's chosen negative lists: campaign negatives, and negatives of its ad group (those of
     * other ad groups are left out and summed up). What Google Ads' limits leave out is
     * counted before the file starts, so the answer's summary covers the whole file.
     */
    async adsEditorExport(caller: Caller, listId: number, input: AdsEditorExportInput, now = new Date()) {
      await getReadableList(db, caller, listId);
      const list = await repository.findList(listId);
      if (!list) throw notFound();
      // The project's negatives go only to whoever may read the project; a list without one has none.
      const projectId =
        list.projectId != null && (await mayReadProject(caller, list.projectId)) ? list.projectId : null;
      const negatives = await negativeExport.chosen(projectId, input.negativeListIds);
      const tally = new LeftOutTally();
      for await (const batch of repository.keywordsForEditor(listId, null)) tally.keywords(batch);
      negativeRows(input.campaign, negatives, tally, [input.adGroup]);
      const source = input.includeMaxCpc ? metricsSource : null;
      const keywords = repository.keywordsForEditor(listId, source);
      return {
        fileName: adsEditorFileName(list.name, now),
        leftOut: tally.result(),
        stream: Readable.from(adsEditorCsv(input, keywords, negatives)),
      };
    },

    /** A project's facts as its ads speak of them (its brand as name); null when it is gone. */
    projectForAds: (projectId: number) => repository.findProject(projectId),

    /**
     * A list as an ad group of a campaign file: the keywords its ad is written from, and all its
     * keywords in batches (with their bids when `includeMaxCpc`).
     */
    listAdGroup(listId: number, includeMaxCpc: boolean) {
      return {
        briefKeywords: () => repository.briefKeywords(listId, metricsSource, constants.limits.adKeywords),
        keywords: (): AsyncIterable<EditorKeyword[]> =>
          repository.keywordsForEditor(listId, includeMaxCpc ? metricsSource : null),
      };
    },

    /** The pieces of a Google Ads Editor file of many ad groups (ads-editor-csv.ts): its header, then each group's rows. */
    editorFile: { header: adsEditorHeader, adGroupRows, negativeRows },
  };
}

export type AdCopyService = ReturnType<typeof createAdCopyService>;
