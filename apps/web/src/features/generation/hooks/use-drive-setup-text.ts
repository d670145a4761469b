import { messages } from '@keywright/contract';
import { useQuery } from '@tanstack/react-query';
import { driveStatusQueryOptions } from '../api/google-drive';

/**
 * What the page says while the server has no Google Drive connection: to an administrator (the
 * server answers them the settings), which settings to set; to everyone else, to ask theirs.
 */
export function useDriveSetupText(): string {
  const setup = useQuery(driveStatusQueryOptions()).data?.setup;
  return setup && setup.length > 0 ? messages.driveSetupForAdministrator(setup) : messages.driveNotConfigured;
}
