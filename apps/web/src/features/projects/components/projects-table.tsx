import { constants, truncate, type Project } from '@keywright/contract';
import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '@/lib/dates';
import { ProjectActions } from './project-actions';
import { OwnerBadge } from '@/components/owner-badge';
import card from '@/components/data-card/data-card.module.css';
import { locationLine } from './location-line';
import classes from './projects.module.css';

export interface ProjectListProps {
  projects: readonly Project[];
  currentUserId: string;
  onEdit: (project: Project) => void;
  onDelete: (project: Project) => void;
}

export const projectKeywordsPath = (project: Project) => `/projects/${project.id}/keywords`;

/** Clicks on a link or a button inside a row do their own thing. */
export function isInteractiveTarget(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest('a, button, input, [role="menuitem"]') !== null;
}

export function ProjectsTable({ projects, currentUserId, onEdit, onDelete }: ProjectListProps) {
  const navigate = useNavigate();
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover className={card.shadedColumnHeads}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Project</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Keywords</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {projects.map((project) => {
              const location = locationLine(project);
              return (
                <Table.Tr
                  key={project.id}
                  className={classes.clickableRow}
                  onClick={(event) => {
                    if (!isInteractiveTarget(event)) void navigate(projectKeywordsPath(project));
                  }}
                >
                  <Table.Td className={classes.projectCell}>
                    <Stack gap={6}>
                      <Anchor
                        component={Link}
                        to={projectKeywordsPath(project)}
                        fw={600}
                        c="dark.8"
                        className={classes.projectName}
                      >
                        {project.name}
                      </Anchor>
                      <Group gap={8} wrap="nowrap">
                        <OwnerBadge owner={project} currentUserId={currentUserId} />
                        {location && (
                          <Text size="xs" c="dimmed" truncate="end">
                            {location}
                          </Text>
                        )}
                      </Group>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" className={classes.description}>
                      {truncate(project.description, constants.descriptionTruncate.wide)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600}>
                      {project.keywords_count}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(project.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ProjectActions
                      project={project}
                      canDelete={project.user_id === currentUserId}
                      onEdit={onEdit}
                      onDelete={onDelete}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
