import { messages } from '@keywright/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notifyError, notifySuccess } from '@/lib/notify';
import { searchConsoleKeys } from '../api/get-search-console-status';

/**
 * Back from Google's consent with ?search-console=connected it says so and checks the connection
 * again; with ?error=auth_failed it says the connection failed. Either way the parameter leaves
 * the address (replaced, no reload).
 */
export function useSearchConsoleReturn(): void {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const isConnected = searchParams.get('search-console') === 'connected';
  const isFailed = searchParams.get('error') === 'auth_failed';

  // Once per return (a ref, so a re-run of the effect does not say it twice).
  const handled = useRef(false);
  useEffect(() => {
    if ((!isConnected && !isFailed) || handled.current) return;
    handled.current = true;
    if (isConnected) {
      notifySuccess(messages.searchConsoleConnected);
      void queryClient.invalidateQueries({ queryKey: searchConsoleKeys.all });
    } else {
      notifyError(messages.searchConsoleConnectFailed);
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('search-console');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [isConnected, isFailed, setSearchParams, queryClient]);
}
