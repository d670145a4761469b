import { buildPath, endpoints, type CampaignExportInput, type ExportLeftOut } from '@keywright/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { leftOutOf } from '@/components/ads-editor/left-out';
import { downloadPostedFile } from '@/lib/download';

export interface ExportCampaignInput {
  projectId: number;
  body: CampaignExportInput;
}

/**
 * The whole project as one Google Ads Editor campaign, saved under the server's file name;
 * answers what Google Ads' limits left out of it (null: nothing).
 */
export const exportCampaign = async ({ projectId, body }: ExportCampaignInput) =>
  leftOutOf(await downloadPostedFile(buildPath(endpoints.exportCampaign.path, { projectId }), body, 'campaign.csv'));

export function useExportCampaign(
  options: Omit<UseMutationOptions<ExportLeftOut | null, Error, ExportCampaignInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: exportCampaign });
}
