import { messages } from '@keywright/contract';
import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { useProject } from '@/components/project-select/api/get-project';
import { SearchTermsScreen } from '@/features/search-terms/components/search-terms-screen';
import { BackToProjectsLink } from '@/features/projects/components/project-header';
import { isApiError } from '@/lib/api-error';
import { parseId } from '@/lib/ids';

/** /projects/:projectId/search-terms: the project's Google Ads search terms report. */
export default function ProjectSearchTermsRoute() {
  const projectId = parseId(useParams().projectId);
  const projectQuery = useProject(projectId);
  const project = projectQuery.data;
  const { error } = projectQuery;
  const isMissing = projectId === null || (isApiError(error) && [400, 403, 404].includes(error.status));

  let content;
  if (isMissing || (error && !project)) {
    content = (
      <Stack gap="lg" align="flex-start">
        <BackToProjectsLink />
        <Card w="100%" py={48}>
          <Title order={1} size="h3" ta="center">
            {isMissing ? messages.projectNotFound : messages.failedToLoadProjectData}
          </Title>
          <Text ta="center" c="dimmed" size="sm" mt={4}>
            {isMissing ? messages.searchTermsProjectMissingHint : ''}
          </Text>
        </Card>
      </Stack>
    );
  } else if (!project) {
    content = (
      <Stack gap="md" role="status" aria-label={messages.searchTermsLoadingProject} mih="100vh">
        <Skeleton height={14} width={140} />
        <Skeleton height={30} width="40%" />
        <Skeleton height={160} mt="md" radius="md" />
      </Stack>
    );
  } else {
    content = <SearchTermsScreen key={project.id} project={project} />;
  }
  return (
    <>
      <DocumentTitle prefix={`${messages.searchTermsTitle}${project ? ` - ${project.name}` : ''}`} />
      {content}
    </>
  );
}
