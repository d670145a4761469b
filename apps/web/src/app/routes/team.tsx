import { TeamScreen } from '@/features/team/components/team-screen';
import { DocumentTitle } from '@/components/document-title';

export default function TeamRoute() {
  return (
    <>
      <DocumentTitle prefix="Team" />
      <TeamScreen />
    </>
  );
}
