import type { GenerationInput, Project } from '@keywright/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { projectsQueryOptions } from '@/components/project-select/api/get-projects';
import { useCurrentUser } from '@/lib/session';
import { findSameNameProject } from '../same-name';

export interface SameNamePrompt {
  project: Project;
  input: GenerationInput;
}

/**
 * Start for the generator: a new project named as one of the caller's own asks first whether
 * to add to that project or make a new one. The server keeps SPEC's call: without a projectId it
 * makes a project, so the choice is the screen's to ask. If the list cannot be had, it starts.
 */
export function useSameNamePrompt(start: (input: GenerationInput) => void) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [prompt, setPrompt] = useState<SameNamePrompt | null>(null);

  const startOrAsk = async (input: GenerationInput) => {
    if (input.projectId) return start(input);
    const projects = await queryClient.fetchQuery({ ...projectsQueryOptions, staleTime: 0 }).catch(() => null);
    const existing = projects && findSameNameProject(projects, input.projectName, user.id);
    if (existing) setPrompt({ project: existing, input });
    else start(input);
  };

  return {
    prompt,
    startOrAsk: (input: GenerationInput) => void startOrAsk(input),
    addToExisting: () => {
      if (!prompt) return;
      setPrompt(null);
      // Its own name stays as it was written ("Motion Physio", not the "motion physio" typed).
      start({ ...prompt.input, projectName: prompt.project.name, projectId: prompt.project.id });
    },
    createNew: () => {
      if (!prompt) return;
      setPrompt(null);
      start(prompt.input);
    },
    cancel: () => setPrompt(null),
  };
}
