import { Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import type { GenerationProgress } from '../hooks/use-generation-job';

/** A running job: its project and how many keywords are in so far. */
export function GenerationProgressCard({
  projectName,
  progress,
}: {
  projectName: string;
  progress: GenerationProgress | null;
}) {
  const percent =
    progress && progress.requested > 0 ? Math.min(100, (progress.generated / progress.requested) * 100) : 0;
  return (
    <Card role="status" aria-live="polite" py="xl">
      <Stack align="center" gap="sm" ta="center">
        <Loader size="lg" type="dots" aria-hidden />
        <Title order={2}>Generating keywords…</Title>
        <Text c="dimmed" size="sm" maw={420} style={{ overflowWrap: 'anywhere' }}>
          {projectName}
        </Text>
        <Stack gap={6} w="100%" maw={360} mt="xs">
          <Progress value={percent} size="md" radius="xl" animated striped aria-hidden />
          <Group justify="center">
            <Text size="sm" fw={500}>
              {progress ? `${progress.generated} of ${progress.requested} keywords` : 'Checking progress…'}
            </Text>
          </Group>
        </Stack>
        <Text size="xs" c="dimmed" maw={380}>
          You can leave this page: the run goes on, and coming back shows where it is.
        </Text>
      </Stack>
    </Card>
  );
}
