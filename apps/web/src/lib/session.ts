import type { Me } from '@keywright/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { isUnauthorized } from './api-error';
import { configQueryOptions } from './config';
import { takeFirstAnswer } from './first-answers';
import { requestJson } from './http';

export const meQueryKey = ['me'] as const;

let whenSignedIn = () => {};

/**
 * What to start as soon as GET /api/me says someone is signed in, before its
 * answer is parsed: main.tsx loads the code of the signed-in screen then.
 */
export function onSignedInAnswer(callback: () => void): void {
  whenSignedIn = callback;
}

/**
 * The signed-in user, or null when signed out (GET /api/me answers 401); on
 * load, as the page carries it (first-answers.ts). A
 * signed-in answer is parsed with the contract, loaded only then: signed-out
 * visitors (the sign-in route) never download zod.
 */
export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: async ({ signal }): Promise<Me | null> => {
    let data: unknown;
    const first = takeFirstAnswer('me');
    if (first) {
      if (first.value === null) return null;
      data = first.value;
    } else {
      try {
        data = await requestJson('GET', '/api/me', { signal });
      } catch (error) {
        if (isUnauthorized(error)) return null;
        throw error;
      }
    }
    whenSignedIn();
    const { parseMeAnswer } = await import('./me-answer');
    return parseMeAnswer(data);
  },
  staleTime: 5 * 60_000,
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

/** Signed out, or a new sign-in: forgets what was cached for the previous user. */
export function resetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== meQueryKey[0] && query.queryKey[0] !== configQueryOptions.queryKey[0],
  });
  queryClient.setQueryData(meQueryKey, null);
  memberIdLinked = false;
}

let memberIdLinked = false;

/**
 * SPEC 6: links team rows added by this user's e-mail to the user's id, once
 * per sign-in (after sign-in or sign-up, or on load when already signed in).
 * The call lives in team-member-link.ts, loaded on demand with the contract.
 */
export async function linkTeamMemberIdOnce(): Promise<void> {
  if (memberIdLinked) return;
  memberIdLinked = true;
  const { linkTeamMemberId } = await import('./team-member-link');
  await linkTeamMemberId();
}

export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await requestJson('POST', '/api/auth/sign-out', { body: {} });
  } finally {
    resetSession(queryClient);
  }
}
