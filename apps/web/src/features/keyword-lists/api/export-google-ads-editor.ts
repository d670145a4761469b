import { buildPath, endpoints, type AdsEditorExportInput, type ExportLeftOut } from '@keywright/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { leftOutOf } from '@/components/ads-editor/left-out';
import { downloadPostedFile } from '@/lib/download';

export interface ExportGoogleAdsEditorInput {
  listId: number;
  body: AdsEditorExportInput;
}

/**
 * The list as one ad group with one responsive search ad, as a Google Ads Editor CSV; answers
 * what Google Ads' limits left out of it (null: nothing).
 */
export const exportGoogleAdsEditor = async ({ listId, body }: ExportGoogleAdsEditorInput) =>
  leftOutOf(
    await downloadPostedFile(
      buildPath(endpoints.exportGoogleAdsEditor.path, { id: listId }),
      body,
      'google-ads-editor.csv',
    ),
  );

export function useExportGoogleAdsEditor(
  options: Omit<UseMutationOptions<ExportLeftOut | null, Error, ExportGoogleAdsEditorInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: exportGoogleAdsEditor });
}
