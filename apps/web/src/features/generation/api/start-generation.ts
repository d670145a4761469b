import { endpoints, type GenerationInput } from '@keywright/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const startGeneration = (input: GenerationInput) =>
  apiRequest(endpoints.startKeywordGeneration, { body: input });

export function useStartGeneration() {
  return useMutation({ mutationFn: startGeneration });
}
