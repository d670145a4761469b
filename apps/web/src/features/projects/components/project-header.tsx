import type { Project } from '@keywright/contract';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { locationLine } from './location-line';

export function BackToProjectsLink() {
  return (
    <Anchor component={Link} to="/projects" size="sm" fw={500}>
      <Group gap={6} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        Back to projects
      </Group>
    </Anchor>
  );
}

/** The project page's header: back link, name, description. */
export function ProjectHeader({ project }: { project: Project }) {
  const location = locationLine(project);
  return (
    <Stack gap="sm" mb="lg">
      <div>
        <BackToProjectsLink />
      </div>
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {project.name}
        </Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {project.description}
        </Text>
        {location && (
          <Text size="sm" c="dimmed">
            {location}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
