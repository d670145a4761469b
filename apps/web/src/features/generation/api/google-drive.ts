import { endpoints, type DriveFilesAnswer } from '@keywright/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** This feature's query keys: nothing else reads the caller's Drive. */
export const driveKeys = {
  all: ['google-drive'] as const,
  status: ['google-drive', 'status'] as const,
  files: (search: string) => ['google-drive', 'files', search] as const,
};

/** SPEC 4: the connection is checked on load (and again after the redirect back). */
export const driveStatusQueryOptions = () =>
  queryOptions({
    queryKey: driveKeys.status,
    queryFn: ({ signal }) => apiRequest(endpoints.googleDriveStatus, { signal }),
    staleTime: 60_000,
    retry: false,
  });

/** The caller's Drive files whose names hold `search`, newest first, one page per "Load more". */
export const driveFilesQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: driveKeys.files(search),
    queryFn: ({ signal, pageParam }): Promise<DriveFilesAnswer> =>
      apiRequest(endpoints.googleDriveFiles, { query: { search, pageToken: pageParam }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
    staleTime: 30_000,
    retry: false,
  });

/** Where the browser goes to connect: the server sends it on to Google's consent and back. */
export const driveConnectUrl = endpoints.googleDriveConnect.path;

export const analyzeDriveFile = (fileId: string) => apiRequest(endpoints.googleDriveAnalyze, { params: { fileId } });

export const disconnectDrive = () => apiRequest(endpoints.googleDriveDisconnect);

/** Drive files analysed at the same time on import. */
export const driveImportConcurrency = 2;
