import { endpoints } from '@keywright/contract';
import { apiRequest } from './api-client';

/** POST /api/team/update-member-id. A failure only delays the link to the next sign-in. */
export async function linkTeamMemberId(): Promise<void> {
  try {
    await apiRequest(endpoints.updateMemberId);
  } catch (error) {
    console.info('Could not link team membership', error);
  }
}
