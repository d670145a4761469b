import { buildPath, endpoints, type CampaignExportInput } from '@keywright/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { downloadPostedFile } from '@/lib/download';

export interface ExportCampaignInput {
  projectId: number;
  body: CampaignExportInput;
}

/** The whole project as one Google Ads Editor campaign, saved under the server's file name. */
export const exportCampaign = ({ projectId, body }: ExportCampaignInput) =>
  downloadPostedFile(buildPath(endpoints.exportCampaign.path, { projectId }), body, 'campaign.csv');

export function useExportCampaign(
  options: Omit<UseMutationOptions<void, Error, ExportCampaignInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: exportCampaign });
}
