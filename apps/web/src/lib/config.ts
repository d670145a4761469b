import type { PublicConfig } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { takeFirstAnswer } from './first-answers';
import { requestJson } from './http';

/** Used until GET /api/config answers (and if it cannot). */
export const fallbackConfig: PublicConfig = {
  appName: 'Keywright',
  contactEmail: '',
  sso: { enabled: false, providerId: '', label: '' },
  metricsSource: null,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The contract's publicConfigSchema, checked by hand: this answer is read before
 * sign-in, and parsing it with zod would put 25 kB of zod on the sign-in route.
 */
export function readPublicConfig(data: unknown): PublicConfig {
  const sso = isRecord(data) ? data.sso : undefined;
  if (
    !isRecord(data) ||
    typeof data.appName !== 'string' ||
    typeof data.contactEmail !== 'string' ||
    !isRecord(sso) ||
    typeof sso.enabled !== 'boolean' ||
    typeof sso.providerId !== 'string' ||
    typeof sso.label !== 'string' ||
    !(data.metricsSource === null || data.metricsSource === 'google-ads' || data.metricsSource === 'estimate')
  ) {
    throw new ApiError({ status: 200, code: 'invalid_response', message: 'Invalid response' });
  }
  return {
    appName: data.appName,
    contactEmail: data.contactEmail,
    sso: { enabled: sso.enabled, providerId: sso.providerId, label: sso.label },
    metricsSource: data.metricsSource,
  };
}

export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: async ({ signal }) =>
    readPublicConfig(
      (takeFirstAnswer('config') ?? { value: await requestJson('GET', '/api/config', { signal }) }).value,
    ),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useConfig(): PublicConfig {
  return useQuery(configQueryOptions).data ?? fallbackConfig;
}
