import { buildPath, endpoints, type KeywordExportQuery } from '@keywright/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';
import { toQueryString } from '@/lib/http';

/**
 * The project's keywords as CSV, saved under the server's file name: all of
 * them, with metrics columns, or only those inside CPC bounds and carrying the
 * chosen intents (`intent=`).
 */
export const exportKeywords = ({ projectId, query = {} }: { projectId: number; query?: KeywordExportQuery }) =>
  downloadFile(buildPath(endpoints.exportProjectKeywords.path, { projectId }) + toQueryString(query), 'keywords.csv');

export function useExportKeywords() {
  return useMutation({ mutationFn: exportKeywords });
}
