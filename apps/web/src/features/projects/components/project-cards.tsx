import { constants, truncate } from '@keywright/contract';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconKey } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '@/lib/dates';
import { ProjectActions } from './project-actions';
import { OwnerBadge } from '@/components/owner-badge';
import card from '@/components/data-card/data-card.module.css';
import { locationLine } from './location-line';
import { isInteractiveTarget, projectKeywordsPath, type ProjectListProps } from './projects-table';
import classes from './projects.module.css';

export function ProjectCards({ projects, currentUserId, onEdit, onDelete }: ProjectListProps) {
  const navigate = useNavigate();
  return (
    <Stack gap="sm">
      {projects.map((project) => {
        const location = locationLine(project);
        return (
          <Card
            key={project.id}
            padding="md"
            className={classes.clickableCard}
            onClick={(event) => {
              if (!isInteractiveTarget(event)) void navigate(projectKeywordsPath(project));
            }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={6} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={projectKeywordsPath(project)} fw={600} c="dark.8" lineClamp={2}>
                  {project.name}
                </Anchor>
                <Group gap={6}>
                  <OwnerBadge owner={project} currentUserId={currentUserId} />
                </Group>
              </Stack>
              <ProjectActions
                project={project}
                canDelete={project.user_id === currentUserId}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            </Group>
            <Text size="sm" c="dimmed" mt="sm" className={classes.description}>
              {truncate(project.description, constants.descriptionTruncate.narrow)}
            </Text>
            {location && (
              <Text size="xs" c="dimmed" mt={6}>
                {location}
              </Text>
            )}
            <Group gap="lg" mt="sm" pt="sm" className={card.itemFoot}>
              <Group gap={6}>
                <IconKey size={15} aria-hidden />
                <Text size="sm">
                  {project.keywords_count} {project.keywords_count === 1 ? 'keyword' : 'keywords'}
                </Text>
              </Group>
              <Group gap={6}>
                <IconCalendar size={15} aria-hidden />
                <Text size="sm">{formatDate(project.created_at)}</Text>
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
