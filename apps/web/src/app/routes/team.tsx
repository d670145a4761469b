import { TeamScreen } from '@/features/team/components/team-screen';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function TeamRoute() {
  useDocumentTitle('Team');
  return <TeamScreen />;
}
