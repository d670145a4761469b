import { messages, type Project } from '@keywright/contract';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useProjectSearchConsole } from '@/components/search-console/get-project-search-console';
import { useSearchConsoleStatus } from '../api/get-search-console-status';
import { useSearchConsoleReturn } from '../hooks/use-search-console-return';
import { ConnectionSection } from './connection-section';
import { PropertySection } from './property-section';
import { QueriesCard } from './queries-card';
import { UploadSection } from './upload-section';
import classes from './search-console.module.css';

function BackToKeywordsLink({ projectId }: { projectId: number }) {
  return (
    <Anchor component={Link} to={`/projects/${projectId}/keywords`} size="sm" fw={500}>
      <Group gap={6} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {messages.backToProjectKeywords}
      </Group>
    </Anchor>
  );
}

/** A titled card of the view's top row. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} padding="lg">
      <Title order={2} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * A project's Search Console view: the Google account (or how to set one up), the property and
 * its imports, the upload of an export, and the queries to add as keywords.
 */
export function SearchConsoleScreen({ project }: { project: Project }) {
  const projectId = project.id;
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const status = useSearchConsoleStatus();
  const state = useProjectSearchConsole(projectId);
  useSearchConsoleReturn();
  const isConfigured = status.data?.configured ?? false;
  const isConnected = status.data?.connected ?? false;

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <div>
          <BackToKeywordsLink projectId={projectId} />
        </div>
        <Stack gap={4}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {messages.searchConsoleTitle}
          </Title>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {project.name}
          </Text>
          <Text c="dimmed" size="sm" maw={720}>
            {messages.searchConsoleIntro}
          </Text>
        </Stack>
      </Stack>
      <div className={classes.sections}>
        <Section title={messages.searchConsoleConnectionTitle}>
          <Stack gap="md">
            <ConnectionSection
              projectId={projectId}
              status={status.data}
              isLoading={status.isPending}
              hasFailed={status.isError}
            />
            {state.data && (isConfigured || state.data.siteUrl !== null || state.data.latest !== null) && (
              <PropertySection projectId={projectId} state={state.data} isConnected={isConnected} />
            )}
          </Stack>
        </Section>
        <Section title={messages.searchConsoleUploadTitle}>
          <UploadSection projectId={projectId} />
        </Section>
      </div>
      {state.data ? (
        <QueriesCard key={projectId} projectId={projectId} state={state.data} isWide={isWide} />
      ) : state.isError ? (
        <Text c="dimmed" ta="center" p="xl">
          {messages.failedToLoadSearchConsole}
        </Text>
      ) : (
        <Skeleton height={220} radius="md" />
      )}
    </Stack>
  );
}
