import { endpoints, type Me } from '@keywright/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { apiRequest, requestJson } from './api-client';
import { isUnauthorized } from './api-error';
import { configQueryOptions } from './config';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when signed out (GET /api/me answers 401). */
export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: async ({ signal }): Promise<Me | null> => {
    try {
      return await apiRequest(endpoints.me, { signal });
    } catch (error) {
      if (isUnauthorized(error)) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: true,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

export const CurrentUserContext = createContext<Me | null>(null);

/** The signed-in user; only inside the signed-in area. */
export function useCurrentUser(): Me {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside the signed-in area');
  return user;
}

/** Forgets everything cached for the previous user and marks the app signed out. */
export function markSignedOut(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== meQueryKey[0] && query.queryKey[0] !== configQueryOptions.queryKey[0],
  });
  queryClient.setQueryData(meQueryKey, null);
  memberIdSynced = false;
}

let memberIdSynced = false;

/**
 * Links team rows added by this user's e-mail to the user's id (SPEC 6: once on
 * load, and after each sign-in). Failures only delay the link to the next load.
 */
export async function syncTeamMemberId(): Promise<void> {
  memberIdSynced = true;
  try {
    await apiRequest(endpoints.updateMemberId);
  } catch (error) {
    console.info('Could not link team membership', error);
  }
}

export function isTeamMemberIdSynced(): boolean {
  return memberIdSynced;
}

export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await requestJson('POST', '/api/auth/sign-out', { body: {} });
  } finally {
    markSignedOut(queryClient);
  }
}
