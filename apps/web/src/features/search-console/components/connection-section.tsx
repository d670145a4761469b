import { messages, type SearchConsoleStatus } from '@keywright/contract';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBrandGoogle, IconInfoCircle, IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyApiError, notifyNotice, notifySuccess } from '@/lib/notify';
import { searchConsoleConnectUrl } from '../api/get-search-console-status';
import { useDisconnectSearchConsole } from '../api/disconnect-search-console';

/**
 * What this server offers to set up (an administrator is told the settings), or the caller's
 * Google account: Connect Search Console, or who is connected with Disconnect (asked first).
 */
export function ConnectionSection({
  projectId,
  status,
  isLoading,
  hasFailed,
}: {
  projectId: number;
  status: SearchConsoleStatus | undefined;
  isLoading: boolean;
  hasFailed: boolean;
}) {
  const [isConfirming, setConfirming] = useState(false);
  const disconnect = useDisconnectSearchConsole();

  if (isLoading) {
    return (
      <Stack gap="xs" role="status" aria-label={messages.checkingSearchConsole}>
        <Skeleton height={14} width="70%" />
        <Skeleton height={34} width={220} />
      </Stack>
    );
  }
  if (hasFailed || !status) {
    return (
      <Text size="sm" c="dimmed">
        {messages.failedToLoadSearchConsoleStatus}
      </Text>
    );
  }
  if (!status.configured) {
    const setup = status.setup ?? [];
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        <Text size="sm">
          {setup.length > 0 ? messages.searchConsoleSetupForAdministrator(setup) : messages.searchConsoleNotConfigured}
        </Text>
      </Alert>
    );
  }
  if (!status.connected) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          {messages.searchConsoleConnectPrompt}
        </Text>
        <Button component="a" href={searchConsoleConnectUrl(projectId)} leftSection={<IconBrandGoogle size={18} />}>
          {messages.connectSearchConsole}
        </Button>
      </Stack>
    );
  }
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {messages.searchConsoleConnectedAs(status.email)}
      </Text>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconPlugConnectedX size={16} />}
        onClick={() => setConfirming(true)}
      >
        {messages.disconnectSearchConsole}
      </Button>
      <ConfirmDialog
        opened={isConfirming}
        title={messages.disconnectSearchConsoleTitle}
        body={messages.disconnectSearchConsoleBody}
        confirmLabel={messages.disconnectSearchConsole}
        isLoading={disconnect.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              if (answer.notice) notifyNotice(answer.notice);
              else notifySuccess(messages.searchConsoleDisconnected);
            },
            onError: (error) =>
              notifyApiError(error, messages.failedToDisconnectSearchConsole, { preferServerText: true }),
          })
        }
      />
    </Group>
  );
}
