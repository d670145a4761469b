import {
  campaignExportInputSchema,
  type AdMatchType,
  type CampaignExportInput,
  type ClusterTightness,
  type Project,
} from '@keywright/contract';
import { finalUrlFromSite } from '@/components/ads-editor/final-url';

export type CampaignGroupBy = NonNullable<CampaignExportInput['groupBy']>;

/** The Export campaign dialog's fields, as the person edits them. */
export interface CampaignExportFields {
  groupBy: CampaignGroupBy;
  /** Used only with `groupBy: 'clusters'`. */
  tightness: ClusterTightness;
  campaign: string;
  matchType: AdMatchType;
  includeMaxCpc: boolean;
  /** Estimated bids are written as Max CPC too (off by default). */
  useEstimatedBids: boolean;
  finalUrl: string;
}

export type CampaignExportErrors = Partial<Record<'campaign' | 'finalUrl', string>>;

/**
 * The fields as the dialog opens: ad groups from the keyword groups at the server's default
 * tightness, the campaign named after the project, phrase match, Max CPC, and the project's site
 * (a generated project's) as the final URL.
 */
export function initialCampaignFields(project: Pick<Project, 'name' | 'site_url'>): CampaignExportFields {
  return {
    groupBy: 'clusters',
    tightness: 'balanced',
    campaign: project.name,
    matchType: 'Phrase',
    includeMaxCpc: true,
    useEstimatedBids: false,
    finalUrl: finalUrlFromSite(project.site_url),
  };
}

const errorFields = ['campaign', 'finalUrl'] as const;

/**
 * The request's body checked by the contract's own schema (so the texts are the server's): the
 * body to send, or the first error of each field. The tightness goes only with keyword groups.
 */
export function campaignExportBody(
  fields: CampaignExportFields,
): { body: CampaignExportInput; errors?: undefined } | { body?: undefined; errors: CampaignExportErrors } {
  const parsed = campaignExportInputSchema.safeParse(fields);
  if (parsed.success) {
    const { tightness, ...body } = parsed.data;
    return { body: fields.groupBy === 'clusters' ? { ...body, tightness } : body };
  }
  const errors: CampaignExportErrors = {};
  for (const issue of parsed.error.issues) {
    const field = errorFields.find((name) => name === issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { errors };
}
