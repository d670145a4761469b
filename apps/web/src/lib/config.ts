import { endpoints, type PublicConfig } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Used until GET /api/config answers (and if it cannot). */
export const fallbackConfig: PublicConfig = {
  appName: 'Keywright',
  contactEmail: '',
  sso: { enabled: false, providerId: '', label: '' },
};

export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiRequest(endpoints.config, { signal }),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useConfig(): PublicConfig {
  return useQuery(configQueryOptions).data ?? fallbackConfig;
}
