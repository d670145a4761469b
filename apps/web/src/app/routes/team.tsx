import { TeamScreen } from '@/features/team/components/team-screen';
import { DocumentTitle } from '@/components/document-title';
import { teamMembersQueryOptions } from '@/features/team/api/get-team-members';
import type { ScreenContext } from '../router';

/** The team's members. */
export const prepare = ({ queryClient }: ScreenContext) => queryClient.ensureQueryData(teamMembersQueryOptions);

export default function TeamRoute() {
  return (
    <>
      <DocumentTitle prefix="Team" />
      <TeamScreen />
    </>
  );
}
