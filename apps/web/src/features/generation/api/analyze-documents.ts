import { analyzeDocumentAnswerSchema, endpoints, type AnalyzeDocumentAnswer } from '@keywright/contract';
import { ApiError } from '@/lib/api-error';
import { uploadForm, type UploadProgress } from '@/lib/upload';

/** POST /api/analyze-document: the files as multipart (field `documents`), with upload progress. */
export async function analyzeDocuments(
  files: readonly File[],
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<AnalyzeDocumentAnswer> {
  const body = new FormData();
  for (const file of files) body.append('documents', file, file.name);
  const data = await uploadForm(endpoints.analyzeDocument.method, endpoints.analyzeDocument.path, body, options);
  const parsed = analyzeDocumentAnswerSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, code: 'invalid_response', message: 'Invalid response' });
  return parsed.data;
}
