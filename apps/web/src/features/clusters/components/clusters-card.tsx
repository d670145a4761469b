import { clusterTightness, constants, messages, type KeywordCluster, type Project } from '@keywright/contract';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Group,
  Menu,
  Modal,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconListCheck, IconRefresh, IconSearch, IconSitemap } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EstimatedBadge } from '@/components/keyword-figures';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { PagePagination } from '@/components/page-pagination';
import { isApiError, isUnauthorized } from '@/lib/api-error';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { useEnsureKeywordFigures as useEnsureClusterFigures } from '@/components/project-keywords/api/ensure-keyword-figures';
import { useClusters, type ClustersQuery } from '../api/get-clusters';
import { useMergeClusters } from '../api/merge-clusters';
import { useMoveClusterKeyword } from '../api/move-cluster-keyword';
import { useRecomputeClusters } from '../api/recompute-clusters';
import { useRenameCluster } from '../api/rename-cluster';
import { useSaveClustersAsLists } from '../api/save-clusters-as-lists';
import { groupCountLabel, tightnessLabels } from '../clusters-view';
import { useProjectView } from '../hooks/use-project-view';
import { ClusterGroup, ClusterGroupsHeader, type ClusterKeyword } from './cluster-group';
import { MergeClustersModal, type SelectedGroup } from './merge-clusters-modal';
import { MoveKeywordModal, type MoveTarget } from './move-keyword-modal';
import { RenameClusterModal } from './rename-cluster-modal';
import classes from './clusters.module.css';

const pageSize = constants.clustersPageSize;
const searchDelayMs = 300;
/** The move dialog lists this many groups, largest first (the server's largest page). */
const moveOptionsPageSize = constants.limits.maxPageSize;

/**
 * The project's keywords grouped into ad groups: the tightness, a search, a page of groups (each
 * with its figures and intent mix, its keywords when expanded), and the edits: move a keyword,
 * rename, merge, save as lists, work the groups out again. Mount it with `key={project.id}`.
 */
