/** The running generation job, kept in the browser so a reload (or a later visit) resumes it. */
export interface GenerationJob {
  projectId: number;
  runId: number;
  projectName: string;
}

export const generationJobStorageKey = 'keywright.generationJob';

type JobStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or nothing when the browser refuses it (private modes, disabled storage). */
function browserStorage(): JobStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The stored job, or null for nothing, garbage or a shape this version does not know. */
export function readGenerationJob(storage: JobStorage | null = browserStorage()): GenerationJob | null {
  let text: string | null;
  try {
    text = storage?.getItem(generationJobStorageKey) ?? null;
  } catch {
    return null;
  }
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { projectId, runId, projectName } = data as Record<string, unknown>;
  if (!isId(projectId) || !isId(runId)) return null;
  return { projectId, runId, projectName: typeof projectName === 'string' ? projectName : '' };
}

/** Saves the job; a full or refused storage only loses the resume-after-reload. */
export function writeGenerationJob(job: GenerationJob, storage: JobStorage | null = browserStorage()): void {
  try {
    storage?.setItem(
      generationJobStorageKey,
      JSON.stringify({ projectId: job.projectId, runId: job.runId, projectName: job.projectName }),
    );
  } catch {
    // Nothing to do: the job still runs on this page.
  }
}

export function clearGenerationJob(storage: JobStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(generationJobStorageKey);
  } catch {
    // Nothing to do.
  }
}
