import { buildPath, endpoints } from '@keywright/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';

/** Every keyword of the project as CSV, saved under the server's file name. */
export const exportKeywords = ({ projectId }: { projectId: number }) =>
  downloadFile(buildPath(endpoints.exportProjectKeywords.path, { projectId }), 'keywords.csv');

export function useExportKeywords() {
  return useMutation({ mutationFn: exportKeywords });
}
