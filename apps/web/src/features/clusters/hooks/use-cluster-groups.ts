import { clusterTightness, messages, type ClusterTightness, type KeywordCluster } from '@keywright/contract';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useCardPaging } from '@/components/data-card/data-card';
import { isUnauthorized } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { useEnsureKeywordFigures } from '@/components/project-keywords/api/ensure-keyword-figures';
import { useClusters, type ClustersQuery } from '../api/get-clusters';
import { useProjectView } from './use-project-view';

const searchDelayMs = 300;

/**
 * The page of ad groups on screen: the tightness (in the address), the search, the page, which
 * groups are expanded, and the answer with the keywords' figures fetched first.
 */
export function useClusterGroups(projectId: number) {
  const { tightness, setTightness } = useProjectView();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const { cardRef, handlePageChange } = useCardPaging(setPage);

  // The groups carry the keywords' figures from the cache: they are fetched first.
  const figures = useEnsureKeywordFigures(projectId);
  const isFiguresSettled = figures.status !== 'pending';
  const figuresAt = Math.max(figures.dataUpdatedAt, figures.errorUpdatedAt);
  const query: ClustersQuery = { tightness, page, search, figuresAt };
  const clusters = useClusters(projectId, query, { enabled: isFiguresSettled });

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

  const handleSearchChange = (value: string) => {
    setSearchText(value);
    applySearch(value);
  };

  const clearSearch = () => {
    setSearchText('');
    applySearch.cancel();
    if (search) {
      setSearch('');
      setPage(1);
    }
  };

  /** Back to the first page with every group folded (other groups, or the same worked out again). */
  const resetView = () => {
    setPage(1);
    setExpanded(new Set());
  };

  /** Another tightness: answers whether it changed (the selection is then let go). */
  const changeTightness = (value: string): boolean => {
    const next = clusterTightness.find((each): each is ClusterTightness => each === value);
    if (!next || next === tightness) return false;
    setTightness(next);
    resetView();
    return true;
  };

  const handleToggle = (cluster: KeywordCluster) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(cluster.id)) next.add(cluster.id);
      return next;
    });

  // A project without keywords: the empty state alone, without controls that have nothing to act on.
  const isEmptyProject = ready !== undefined && !search && !searchText && ready.pagination.totalCount === 0;

  return {
    projectId,
    tightness,
    searchText,
    search,
    expanded,
    figures,
    isFiguresSettled,
    figuresAt,
    query,
    clusters,
    answer,
    ready,
    allGroupsCount,
    isEmptyProject,
    cardRef,
    handlePageChange,
    handleSearchChange,
    clearSearch,
    resetView,
    changeTightness,
    handleToggle,
  };
}

export type ClusterGroups = ReturnType<typeof useClusterGroups>;
