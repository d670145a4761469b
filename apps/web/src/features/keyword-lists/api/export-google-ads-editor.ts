import { buildPath, endpoints, type AdsEditorExportInput } from '@keywright/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { downloadPostedFile } from '@/lib/download';

export interface ExportGoogleAdsEditorInput {
  listId: number;
  body: AdsEditorExportInput;
}

/** The list as one ad group with one responsive search ad, as a Google Ads Editor CSV. */
export const exportGoogleAdsEditor = ({ listId, body }: ExportGoogleAdsEditorInput) =>
  downloadPostedFile(buildPath(endpoints.exportGoogleAdsEditor.path, { id: listId }), body, 'google-ads-editor.csv');

export function useExportGoogleAdsEditor(
  options: Omit<UseMutationOptions<void, Error, ExportGoogleAdsEditorInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: exportGoogleAdsEditor });
}
