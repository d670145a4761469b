import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { linkTeamMemberIdOnce, resetSession, meQueryOptions } from '@/lib/session';

/**
 * After sign-in or sign-up: link team rows, load the user, go to the start screen. `isCompleting`
 * meanwhile, so the form's button keeps spinning until the start screen shows.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isCompleting, setIsCompleting] = useState(false);
  const completeSignIn = useCallback(async () => {
    setIsCompleting(true);
    try {
      resetSession(queryClient);
      await linkTeamMemberIdOnce();
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      await navigate('/', { replace: true });
    } finally {
      setIsCompleting(false);
    }
  }, [queryClient, navigate]);
  return { completeSignIn, isCompleting };
}
