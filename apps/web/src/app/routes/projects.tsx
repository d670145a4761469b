import { ProjectsScreen } from '@/features/projects/components/projects-screen';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ProjectsRoute() {
  useDocumentTitle('Projects');
  return <ProjectsScreen />;
}
