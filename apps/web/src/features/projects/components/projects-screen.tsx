import {
  countActiveFilters,
  emptyProjectFilters,
  filterProjects,
  messages,
  type Project,
  type ProjectFilters,
} from '@keywright/contract';
import { Badge, Button, Card, Checkbox, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFolderOpen, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { PageHeader } from '@/components/page-header';
import { useProjects } from '@/components/project-select/api/get-projects';
import { SkeletonCard } from '@/components/skeleton-card';
import { isUnauthorized } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { useDialog } from '@/lib/use-dialog';
import { useShowTeamProjects } from '../hooks/use-show-team-projects';
import { DeleteProjectDialog } from './delete-project-dialog';
import { ProjectCards } from './project-cards';
import { ProjectFiltersPanel } from './project-filters';
import { ProjectsTable } from './projects-table';

/** The create and edit form: its code comes when it is first opened (see lazyDialog). */
const ProjectFormModal = lazyDialog(
  () => import('./project-form-modal').then((module) => module.ProjectFormModal),
  (props) => props.opened,
);

export function ProjectsScreen() {
  const user = useCurrentUser();
  const projectsQuery = useProjects();
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [showTeamProjects, setShowTeamProjects] = useShowTeamProjects();
  const [filters, setFilters] = useState<ProjectFilters>(emptyProjectFilters);
  const [isFiltersOpen, setIsFiltersOpen] = useState(false);
  // The create (null) or edit form; it keeps its project while it animates closed, so its title does not flip.
  const form = useDialog<Project | null>();
  const [pendingDelete, setPendingDelete] = useState<Project | null>(null);

  const { error, errorUpdatedAt } = projectsQuery;
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError(messages.failedToLoadProjects);
  }, [error, errorUpdatedAt]);

  const visibleProjects = useMemo(() => {
    const all = projectsQuery.data ?? [];
    return showTeamProjects ? all : all.filter((project) => project.user_id === user.id);
  }, [projectsQuery.data, showTeamProjects, user.id]);
  const shownProjects = useMemo(() => filterProjects(visibleProjects, filters), [visibleProjects, filters]);
  const activeFilterCount = countActiveFilters(filters);

  const openCreate = () => form.open(null);
  const openEdit = (project: Project) => form.open(project);
  const listProps = { projects: shownProjects, currentUserId: user.id, onEdit: openEdit, onDelete: setPendingDelete };

  return (
    <>
      <PageHeader
        title="Projects"
        description="Manage your keyword research projects"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={openCreate}>
            Create New Project
          </Button>
        }
      />

      <Group justify="space-between" gap="sm" mb="md">
        <Checkbox
          label="Show team projects"
          checked={showTeamProjects}
          onChange={(event) => setShowTeamProjects(event.currentTarget.checked)}
        />
        <Button
          variant={isFiltersOpen ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={18} />}
          rightSection={
            activeFilterCount > 0 ? (
              <Badge size="sm" circle variant="filled">
                {activeFilterCount}
              </Badge>
            ) : undefined
          }
          onClick={() => setIsFiltersOpen((open) => !open)}
          aria-expanded={isFiltersOpen}
        >
          {isFiltersOpen ? 'Hide Filters' : 'Show Filters'}
        </Button>
      </Group>

      {isFiltersOpen && (
        <ProjectFiltersPanel
          projects={visibleProjects}
          filters={filters}
          activeCount={activeFilterCount}
          onChange={setFilters}
          onClear={() => setFilters(emptyProjectFilters)}
        />
      )}

      {projectsQuery.isPending ? (
        <SkeletonCard label="Loading projects" widths={['25%', '40%', '10%', '15%']} />
      ) : projectsQuery.isError ? (
        <LoadFailedAlert
          title="Projects could not be loaded"
          isRetrying={projectsQuery.isFetching}
          onRetry={() => void projectsQuery.refetch()}
        />
      ) : shownProjects.length === 0 ? (
        <Card py={48}>
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconFolderOpen size={28} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              No projects found
            </Text>
            <Text c="dimmed" size="sm" maw={380}>
              {activeFilterCount > 0 || (!showTeamProjects && (projectsQuery.data?.length ?? 0) > 0)
                ? 'No project matches the current view. Change the filters, or start a new project.'
                : 'A project holds the keywords you research for one product, site or campaign.'}
            </Text>
            <Button mt="xs" leftSection={<IconPlus size={18} />} onClick={openCreate}>
              Create your first project
            </Button>
          </Stack>
        </Card>
      ) : isWide ? (
        <ProjectsTable {...listProps} />
      ) : (
        <ProjectCards {...listProps} />
      )}

      <ProjectFormModal key={form.key} opened={form.opened} project={form.subject} onClose={form.close} />
      <DeleteProjectDialog project={pendingDelete} onClose={() => setPendingDelete(null)} />
    </>
  );
}
