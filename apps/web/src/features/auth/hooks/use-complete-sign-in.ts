import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { linkTeamMemberIdOnce, resetSession, meQueryOptions } from '@/lib/session';

/** After sign-in or sign-up: link team rows, load the user, go to the start screen. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    resetSession(queryClient);
    await linkTeamMemberIdOnce();
    await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    await navigate('/', { replace: true });
  }, [queryClient, navigate]);
}