export function ClustersCard({ project, onShowKeywords }: { project: Project; onShowKeywords: () => void }) {
  const projectId = project.id;
  const queryClient = useQueryClient();
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { tightness, setTightness } = useProjectView();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<ReadonlyMap<number, SelectedGroup>>(new Map());
  const [mergeHint, setMergeHint] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ cluster: KeywordCluster | null; key: number }>({ cluster: null, key: 0 });
  const [moving, setMoving] = useState<{ target: MoveTarget | null; key: number }>({ target: null, key: 0 });
  const [merging, setMerging] = useState({ opened: false, key: 0 });
  const [isSaveAllOpen, setSaveAllOpen] = useState(false);
  const [isRecomputeOpen, setRecomputeOpen] = useState(false);
  const [savedCount, setSavedCount] = useState<number | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  // The groups carry the keywords' figures from the cache: they are fetched first.
  const figures = useEnsureClusterFigures(projectId);
  const isFiguresSettled = figures.status !== 'pending';
  const figuresAt = Math.max(figures.dataUpdatedAt, figures.errorUpdatedAt);
  const query: ClustersQuery = { tightness, page, search, figuresAt };
  const clusters = useClusters(projectId, query, { enabled: isFiguresSettled });
  const moveOptions = useClusters(
    projectId,
    { tightness, page: 1, search: '', pageSize: moveOptionsPageSize, figuresAt },
    { enabled: moving.target !== null },
  );
  const move = useMoveClusterKeyword();
  const merge = useMergeClusters();
  const rename = useRenameCluster();
  const saveLists = useSaveClustersAsLists();
  const recompute = useRecomputeClusters();

  const answer = clusters.data;
  const ready = answer?.status === 'ready' ? answer : undefined;
  // The count of every group, kept from the last answer without a search (the badge holds it while searching).
  const [allGroupsCount, setAllGroupsCount] = useState<number | null>(null);
  const readyTotal = ready && !search && !clusters.isPlaceholderData ? ready.pagination.totalCount : null;
  if (readyTotal !== null && readyTotal !== allGroupsCount) setAllGroupsCount(readyTotal);

  const { error, errorUpdatedAt } = clusters;
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError(messages.failedToLoadClusters);
  }, [error, errorUpdatedAt]);

  // A page past the end (the last groups of a page merged away): back to the last one.
  const lastPage = ready?.pagination.totalPages ?? 1;
  const isPastEnd = ready !== undefined && !clusters.isPlaceholderData && ready.clusters.length === 0 && page > 1;
  if (isPastEnd) setPage(Math.max(1, Math.min(page - 1, lastPage)));

  const applySearch = useDebouncedCallback((value: string) => {
    setSearch(value.trim());
    setPage(1);
  }, searchDelayMs);

  const clearSearch = () => {
    setSearchText('');
    applySearch.cancel();
    if (search) {
      setSearch('');
      setPage(1);
    }
  };

  const clearSelection = () => {
    setSelected(new Map());
    setMergeHint(null);
  };

  const handleTightness = (value: string) => {
    const next = clusterTightness.find((each) => each === value);
    if (!next || next === tightness) return;
    setTightness(next);
    setPage(1);
    setExpanded(new Set());
    clearSelection();
  };

  const handlePageChange = (next: number) => {
    setPage(next);
    const card = cardRef.current;
    if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  /** A failed edit: a group gone (409) says so and shows the groups as they are now. */
  const handleEditError = (editError: unknown, fallback: string) => {
    if (isApiError(editError) && editError.status === 409) {
      notifyError(messages.clusterNotFound);
      clearSelection();
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectClusters(projectId) });
      return;
    }
    notifyApiError(editError, fallback, { preferServerText: isApiError(editError) && editError.status === 400 });
  };

  const handleToggle = (cluster: KeywordCluster) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(cluster.id)) next.add(cluster.id);
      return next;
    });

  const handleSelect = (cluster: KeywordCluster, isSelected: boolean) => {
    setMergeHint(null);
    setSelected((current) => {
      const next = new Map(current);
      if (isSelected) next.set(cluster.id, { id: cluster.id, name: cluster.name, keywordCount: cluster.keywordCount });
      else next.delete(cluster.id);
      return next;
    });
  };

  const handleRename = (cluster: KeywordCluster, name: string) =>
    rename.mutate(
      { projectId, query, clusterId: cluster.id, name },
      {
        onSuccess: () => {
          notifySuccess(messages.clusterRenamed);
          setRenaming((current) => ({ ...current, cluster: null }));
          setSelected((current) => {
            const group = current.get(cluster.id);
            return group ? new Map(current).set(cluster.id, { ...group, name }) : current;
          });
        },
        onError: (renameError) => {
          setRenaming((current) => ({ ...current, cluster: null }));
          handleEditError(renameError, messages.failedToUpdateClusters);
        },
      },
    );

  const handleMove = (target: MoveTarget, to: { toClusterId?: number; newClusterName?: string }) => {
    const toName =
      to.newClusterName ??
      [...(moveOptions.data?.status === 'ready' ? moveOptions.data.clusters : []), ...(ready?.clusters ?? [])].find(
        (group) => group.id === to.toClusterId,
      )?.name ??
      '';
    move.mutate(
      { projectId, query, keywordId: target.keyword.id, ...to },
      {
        onSuccess: () => {
          notifySuccess(messages.keywordMovedToGroup(target.keyword.keyword, toName));
          setMoving((current) => ({ ...current, target: null }));
        },
        onError: (moveError) => {
          setMoving((current) => ({ ...current, target: null }));
          handleEditError(moveError, messages.failedToUpdateClusters);
        },
      },
    );
  };

  const handleMergeClick = () => {
    if (selected.size < 2) {
      setMergeHint(messages.mergeNeedsTwo);
      return;
    }
    setMerging((current) => ({ opened: true, key: current.key + 1 }));
  };

  const handleMerge = (clusterIds: number[], name: string | undefined) =>
    merge.mutate(
      { projectId, query, clusterIds, name },
      {
        onSuccess: () => {
          notifySuccess(messages.clustersMerged(clusterIds.length));
          setMerging((current) => ({ ...current, opened: false }));
          clearSelection();
        },
        onError: (mergeError) => {
          setMerging((current) => ({ ...current, opened: false }));
          handleEditError(mergeError, messages.failedToUpdateClusters);
        },
      },
    );

  const handleSaveAsLists = (clusterIds?: number[]) =>
    saveLists.mutate(
      { projectId, tightness, clusterIds },
      {
        onSuccess: ({ lists }) => {
          notifySuccess(messages.clustersSavedAsLists(lists.length));
          setSavedCount(lists.length);
          setSaveAllOpen(false);
          if (clusterIds) clearSelection();
        },
        onError: (saveError) => {
          setSaveAllOpen(false);
          handleEditError(saveError, messages.failedToSaveClusters);
        },
      },
    );

  const handleRecompute = () =>
    recompute.mutate(
      { projectId, query: { ...query, page: 1 } },
      {
        onSuccess: () => {
          notifySuccess(messages.clustersRecomputed);
          setRecomputeOpen(false);
          setPage(1);
          setExpanded(new Set());
          clearSelection();
        },
        onError: (recomputeError) => {
          setRecomputeOpen(false);
          handleEditError(recomputeError, messages.failedToUpdateClusters);
        },
      },
    );

  const hasGroups = (allGroupsCount ?? 0) > 0;
  // A project without keywords: the empty state alone, without controls that have nothing to act on.
  const isEmptyProject = ready !== undefined && !search && !searchText && ready.pagination.totalCount === 0;
  const buttonSize = isWide ? 'sm' : 'xs';
  const selectedGroups = [...selected.values()].sort((a, b) => b.keywordCount - a.keywordCount);
  const knownGroups = [
    ...(moveOptions.data?.status === 'ready' ? moveOptions.data.clusters : []),
    ...(ready?.clusters ?? []),
  ].filter((group, index, all) => all.findIndex((other) => other.id === group.id) === index);
  const hasMoreGroups = moveOptions.data?.status === 'ready' && moveOptions.data.pagination.totalPages > 1;

  let body;
  if (answer?.status === 'running') {
    body = (
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
          aria-valuenow={answer.progress}
          aria-valuetext={`${answer.progress}%`}
        >
          <Progress.Section value={Math.max(answer.progress, 5)} withAria={false} striped animated />
        </Progress.Root>
        <Text size="sm" c="dimmed" aria-live="polite">
          {answer.progress}% done. Large projects take a little while; the groups appear here when ready.
        </Text>
      </Stack>
    );
  } else if (!ready) {
    body = clusters.isError ? (
      <Box p={{ base: 'md', sm: 'lg' }}>
        <LoadFailedAlert
          title={messages.failedToLoadClusters}
          isRetrying={clusters.isFetching}
          onRetry={() => void clusters.refetch()}
        />
      </Box>
    ) : (
      <Stack gap="md" p="lg" role="status" aria-label="Loading groups">
        {!isFiguresSettled && (
          <Text size="sm" c="dimmed">
            Getting the keywords’ figures…
          </Text>
        )}
        {[0, 1, 2, 3].map((row) => (
          <Group key={row} justify="space-between" wrap="nowrap">
            <Skeleton height={14} width="40%" />
            <Skeleton height={14} width="20%" />
          </Group>
        ))}
      </Stack>
    );
  } else if (isEmptyProject) {
    body = (
      <Stack align="center" gap="xs" py={48} px="md" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconSitemap size={26} />
        </ThemeIcon>
        <Text fw={600} size="lg" component="h3">
          {messages.noKeywordsToGroup}
        </Text>
        <Text c="dimmed" size="sm" maw={400}>
          {messages.noKeywordsToGroupHint}
        </Text>
        <Group gap="md" mt="xs">
          <Anchor component={Link} to={`/keyword-generator?projectId=${projectId}`} fw={600}>
            Generate Keywords
          </Anchor>
          <Anchor component="button" type="button" fw={600} onClick={onShowKeywords}>
            Add keywords
          </Anchor>
        </Group>
      </Stack>
    );
  } else {
    const total = ready.pagination.totalCount;
    const current = ready.pagination.page;
    const first = (current - 1) * pageSize + 1;
    const last = Math.min(current * pageSize, total);
    body = (
      <>
        <Group justify="space-between" gap="sm" px={{ base: 'md', sm: 'lg' }} py="sm" className={classes.toolbar}>
          <TextInput
            aria-label="Search groups"
            placeholder="Search groups and keywords"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={searchText ? <CloseButton size="sm" aria-label="Clear search" onClick={clearSearch} /> : null}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            maxLength={constants.limits.keyword}
            className={classes.search}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {total === 0 ? 'No matches' : `${first}–${last} of ${groupCountLabel(total)}${search ? ' matching' : ''}`}
          </Text>
        </Group>
        {selected.size > 0 && (
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
              <Button size="xs" onClick={handleMergeClick}>
                Merge
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconListCheck size={14} />}
                loading={saveLists.isPending && saveLists.variables.clusterIds !== undefined}
                onClick={() => handleSaveAsLists(selectedGroups.map((group) => group.id))}
              >
                Save selected as lists
              </Button>
              <Button size="xs" variant="default" onClick={clearSelection}>
                Clear selection
              </Button>
            </Group>
            {mergeHint && (
              <Text size="sm" c="red.9" role="alert" w="100%">
                {mergeHint}
              </Text>
            )}
          </Group>
        )}
        {ready.clusters.length === 0 ? (
          <Stack align="center" gap={4} py="xl" px="md" ta="center">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {messages.noGroupsMatch(search)}
            </Text>
            <Anchor component="button" type="button" size="sm" onClick={clearSearch}>
              Clear search
            </Anchor>
          </Stack>
        ) : (
          <>
            <ClusterGroupsHeader />
            <ul className={classes.groups} aria-label="Groups" data-loading={clusters.isPlaceholderData || undefined}>
              {ready.clusters.map((cluster) => (
                <ClusterGroup
                  key={cluster.id}
                  cluster={cluster}
                  isExpanded={expanded.has(cluster.id)}
                  isSelected={selected.has(cluster.id)}
                  isWide={isWide}
                  onToggle={handleToggle}
                  onSelect={handleSelect}
                  onRename={(group) => setRenaming((current) => ({ cluster: group, key: current.key + 1 }))}
                  onSaveAsList={(group) => handleSaveAsLists([group.id])}
                  onMoveKeyword={(keyword: ClusterKeyword, from: KeywordCluster) =>
                    setMoving((current) => ({ target: { keyword, from }, key: current.key + 1 }))
                  }
                />
              ))}
            </ul>
          </>
        )}
        {ready.pagination.totalPages > 1 && (
          <Group justify={isWide ? 'flex-end' : 'center'} p="md" className={classes.cardFoot}>
            <PagePagination
              label="Group pages"
              total={ready.pagination.totalPages}
              value={current}
              onChange={handlePageChange}
            />
          </Group>
        )}
      </>
    );
  }

  return (
    <Card padding={0} ref={cardRef} className={classes.card}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }} className={classes.cardHead}>
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="wrap" style={{ rowGap: 6 }}>
            <Title order={2}>Ad groups</Title>
            {allGroupsCount !== null && !isEmptyProject && (
              <Badge variant="light" size="lg" radius="sm" tt="none">
                {groupCountLabel(allGroupsCount)}
              </Badge>
            )}
            {figures.data === 'estimate' && hasGroups && <EstimatedBadge />}
          </Group>
          {!isEmptyProject && (
            <Group gap="xs">
              <Button
                size={buttonSize}
                variant="default"
                leftSection={<IconListCheck size={16} />}
                disabled={!hasGroups || answer?.status !== 'ready'}
                loading={saveLists.isPending && saveLists.variables.clusterIds === undefined}
                onClick={() => setSaveAllOpen(true)}
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
                  <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => setRecomputeOpen(true)}>
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
              value={tightness}
              onChange={handleTightness}
              data={clusterTightness.map((value) => ({ value, label: tightnessLabels[value] }))}
            />
            <Text size="xs" c="dimmed">
              Loose makes fewer, broader groups; Tight makes smaller, closer ones.
            </Text>
          </Group>
        )}
        {savedCount !== null && (
          <Alert
            color="teal"
            variant="light"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setSavedCount(null)}
            p="sm"
          >
            <Text size="sm">
              {messages.clustersSavedAsLists(savedCount)}.{' '}
              <Anchor component={Link} to="/keyword-lists" fw={600} size="sm" c="dark.9" underline="always">
                Open keyword lists
              </Anchor>
            </Text>
          </Alert>
        )}
      </Stack>
      {body}
      <RenameClusterModal
        key={`rename-${renaming.key}`}
        cluster={renaming.cluster}
        isSaving={rename.isPending}
        onRename={handleRename}
        onClose={() => setRenaming((current) => ({ ...current, cluster: null }))}
      />
      <MoveKeywordModal
        key={`move-${moving.key}`}
        target={moving.target}
        groups={knownGroups}
        hasMoreGroups={hasMoreGroups}
        isSaving={move.isPending}
        onMove={handleMove}
        onClose={() => setMoving((current) => ({ ...current, target: null }))}
      />
      <MergeClustersModal
        key={`merge-${merging.key}`}
        groups={selectedGroups}
        opened={merging.opened}
        isSaving={merge.isPending}
        onMerge={handleMerge}
        onClose={() => setMerging((current) => ({ ...current, opened: false }))}
      />
      <SaveAllDialog
        opened={isSaveAllOpen}
        count={allGroupsCount ?? 0}
        isSaving={saveLists.isPending}
        onSave={() => handleSaveAsLists()}
        onClose={() => setSaveAllOpen(false)}
      />
      <ConfirmDialog
        opened={isRecomputeOpen}
        title="Reset groups?"
        body={messages.recomputeClustersConfirm}
        confirmLabel="Reset groups"
        isLoading={recompute.isPending}
        onConfirm={handleRecompute}
        onClose={() => setRecomputeOpen(false)}
      />
    </Card>
  );
}

/** Save all as lists: it makes a list per group, so it asks first (saving is not destructive: no red). */
function SaveAllDialog({
  opened,
  count,
  isSaving,
  onSave,
  onClose,
}: {
  opened: boolean;
  count: number;
  isSaving: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={isSaving ? () => undefined : onClose} title="Save groups as lists">
      <Text size="sm">{messages.saveAllClustersConfirm(count)}</Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button onClick={onSave} loading={isSaving}>
          Save {groupCountLabel(count)}
        </Button>
      </Group>
    </Modal>
  );
}
