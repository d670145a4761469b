import { buildPath, endpoints, type AnalysisExportQuery } from '@keywright/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';
import { toQueryString } from '@/lib/http';

/** The analysis table as CSV, with the page's filters and order, saved under the server's file name. */
export const exportAnalysis = ({ projectId, query }: { projectId: number; query: AnalysisExportQuery }) =>
  downloadFile(buildPath(endpoints.exportAnalysis.path, { projectId }) + toQueryString(query), 'analysis.csv');

export function useExportAnalysis() {
  return useMutation({ mutationFn: exportAnalysis });
}
