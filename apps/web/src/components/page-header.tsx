import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's h1, its one-line description and its main actions. */
export function PageHeader({
  title,
  titleAside,
  description,
  actions,
}: {
  title: ReactNode;
  /** Beside the heading, not part of its name (a badge naming the figures' source). */
  titleAside?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
        {titleAside ? (
          <Group gap="sm" wrap="wrap" align="center">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {titleAside}
          </Group>
        ) : (
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        )}
        {description && (
          <Text c="dimmed" size="md" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
