import { messages, type Project } from '@keywright/contract';
import { Anchor, Card, Select, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { EstimatesSourceBadge } from '@/components/figures-source';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { PageHeader } from '@/components/page-header';
import { useProjects } from '@/components/project-select/api/get-projects';
import { isUnauthorized } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { useAnalysisView } from '../hooks/use-analysis-view';
import { useLastAnalysisView } from '../hooks/use-last-analysis-view';
import { AnalysisCard } from './analysis-card';
import type { SearchTermsImportSlot } from './search-terms-import-dialog';
import classes from './analysis-screen.module.css';

const title = 'Google Ads Analysis';

/** The caller's projects, searchable by name; the choice goes into the address. */
function ProjectPicker({
  projects,
  value,
  isLoading,
  onChange,
}: {
  projects: readonly Project[] | undefined;
  value: number | null;
  isLoading: boolean;
  onChange: (projectId: number | null) => void;
}) {
  const data = useMemo(
    () =>
      (projects ?? [])
        .map((project) => ({ value: String(project.id), label: project.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [projects],
  );
  return (
    <Select
      label="Project"
      placeholder={isLoading ? 'Loading projects…' : 'Choose a project'}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      disabled={isLoading}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No matching project"
      limit={200}
      comboboxProps={{ shadow: 'md' }}
      className={classes.picker}
    />
  );
}

function NoProjectSelected({ hasProjects }: { hasProjects: boolean }) {
  return (
    <Card py={48}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconChartLine size={26} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {messages.noProjectSelected}
        </Text>
        <Text c="dimmed" size="sm" maw={420}>
          {hasProjects ? (
            'Choose a project above to see its keywords’ searches, competition, CPC and 12-month trend.'
          ) : (
            <>
              You have no projects yet.{' '}
              <Anchor component={Link} to="/projects" underline="always">
                Create a project
              </Anchor>{' '}
              or generate keywords to start one.
            </>
          )}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The Google Ads analysis page: a project selector, then the chosen project's keywords with
 * their figures. The project is in the address (`?projectId=`); one the caller cannot read, or
 * that is not an id, leaves the page with no project selected. Opened from the menu, it shows
 * the view last seen (useLastAnalysisView).
 */
export function AnalysisScreen({ searchTermsImport }: { searchTermsImport?: SearchTermsImportSlot } = {}) {
  const [view, changeView] = useAnalysisView();
  useLastAnalysisView();
  const projectsQuery = useProjects();
  const projects = projectsQuery.data;
  const project = view.projectId === null ? undefined : projects?.find((item) => item.id === view.projectId);
  const isUnknownProject = view.projectId !== null && projects !== undefined && project === undefined;

  useEffect(() => {
    if (isUnknownProject) changeView({ projectId: null }, { replace: true });
  }, [isUnknownProject, changeView]);

  const { error, errorUpdatedAt } = projectsQuery;
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError(messages.failedToLoadProjects);
  }, [error, errorUpdatedAt]);

  let content;
  if (projectsQuery.isError) {
    content = (
      <LoadFailedAlert
        title="Projects could not be loaded"
        isRetrying={projectsQuery.isFetching}
        onRetry={() => void projectsQuery.refetch()}
      />
    );
  } else if (project) {
    content = (
      <AnalysisCard
        key={project.id}
        project={project}
        view={view}
        onViewChange={changeView}
        searchTermsImport={searchTermsImport}
      />
    );
  } else if (projectsQuery.isPending && view.projectId !== null) {
    content = <Skeleton height={320} radius="md" role="status" aria-label="Loading project" />;
  } else {
    content = <NoProjectSelected hasProjects={projectsQuery.isPending || (projects?.length ?? 0) > 0} />;
  }

  // The title names the project in the same render that shows its keywords.
  return (
    <>
      <DocumentTitle prefix={project ? `${title} - ${project.name}` : title} />
      <PageHeader
        title={title}
        titleAside={<EstimatesSourceBadge size="md" withHint />}
        description="Search volume, competition, CPC and the 12-month trend of a project's keywords."
        actions={
          <ProjectPicker
            projects={projects}
            value={project ? project.id : null}
            isLoading={projectsQuery.isPending}
            onChange={(projectId) => changeView({ projectId })}
          />
        }
      />
      {content}
    </>
  );
}
