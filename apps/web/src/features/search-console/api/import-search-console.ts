import { buildPath, endpoints, searchConsoleImportAnswerSchema } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { uploadForm, type UploadProgress } from '@/lib/upload';

export interface SearchConsoleUploadInput {
  projectId: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/projects/:projectId/search-console/import: the export as multipart (field `file`), with upload progress. */
export async function importSearchConsole({ projectId, file, onProgress }: SearchConsoleUploadInput) {
  const { method, path } = endpoints.importSearchConsole;
  const body = new FormData();
  body.append('file', file, file.name);
  const data = await uploadForm(method, buildPath(path, { projectId }), body, { onProgress });
  const parsed = searchConsoleImportAnswerSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, code: 'invalid_response', message: 'Invalid response' });
  return parsed.data;
}

export function useImportSearchConsole(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSearchConsole,
    // A new current import: the state, and so the queries keyed by it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projectSearchConsole(projectId) }),
  });
}
