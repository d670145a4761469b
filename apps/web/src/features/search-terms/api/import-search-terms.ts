import { buildPath, endpoints, searchTermsImportAnswerSchema } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';
import { uploadForm, type UploadProgress } from '@/lib/upload';
import { searchTermsKey } from './get-search-terms';

export interface SearchTermsImportInput {
  projectId: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/projects/:projectId/search-terms/import: the report as multipart (field `file`), with upload progress. */
export async function importSearchTerms({ projectId, file, onProgress }: SearchTermsImportInput) {
  const { method, path } = endpoints.importSearchTerms;
  const body = new FormData();
  body.append('file', file, file.name);
  const data = await uploadForm(method, buildPath(path, { projectId }), body, { onProgress });
  const parsed = searchTermsImportAnswerSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, code: 'invalid_response', message: 'Invalid response' });
  return parsed.data;
}

export function useImportSearchTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSearchTerms,
    // The report replaced the one before: every page of terms is another now.
    onSuccess: (_answer, { projectId }) => queryClient.invalidateQueries({ queryKey: searchTermsKey(projectId) }),
  });
}
