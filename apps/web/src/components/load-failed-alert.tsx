import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** What could not be loaded, and a Try again button (default colours: white on the red tint is below 4.5:1). */
export function LoadFailedAlert({
  title,
  isRetrying,
  onRetry,
}: {
  title: string;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">Check your connection and try again.</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          loading={isRetrying}
          onClick={onRetry}
        >
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
