import { messages } from '@keywright/contract';
import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { projectQueryOptions, useProject } from '@/components/project-select/api/get-project';
import { negativeListsQueryOptions } from '@/features/negative-lists/api/get-negative-lists';
import { NegativeKeywordsScreen } from '@/features/negative-lists/components/negative-keywords-screen';
import { isApiError, isUnauthorized } from '@/lib/api-error';
import { parseId } from '@/lib/ids';
import { notifyError } from '@/lib/notify';
import type { ScreenContext } from '../router';

/** The project and its negative lists. */
export function prepare({ queryClient, params }: ScreenContext) {
  const projectId = parseId(params.projectId);
  if (projectId === null) return Promise.resolve();
  return Promise.all([
    queryClient.ensureQueryData(projectQueryOptions(projectId)),
    queryClient.ensureQueryData(negativeListsQueryOptions(projectId)),
  ]);
}

export default function NegativeKeywordsRoute() {
  const projectId = parseId(useParams().projectId);
  const projectQuery = useProject(projectId);
  const project = projectQuery.data;
  const { error } = projectQuery;
  const isMissing = projectId === null || (isApiError(error) && [400, 403, 404].includes(error.status));
  useEffect(() => {
    if (error && !isMissing && !isUnauthorized(error)) notifyError(messages.failedToLoadProjectData);
  }, [error, isMissing]);

  let content;
  if (isMissing || (error && !project)) {
    content = (
      <Card w="100%" py={48}>
        <Title order={1} size="h3" ta="center">
          {messages.projectNotFound}
        </Title>
        <Text ta="center" c="dimmed" size="sm" mt={4}>
          It may have been deleted, or it is not shared with you.
        </Text>
      </Card>
    );
  } else if (!project) {
    content = (
      <Stack gap="md" role="status" aria-label="Loading project" mih="100vh">
        <Skeleton height={14} width={140} />
        <Skeleton height={30} width="40%" />
        <Skeleton height={220} mt="md" radius="md" />
      </Stack>
    );
  } else {
    content = <NegativeKeywordsScreen project={project} />;
  }
  return (
    <>
      <DocumentTitle prefix={`${messages.negativeKeywordsTitle}${project ? ` - ${project.name}` : ''}`} />
      {content}
    </>
  );
}
