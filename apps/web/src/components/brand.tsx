import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';

/** The product mark and name. */
export function Brand({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  const isLarge = size === 'lg';
  return (
    <Group gap={isLarge ? 'sm' : 8} wrap="nowrap">
      <ThemeIcon size={isLarge ? 40 : 32} radius="md" variant="filled" aria-hidden>
        <IconKey size={isLarge ? 24 : 19} stroke={2.2} />
      </ThemeIcon>
      <Text component="span" fw={800} fz={isLarge ? 26 : 19} c="dark.8" style={{ letterSpacing: '-0.02em' }}>
        {name}
      </Text>
    </Group>
  );
}
