import { constants, messages, type KeywordCluster } from '@keywright/contract';
import { Anchor, Box, Button, CloseButton, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconListCheck, IconSearch, IconSitemap } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  DataCardEmpty,
  DataCardNoMatch,
  DataCardPager,
  DataCardSkeleton,
  DataCardToolbar,
} from '@/components/data-card/data-card';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { groupCountLabel } from '../clusters-view';
import type { ClusterEdits } from '../hooks/use-cluster-edits';
import type { ClusterGroups } from '../hooks/use-cluster-groups';
import { ClusterGroup, ClusterGroupsHeader, type ClusterKeyword } from './cluster-group';
import classes from './clusters.module.css';

const pageSize = constants.clustersPageSize;

/** While the server works the groups out: its progress. */
function GroupingProgress({ progress }: { progress: number }) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <Text fw={600}>Working out the groups…</Text>
      {/* The bar shows a sliver from the start (0% is an empty bar); the progress bar's value is the server's. */}
      <Progress.Root
        w="100%"
        maw={360}
        size="lg"
        role="progressbar"
        aria-label="Grouping progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%`}
      >
        <Progress.Section value={Math.max(progress, 5)} withAria={false} striped animated />
      </Progress.Root>
      <Text size="sm" c="dimmed" aria-live="polite">
        {progress}% done. Large projects take a little while; the groups appear here when ready.
      </Text>
    </Stack>
  );
}

/** The selected groups' actions: merge them, save them as lists, or let them go. */
function SelectedGroupsBar({ edits }: { edits: ClusterEdits }) {
  const { selected, selectedGroups, mergeHint } = edits;
  const { saveLists } = edits.mutations;
  return (
    <Group
      justify="space-between"
      gap="xs"
      px={{ base: 'md', sm: 'lg' }}
      py="xs"
      className={classes.selectionBar}
      role="region"
      aria-label="Selected groups"
    >
      <Text size="sm" fw={600}>
        {selected.size} selected
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={edits.handleMergeClick}>
          Merge
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconListCheck size={14} />}
          loading={saveLists.isPending && saveLists.variables.clusterIds !== undefined}
          onClick={() => edits.handleSaveAsLists(selectedGroups.map((group) => group.id))}
        >
          Save selected as lists
        </Button>
        <Button size="xs" variant="default" onClick={edits.clearSelection}>
          Clear selection
        </Button>
      </Group>
      {mergeHint && (
        <Text size="sm" c="red.9" role="alert" w="100%">
          {mergeHint}
        </Text>
      )}
    </Group>
  );
}

/**
 * The ad groups under the head: the progress while they are worked out, the loading and empty
 * states, then the search, the selection's actions, a page of groups and the pager.
 */
export function ClustersBody({
  groups,
  edits,
  isWide,
  onShowKeywords,
}: {
  groups: ClusterGroups;
  edits: ClusterEdits;
  isWide: boolean;
  onShowKeywords: () => void;
}) {
  const { answer, ready, clusters, search, searchText, projectId } = groups;
  if (answer?.status === 'running') return <GroupingProgress progress={answer.progress} />;
  if (!ready) {
    return clusters.isError ? (
      <Box p={{ base: 'md', sm: 'lg' }}>
        <LoadFailedAlert
          title={messages.failedToLoadClusters}
          isRetrying={clusters.isFetching}
          onRetry={() => void clusters.refetch()}
        />
      </Box>
    ) : (
      <DataCardSkeleton label="Loading groups" rows={4} widths={['40%', '20%']} wrap="nowrap">
        {!groups.isFiguresSettled && (
          <Text size="sm" c="dimmed">
            Getting the keywords’ figures…
          </Text>
        )}
      </DataCardSkeleton>
    );
  }
  if (groups.isEmptyProject) {
    return (
      <DataCardEmpty
        icon={<IconSitemap size={26} />}
        title={messages.noKeywordsToGroup}
        titleAs="h3"
        hint={messages.noKeywordsToGroupHint}
        hintWidth={400}
      >
        <Group gap="md" mt="xs">
          <Anchor component={Link} to={`/keyword-generator?projectId=${projectId}`} fw={600}>
            Generate Keywords
          </Anchor>
          <Anchor component="button" type="button" fw={600} onClick={onShowKeywords}>
            Add keywords
          </Anchor>
        </Group>
      </DataCardEmpty>
    );
  }
  const total = ready.pagination.totalCount;
  const current = ready.pagination.page;
  const first = (current - 1) * pageSize + 1;
  const last = Math.min(current * pageSize, total);
  return (
    <>
      <DataCardToolbar justify="space-between" gap="sm">
        <TextInput
          aria-label="Search groups"
          placeholder="Search groups and keywords"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            searchText ? <CloseButton size="sm" aria-label="Clear search" onClick={groups.clearSearch} /> : null
          }
          value={searchText}
          onChange={(event) => groups.handleSearchChange(event.currentTarget.value)}
          maxLength={constants.limits.keyword}
          className={classes.search}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {total === 0 ? 'No matches' : `${first}–${last} of ${groupCountLabel(total)}${search ? ' matching' : ''}`}
        </Text>
      </DataCardToolbar>
      {edits.selected.size > 0 && <SelectedGroupsBar edits={edits} />}
      {ready.clusters.length === 0 ? (
        <DataCardNoMatch title={messages.noGroupsMatch(search)}>
          <Anchor component="button" type="button" size="sm" onClick={groups.clearSearch}>
            Clear search
          </Anchor>
        </DataCardNoMatch>
      ) : (
        <>
          <ClusterGroupsHeader />
          <ul className={classes.groups} aria-label="Groups" data-loading={clusters.isPlaceholderData || undefined}>
            {ready.clusters.map((cluster) => (
              <ClusterGroup
                key={cluster.id}
                cluster={cluster}
                isExpanded={groups.expanded.has(cluster.id)}
                isSelected={edits.selected.has(cluster.id)}
                isWide={isWide}
                onToggle={groups.handleToggle}
                onSelect={edits.handleSelect}
                onRename={(group) => edits.dialogs.renaming.open(group)}
                onSaveAsList={(group) => edits.handleSaveAsLists([group.id])}
                onMoveKeyword={(keyword: ClusterKeyword, from: KeywordCluster) =>
                  edits.dialogs.moving.open({ keyword, from })
                }
              />
            ))}
          </ul>
        </>
      )}
      <DataCardPager
        label="Group pages"
        total={ready.pagination.totalPages}
        value={current}
        isWide={isWide}
        onChange={groups.handlePageChange}
      />
    </>
  );
}
