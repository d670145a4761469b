import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isUnauthorized } from './api-error';
import { resetSession, meQueryKey } from './session';

/**
 * The one place that handles an error globally: a 401 from any call means the
 * session is gone, so the app shows the signed-out routes.
 */
export function createQueryClient(): QueryClient {
  const handleError = (error: unknown) => {
    if (!isUnauthorized(error)) return;
    if (queryClient.getQueryData(meQueryKey) === null) return;
    resetSession(queryClient);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors will not change on a retry; network and server errors might.
        retry: (failureCount, error) =>
          isApiError(error) && error.status >= 400 && error.status < 500 ? false : failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
