import { messages } from '@keywright/contract';
import { Card, Skeleton, Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { projectQueryOptions, useProject } from '@/components/project-select/api/get-project';
import { projectSearchConsoleQueryOptions } from '@/components/search-console/get-project-search-console';
import { searchConsoleStatusQueryOptions } from '@/features/search-console/api/get-search-console-status';
import { SearchConsoleScreen } from '@/features/search-console/components/search-console-screen';
import { BackToProjectsLink } from '@/features/projects/components/project-header';
import { isApiError, isUnauthorized } from '@/lib/api-error';
import { parseId } from '@/lib/ids';
import { notifyError } from '@/lib/notify';
import type { ScreenContext } from '../router';

/** The project, its Search Console state and the caller's connection. */
export function prepare({ queryClient, params }: ScreenContext) {
  const projectId = parseId(params.projectId);
  if (projectId === null) return Promise.resolve();
  return Promise.all([
    queryClient.ensureQueryData(projectQueryOptions(projectId)),
    queryClient.ensureQueryData(projectSearchConsoleQueryOptions(projectId)),
    queryClient.ensureQueryData(searchConsoleStatusQueryOptions()),
  ]);
}

/** /projects/:projectId/search-console: the project's Search Console view. */
export default function ProjectSearchConsoleRoute() {
  const projectId = parseId(useParams().projectId);
  const projectQuery = useProject(projectId);
  const project = projectQuery.data;
  const { error } = projectQuery;
  const isMissing = projectId === null || (isApiError(error) && [400, 403, 404].includes(error.status));
  useEffect(() => {
    if (error && !isMissing && !isUnauthorized(error)) notifyError(messages.failedToLoadProjectData);
  }, [error, isMissing]);

  let content: ReactNode;
  if (isMissing || (!project && !projectQuery.isPending)) {
    content = (
      <Stack gap="lg" align="flex-start">
        <BackToProjectsLink />
        <Card w="100%" py={48}>
          <Title order={1} size="h3" ta="center">
            {messages.projectNotFound}
          </Title>
        </Card>
      </Stack>
    );
  } else if (!project) {
    content = (
      <Stack gap="md" role="status" aria-label="Loading project" mih="100vh">
        <Skeleton height={14} width={140} />
        <Skeleton height={30} width="40%" />
        <Skeleton height={14} width="60%" />
        <Skeleton height={220} mt="md" radius="md" />
      </Stack>
    );
  } else {
    content = <SearchConsoleScreen key={project.id} project={project} />;
  }
  // The title names the project in the same render that shows it.
  return (
    <>
      <DocumentTitle prefix={`${messages.searchConsoleTitle}${project ? ` - ${project.name}` : ''}`} />
      {content}
    </>
  );
}
