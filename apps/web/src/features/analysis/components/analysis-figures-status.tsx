import { messages } from '@keywright/contract';
import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { errorMessage, isApiError } from '@/lib/api-error';
import { keywordsLabel } from '../analysis-counts';
import classes from './analysis.module.css';

/** While every keyword gets its figures: how many, and a moving bar (the call says nothing until it is done). */
export function FiguresProgress({ keywordCount }: { keywordCount: number }) {
  return (
    <Stack gap="sm" p={{ base: 'md', sm: 'lg' }} role="status" aria-label="Loading figures" mih={260}>
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" />
        <Text size="sm" fw={600}>
          Getting search volume, competition and CPC for {keywordsLabel(keywordCount)}…
        </Text>
      </Group>
      <Progress value={100} striped animated size="sm" aria-hidden />
      <Text size="xs" c="dimmed">
        Figures are kept for 30 days, so this is quicker next time. A large project can take a few seconds.
      </Text>
    </Stack>
  );
}

/** Where the figures could not be fetched: metrics are off on this server, or the call failed. */
export function FiguresNotice({
  error,
  isRetrying,
  onRetry,
}: {
  error: unknown;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  const isMetricsOff = isApiError(error) && error.status === 503 && error.message === messages.metricsOff;
  if (isMetricsOff) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} className={classes.notice}>
        {messages.metricsOff} Keywords without imported figures show N/A.
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} className={classes.notice}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorMessage(error, messages.failedToFetchKeywordMetrics)}</Text>
        <Button size="xs" variant="white" color="red" loading={isRetrying} onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
