import { constants, messages, type KeywordCluster } from '@keywright/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { useDialog } from '@/lib/use-dialog';
import { useClusters } from '../api/get-clusters';
import { useMergeClusters } from '../api/merge-clusters';
import { useMoveClusterKeyword } from '../api/move-cluster-keyword';
import { useRecomputeClusters } from '../api/recompute-clusters';
import { useRenameCluster } from '../api/rename-cluster';
import { useSaveClustersAsLists } from '../api/save-clusters-as-lists';
import type { SelectedGroup } from '../components/merge-clusters-modal';
import type { MoveTarget } from '../components/move-keyword-modal';
import type { ClusterGroups } from './use-cluster-groups';

/** The move dialog lists this many groups, largest first (the server's largest page). */
const moveOptionsPageSize = constants.limits.maxPageSize;

/**
 * The edits of the ad groups on screen: the selection, and moving a keyword, renaming, merging,
 * saving as lists and working the groups out again, each with its dialog and its outcome.
 */
export function useClusterEdits(groups: ClusterGroups) {
  const { projectId, query, tightness, ready } = groups;
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlyMap<number, SelectedGroup>>(new Map());
  const [mergeHint, setMergeHint] = useState<string | null>(null);
  const [savedCount, setSavedCount] = useState<number | null>(null);
  const renaming = useDialog<KeywordCluster>();
  const moving = useDialog<MoveTarget>();
  const merging = useDialog();
  const savingAll = useDialog();
  const recomputing = useDialog();

  const moveOptions = useClusters(
    projectId,
    { tightness, page: 1, search: '', pageSize: moveOptionsPageSize, figuresAt: groups.figuresAt },
    { enabled: moving.opened },
  );
  const move = useMoveClusterKeyword();
  const merge = useMergeClusters();
  const rename = useRenameCluster();
  const saveLists = useSaveClustersAsLists();
  const recompute = useRecomputeClusters();

  const clearSelection = () => {
    setSelected(new Map());
    setMergeHint(null);
  };

  const handleTightness = (value: string) => {
    if (groups.changeTightness(value)) clearSelection();
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
          renaming.close();
          setSelected((current) => {
            const group = current.get(cluster.id);
            return group ? new Map(current).set(cluster.id, { ...group, name }) : current;
          });
        },
        onError: (renameError) => {
          renaming.close();
          handleEditError(renameError, messages.failedToUpdateClusters);
        },
      },
    );

  const knownGroups = [
    ...(moveOptions.data?.status === 'ready' ? moveOptions.data.clusters : []),
    ...(ready?.clusters ?? []),
  ].filter((group, index, all) => all.findIndex((other) => other.id === group.id) === index);
  const hasMoreGroups = moveOptions.data?.status === 'ready' && moveOptions.data.pagination.totalPages > 1;

  const handleMove = (target: MoveTarget, to: { toClusterId?: number; newClusterName?: string }) => {
    const toName = to.newClusterName ?? knownGroups.find((group) => group.id === to.toClusterId)?.name ?? '';
    move.mutate(
      { projectId, query, keywordId: target.keyword.id, ...to },
      {
        onSuccess: () => {
          notifySuccess(messages.keywordMovedToGroup(target.keyword.keyword, toName));
          moving.close();
        },
        onError: (moveError) => {
          moving.close();
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
    merging.open();
  };

  const handleMerge = (clusterIds: number[], name: string | undefined) =>
    merge.mutate(
      { projectId, query, clusterIds, name },
      {
        onSuccess: () => {
          notifySuccess(messages.clustersMerged(clusterIds.length));
          merging.close();
          clearSelection();
        },
        onError: (mergeError) => {
          merging.close();
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
          savingAll.close();
          if (clusterIds) clearSelection();
        },
        onError: (saveError) => {
          savingAll.close();
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
          recomputing.close();
          groups.resetView();
          clearSelection();
        },
        onError: (recomputeError) => {
          recomputing.close();
          handleEditError(recomputeError, messages.failedToUpdateClusters);
        },
      },
    );

  return {
    selected,
    selectedGroups: [...selected.values()].sort((a, b) => b.keywordCount - a.keywordCount),
    mergeHint,
    savedCount,
    dismissSaved: () => setSavedCount(null),
    knownGroups,
    hasMoreGroups,
    dialogs: { renaming, moving, merging, savingAll, recomputing },
    mutations: { move, merge, rename, saveLists, recompute },
    clearSelection,
    handleTightness,
    handleSelect,
    handleRename,
    handleMove,
    handleMergeClick,
    handleMerge,
    handleSaveAsLists,
    handleRecompute,
  };
}

export type ClusterEdits = ReturnType<typeof useClusterEdits>;
