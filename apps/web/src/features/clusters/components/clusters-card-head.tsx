import { clusterTightness, messages } from '@keywright/contract';
import { Alert, Anchor, Badge, Button, Group, Menu, SegmentedControl, Text, Title } from '@mantine/core';
import { IconChevronDown, IconListCheck, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataCardHead } from '@/components/data-card/data-card';
import { EstimatedBadge } from '@/components/keyword-figures';
import { groupCountLabel, tightnessLabels } from '../clusters-view';
import type { ClusterEdits } from '../hooks/use-cluster-edits';
import type { ClusterGroups } from '../hooks/use-cluster-groups';
import classes from './clusters.module.css';

/** The ad groups' head: the count, Save all as lists and Reset, the tightness, and what was saved. */
export function ClustersCardHead({
  groups,
  edits,
  isWide,
}: {
  groups: ClusterGroups;
  edits: ClusterEdits;
  isWide: boolean;
}) {
  const { allGroupsCount, isEmptyProject, answer } = groups;
  const { saveLists } = edits.mutations;
  const hasGroups = (allGroupsCount ?? 0) > 0;
  const buttonSize = isWide ? 'sm' : 'xs';
  return (
    <DataCardHead gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="wrap" style={{ rowGap: 6 }}>
          <Title order={2}>Ad groups</Title>
          {allGroupsCount !== null && !isEmptyProject && (
            <Badge variant="light" size="lg" radius="sm" tt="none">
              {groupCountLabel(allGroupsCount)}
            </Badge>
          )}
          {groups.figures.data === 'estimate' && hasGroups && <EstimatedBadge />}
        </Group>
        {!isEmptyProject && (
          <Group gap="xs">
            <Button
              size={buttonSize}
              variant="default"
              leftSection={<IconListCheck size={16} />}
              disabled={!hasGroups || answer?.status !== 'ready'}
              loading={saveLists.isPending && saveLists.variables.clusterIds === undefined}
              onClick={() => edits.dialogs.savingAll.open()}
            >
              Save all as lists
            </Button>
            <Menu position="bottom-end" shadow="md" width={220} withinPortal>
              <Menu.Target>
                <Button
                  size={buttonSize}
                  variant="default"
                  rightSection={<IconChevronDown size={14} />}
                  aria-label="More group actions"
                  disabled={!hasGroups}
                >
                  More
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => edits.dialogs.recomputing.open()}>
                  Reset groups…
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Group>
      {!isEmptyProject && (
        <Group gap="sm" align="center" wrap="wrap">
          <Text size="sm" fw={600} id="cluster-tightness-label">
            Grouping
          </Text>
          <SegmentedControl
            className={classes.tightness}
            aria-labelledby="cluster-tightness-label"
            size="sm"
            value={groups.tightness}
            onChange={edits.handleTightness}
            data={clusterTightness.map((value) => ({ value, label: tightnessLabels[value] }))}
          />
          <Text size="xs" c="dimmed">
            Loose makes fewer, broader groups; Tight makes smaller, closer ones.
          </Text>
        </Group>
      )}
      {edits.savedCount !== null && (
        <Alert
          color="teal"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={edits.dismissSaved}
          p="sm"
        >
          <Text size="sm">
            {messages.clustersSavedAsLists(edits.savedCount)}.{' '}
            <Anchor component={Link} to="/keyword-lists" fw={600} size="sm" c="dark.9" underline="always">
              Open keyword lists
            </Anchor>
          </Text>
        </Alert>
      )}
    </DataCardHead>
  );
}
