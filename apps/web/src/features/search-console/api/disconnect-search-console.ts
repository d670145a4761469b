import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { searchConsoleKeys } from './get-search-console-status';

export const disconnectSearchConsole = () => apiRequest(endpoints.searchConsoleDisconnect);

export function useDisconnectSearchConsole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectSearchConsole,
    // The status and the properties list are the caller's grant's: both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchConsoleKeys.all }),
  });
}
