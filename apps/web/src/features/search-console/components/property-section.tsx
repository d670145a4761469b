import { messages, type ProjectSearchConsole, type SearchConsoleSite } from '@keywright/contract';
import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLink, IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isImportRunning } from '@/components/search-console/get-project-search-console';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useSearchConsoleSites } from '../api/get-search-console-sites';
import { useLinkSearchConsole, useUnlinkSearchConsole } from '../api/link-search-console';
import { useRefreshSearchConsole } from '../api/refresh-search-console';
import classes from './search-console.module.css';

const siteLabel = (site: SearchConsoleSite) =>
  messages.searchConsoleSiteOption(site.siteUrl, messages.searchConsolePermission[site.permissionLevel]);

/** Choose one of the caller's properties (the project's own first and chosen) and Link it. */
function LinkProperty({ projectId }: { projectId: number }) {
  const sites = useSearchConsoleSites(projectId, true);
  const link = useLinkSearchConsole(projectId);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = sites.data?.sites ?? [];
  const value = chosen ?? list.find((site) => site.matchesProject)?.siteUrl ?? list[0]?.siteUrl ?? null;

  if (sites.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {messages.loadingSearchConsoleSites}
        </Text>
      </Group>
    );
  }
  if (sites.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {errorMessage(sites.error, messages.failedToLoadSearchConsoleSites)}
      </Text>
    );
  }
  if (list.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {messages.searchConsoleNoProperties}
      </Text>
    );
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" className={classes.linkRow}>
      <Select
        label={messages.searchConsolePropertyLabel}
        description={messages.searchConsolePropertyHint}
        data={list.map((site) => ({ value: site.siteUrl, label: siteLabel(site) }))}
        value={value}
        onChange={setChosen}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        className={classes.siteSelect}
      />
      <Button
        leftSection={<IconLink size={16} />}
        loading={link.isPending}
        disabled={!value}
        onClick={() => {
          if (!value) return;
          link.mutate(value, {
            onSuccess: () => notifySuccess(messages.searchConsoleLinked(value)),
            onError: (error) => notifyApiError(error, messages.failedToLinkSearchConsole, { preferServerText: true }),
          });
        }}
      >
        {messages.linkSearchConsole}
      </Button>
    </Group>
  );
}

/** The import under way (rows fetched so far), or why the last one failed. */
export function ImportProgress({ state }: { state: ProjectSearchConsole }) {
  const { latest } = state;
  if (isImportRunning(state) && latest) {
    return (
      <Group gap="xs" wrap="nowrap" role="status" className={classes.progress}>
        <Loader size="xs" aria-hidden />
        <Text size="sm">{messages.searchConsoleImporting(latest.rows)}</Text>
      </Group>
    );
  }
  if (latest?.status === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={messages.searchConsoleImportFailed}
        role="alert"
      >
        {latest.error ?? messages.genericError}
      </Alert>
    );
  }
  return null;
}

/** The linked property: who linked it, the last import, Refresh (with the caller's own grant) and Unlink. */
function LinkedProperty({
  projectId,
  state,
  isConnected,
}: {
  projectId: number;
  state: ProjectSearchConsole & { siteUrl: string };
  isConnected: boolean;
}) {
  const refresh = useRefreshSearchConsole(projectId);
  const unlink = useUnlinkSearchConsole(projectId);
  const [isConfirming, setConfirming] = useState(false);
  const lastImport = state.current?.finishedAt ?? state.current?.startedAt ?? null;
  return (
    <Stack gap="sm">
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {messages.searchConsoleLinkedProperty}
        </Text>
        <Text fw={600} className={classes.siteUrl}>
          {state.siteUrl}
        </Text>
        <Text size="sm" c="dimmed">
          {[
            state.linkedBy && messages.searchConsoleLinkedBy(state.linkedBy),
            lastImport ? messages.searchConsoleLastImport(formatDate(lastImport)) : messages.searchConsoleNoImportYet,
            state.current && messages.searchConsoleQueryTotal(state.queries),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </div>
      <Group gap="sm">
        {isConnected && (
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={refresh.isPending}
            disabled={isImportRunning(state)}
            onClick={() =>
              refresh.mutate(undefined, {
                onSuccess: () => notifySuccess(messages.searchConsoleRefreshStarted),
                onError: (error) =>
                  notifyApiError(error, messages.failedToRefreshSearchConsole, { preferServerText: true }),
              })
            }
          >
            {messages.refreshSearchConsole}
          </Button>
        )}
        <Button
          variant="default"
          color="red"
          leftSection={<IconLinkOff size={16} />}
          onClick={() => setConfirming(true)}
        >
          {messages.unlinkSearchConsole}
        </Button>
      </Group>
      {!isConnected && (
        <Text size="sm" c="dimmed">
          {messages.searchConsoleConnectToRefresh}
        </Text>
      )}
      <ConfirmDialog
        opened={isConfirming}
        title={messages.unlinkSearchConsoleTitle}
        body={messages.unlinkSearchConsoleBody(state.siteUrl)}
        confirmLabel={messages.unlinkSearchConsole}
        isLoading={unlink.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          unlink.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess(messages.searchConsoleUnlinked);
            },
            onError: (error) => notifyApiError(error, messages.failedToUnlinkSearchConsole, { preferServerText: true }),
          })
        }
      />
    </Stack>
  );
}

/**
 * The project's property: linked (with its actions), or a choice of the caller's properties once
 * they are connected; then the import's progress or failure.
 */
export function PropertySection({
  projectId,
  state,
  isConnected,
}: {
  projectId: number;
  state: ProjectSearchConsole;
  isConnected: boolean;
}) {
  const { siteUrl } = state;
  if (siteUrl === null && !isConnected) return <ImportProgress state={state} />;
  return (
    <Stack gap="sm">
      {siteUrl !== null ? (
        <LinkedProperty projectId={projectId} state={{ ...state, siteUrl }} isConnected={isConnected} />
      ) : (
        <LinkProperty projectId={projectId} />
      )}
      <ImportProgress state={state} />
    </Stack>
  );
}
