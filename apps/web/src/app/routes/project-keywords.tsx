import { messages } from '@keywright/contract';
import { Alert, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { projectViews, readProjectView, type ProjectView } from '@/features/clusters/clusters-view';
import { useProjectView } from '@/features/clusters/hooks/use-project-view';
import { keywordPageQueryOptions } from '@/features/keywords/api/get-keyword-page';
import { KeywordsCard } from '@/features/keywords/components/keywords-card';
import { keywordPageParamsOf } from '@/features/keywords/keywords-address';
import { projectQueryOptions, useProject } from '@/components/project-select/api/get-project';
import { BackToProjectsLink, ProjectHeader } from '@/features/projects/components/project-header';
import { isApiError, isUnauthorized } from '@/lib/api-error';
import { parseId } from '@/lib/ids';
import { notifyError } from '@/lib/notify';
import type { ScreenContext } from '../router';

/** The groups view's code comes when it is first shown: the keyword table, the page's usual view, goes without it. */
const ClustersCard = lazy(() =>
  import('@/features/clusters/components/clusters-card').then((module) => ({ default: module.ClustersCard })),
);

const viewLabels: Record<ProjectView, string> = { keywords: 'Keywords', groups: 'Ad groups' };

function CardSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" role="status" aria-label={label}>
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

/** The project, and the page of keywords the address names (filters, order, CPC) unless it opens on the groups. */
export function prepare({ queryClient, params, searchParams }: ScreenContext) {
  const projectId = parseId(params.projectId);
  if (projectId === null) return Promise.resolve();
  return Promise.all([
    queryClient.ensureQueryData(projectQueryOptions(projectId)),
    readProjectView(searchParams) === 'keywords' &&
      queryClient.ensureQueryData(keywordPageQueryOptions(projectId, keywordPageParamsOf(searchParams))),
  ]);
}

export default function ProjectKeywordsRoute() {
  const projectId = parseId(useParams().projectId);
  const projectQuery = useProject(projectId);
  const project = projectQuery.data;
  // The card's first page (the same query), asked for with the project rather than once it has
  // come, so the screen appears in one piece (the server's page preloads both). Only the page
  // the screen opened on: later pages are the card's to show while they load.
  const [searchParams] = useSearchParams();
  const [openedOn] = useState(() => keywordPageParamsOf(searchParams));
  const { view, setView } = useProjectView();
  // Opened on the groups, the page waits for the project only: the groups' card loads its own.
  const [openedOnKeywords] = useState(view === 'keywords');
  const firstPage = useQuery({
    ...keywordPageQueryOptions(projectId ?? 0, openedOn),
    enabled: projectId !== null && openedOnKeywords,
  });

  const { error } = projectQuery;
  const isMissing = projectId === null || (isApiError(error) && [400, 403, 404].includes(error.status));
  useEffect(() => {
    if (error && !isMissing && !isUnauthorized(error)) notifyError(messages.failedToLoadProjectData);
  }, [error, isMissing]);

  // The screen the answers bring is rendered in the background, in slices (a deferred value
  // renders as a transition), not in one long task that blocks the page.
  const isLoading = useDeferredValue(projectQuery.isPending || (!!project && openedOnKeywords && firstPage.isPending));
  let content: ReactNode;
  if (isMissing) {
    content = (
      <Stack gap="lg" align="flex-start">
        <BackToProjectsLink />
        <Card w="100%" py={48}>
          <Title order={1} size="h3" ta="center">
            {messages.projectNotFound}
          </Title>
          <Text ta="center" c="dimmed" size="sm" mt={4}>
            It may have been deleted, or it is not shared with you.
          </Text>
        </Card>
      </Stack>
    );
  } else if (isLoading) {
    // As tall as the screen: the footer stays below the fold until the keywords arrive, so it does not jump.
    content = (
      <Stack gap="md" role="status" aria-label="Loading project" mih="100vh">
        <Skeleton height={14} width={140} />
        <Skeleton height={30} width="40%" />
        <Skeleton height={14} width="60%" />
        <Skeleton height={220} mt="md" radius="md" />
      </Stack>
    );
  } else if (!project) {
    content = (
      <Stack gap="lg" align="flex-start">
        <BackToProjectsLink />
        <Alert w="100%" color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Something went wrong">
          <Group gap="xs">
            <Text size="sm">This project could not be loaded. Please try again.</Text>
          </Group>
        </Alert>
      </Stack>
    );
  } else {
    content = (
      <>
        <ProjectHeader project={project} />
        <Group justify="space-between" gap="sm" mb="md">
          <SegmentedControl
            aria-label="Project view"
            value={view}
            onChange={(value) => setView(value === 'groups' ? 'groups' : 'keywords')}
            data={projectViews.map((value) => ({ value, label: viewLabels[value] }))}
          />
          {/* The project's real searches: a screen of its own, reachable by link. */}
          <Button
            component={Link}
            to={`/projects/${project.id}/search-console`}
            variant="default"
            leftSection={<IconBrandGoogle size={16} aria-hidden />}
          >
            {messages.searchConsoleAction}
          </Button>
        </Group>
        {view === 'groups' ? (
          <Suspense fallback={<CardSkeleton label="Loading groups" />}>
            <ClustersCard key={project.id} project={project} onShowKeywords={() => setView('keywords')} />
          </Suspense>
        ) : (
          <KeywordsCard key={project.id} project={project} />
        )}
      </>
    );
  }
  // Back from Google's Search Console consent (the server returns here): on to the Search Console
  // view, which says how it went.
  if (projectId !== null && (searchParams.has('search-console') || searchParams.get('error') === 'auth_failed')) {
    return <Navigate to={`/projects/${projectId}/search-console?${searchParams.toString()}`} replace />;
  }
  // The title names the project in the same render that shows it.
  return (
    <>
      <DocumentTitle prefix={`${view === 'groups' ? 'Ad groups' : 'Keywords'}${project ? ` - ${project.name}` : ''}`} />
      {content}
    </>
  );
}
