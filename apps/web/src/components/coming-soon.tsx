import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { DocumentTitle } from './document-title';

/** A screen that is planned but not built yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <DocumentTitle prefix={title} />
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Card py={48}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconTools size={28} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Under construction
          </Title>
          <Text c="dimmed" maw={420}>
            This screen is coming soon.
          </Text>
        </Stack>
      </Card>
    </>
  );
}
