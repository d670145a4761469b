import { constants, endpoints, type ProjectStatusAnswer } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import type { GenerationJob } from '../job-storage';

export const getProjectStatus = (projectId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.projectStatus, { params: { projectId }, signal });

const isTransient = (error: unknown) => isApiError(error) && (error.status === 0 || error.status >= 500);

export const isFinishedStatus = (answer: ProjectStatusAnswer | undefined) =>
  answer !== undefined && answer.status !== 'pending';

/**
 * The status of one job's project, asked right away and then every 5 s until
 * the run has finished or a call fails (SPEC 4). One key per run, so an
 * earlier run's answer is never taken for this one's.
 */
export const projectStatusQueryOptions = (job: GenerationJob) =>
  queryOptions({
    queryKey: queryKeys.generationStatus(job.projectId, job.runId),
    queryFn: ({ signal }) => getProjectStatus(job.projectId, signal),
    refetchInterval: (query) =>
      query.state.status === 'error' || isFinishedStatus(query.state.data) ? false : constants.generationPollMs,
    // Keeps polling in a background tab: the job should finish while the user looks elsewhere.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
    gcTime: 0,
    // SPEC 8: a failed status call fails the job and stops polling. A dropped connection or a
    // server restart (a reload aborting the poll, a deploy) gets two more tries first.
    retry: (failureCount, error) => failureCount < 2 && isTransient(error),
    retryDelay: 1000,
  });

export function useProjectStatus(job: GenerationJob | null) {
  return useQuery({
    ...projectStatusQueryOptions(job ?? { projectId: 0, runId: 0, projectName: '' }),
    enabled: job !== null,
  });
}
