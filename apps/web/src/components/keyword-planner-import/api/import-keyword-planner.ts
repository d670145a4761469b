import { buildPath, endpoints, keywordPlannerImportAnswerSchema } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { uploadForm, type UploadProgress } from '@/lib/upload';

export interface KeywordPlannerImportInput {
  projectId: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POST /api/projects/:projectId/keyword-planner-import: the file as multipart (field `file`), with upload progress. */
export async function importKeywordPlanner({ projectId, file, onProgress, signal }: KeywordPlannerImportInput) {
  const { method, path } = endpoints.keywordPlannerImport;
  const body = new FormData();
  body.append('file', file, file.name);
  const data = await uploadForm(method, buildPath(path, { projectId }), body, { onProgress, signal });
  const parsed = keywordPlannerImportAnswerSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, code: 'invalid_response', message: 'Invalid response' });
  return parsed.data;
}

export function useImportKeywordPlanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importKeywordPlanner,
    // The project's pages (new keywords, their figures) and every keywords_count shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
