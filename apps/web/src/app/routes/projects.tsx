import { ProjectsScreen } from '@/features/projects/components/projects-screen';
import { DocumentTitle } from '@/components/document-title';

export default function ProjectsRoute() {
  return (
    <>
      <DocumentTitle prefix="Projects" />
      <ProjectsScreen />
    </>
  );
}
