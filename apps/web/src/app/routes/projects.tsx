import { ProjectsScreen } from '@/features/projects/components/projects-screen';
import { DocumentTitle } from '@/components/document-title';
import { projectsQueryOptions } from '@/components/project-select/api/get-projects';
import type { ScreenContext } from '../router';

/** The projects, which the screen lists. */
export const prepare = ({ queryClient }: ScreenContext) => queryClient.ensureQueryData(projectsQueryOptions);

export default function ProjectsRoute() {
  return (
    <>
      <DocumentTitle prefix="Projects" />
      <ProjectsScreen />
    </>
  );
}
