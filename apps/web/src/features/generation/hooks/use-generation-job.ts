import { messages, type GenerationInput, type Keyword } from '@keywright/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError, isUnauthorized } from '@/lib/api-error';
import { notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { useProjectStatus } from '../api/get-project-status';
import { useStartGeneration } from '../api/start-generation';
import { clearGenerationJob, readGenerationJob, writeGenerationJob, type GenerationJob } from '../job-storage';

export interface GenerationProgress {
  generated: number;
  requested: number;
}

/** SPEC 4's generation job: idle, then pending, then completed or failed. */
export type GenerationState =
  | { status: 'idle' }
  | { status: 'pending'; projectName: string; progress: GenerationProgress | null }
  | {
      status: 'completed';
      job: GenerationJob;
      keywords: Keyword[];
      /** The server's word when the run added fewer keywords than asked. */
      notice: string | null;
    }
  | { status: 'failed'; message: string };

/**
 * Starts a run and follows it. The job lives in localStorage from start to
 * finish, so a reload (or a visit later) picks it up where it was.
 */
export function useGenerationJob() {
  const queryClient = useQueryClient();
  const [job, setJob] = useState<GenerationJob | null>(() => readGenerationJob());
  const [requested, setRequested] = useState<number | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const startMutation = useStartGeneration();
  const statusQuery = useProjectStatus(job);

  let state: GenerationState;
  if (startMutation.isPending) {
    const input = startMutation.variables;
    state = {
      status: 'pending',
      projectName: input.projectName,
      progress: { generated: 0, requested: input.keywordCount ?? 0 },
    };
  } else if (!job) {
    state = startError ? { status: 'failed', message: startError } : { status: 'idle' };
  } else if (statusQuery.isError && !isUnauthorized(statusQuery.error)) {
    state = { status: 'failed', message: messages.failedToFetchJobStatus };
  } else if (statusQuery.data?.status === 'completed') {
    state = {
      status: 'completed',
      job,
      keywords: statusQuery.data.keywords ?? [],
      notice: statusQuery.data.notice ?? null,
    };
  } else if (statusQuery.data?.status === 'failed' || statusQuery.data?.status === 'idle') {
    // 'idle' (no run at all) cannot follow a start; the run is gone, so the job is over.
    state = { status: 'failed', message: messages.generationProcessFailed };
  } else {
    const progress = statusQuery.data?.progress ?? (requested === null ? null : { generated: 0, requested });
    state = { status: 'pending', projectName: job.projectName, progress };
  }

  // A finished job leaves storage once; the toast and the refresh happen once per run.
  const finishedRunId = useRef<number | null>(null);
  const finishedStatus = state.status === 'completed' || state.status === 'failed' ? state.status : null;
  const keywordCount = state.status === 'completed' ? state.keywords.length : 0;
  useEffect(() => {
    if (!job || !finishedStatus || finishedRunId.current === job.runId) return;
    finishedRunId.current = job.runId;
    clearGenerationJob();
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    if (finishedStatus === 'completed') notifySuccess(messages.generatedKeywords(keywordCount));
  }, [job, finishedStatus, keywordCount, queryClient]);

  const start = (input: GenerationInput) => {
    setJob(null);
    setStartError(null);
    startMutation.mutate(input, {
      onSuccess: ({ projectId, runId }) => {
        const next = { projectId, runId, projectName: input.projectName };
        writeGenerationJob(next);
        setRequested(input.keywordCount ?? null);
        setJob(next);
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        setStartError(
          isApiError(error) && error.code === 'validation_error' && error.isServerMessage
            ? error.message
            : messages.failedToStartGeneration,
        );
      },
    });
  };

  const reset = () => {
    clearGenerationJob();
    setJob(null);
    setStartError(null);
    setRequested(null);
    startMutation.reset();
  };

  return { state, start, reset };
}
