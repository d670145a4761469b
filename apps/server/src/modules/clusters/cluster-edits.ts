import type { KeywordCluster } from '../../clustering/cluster-keywords';
import type { ClusterEdits } from '../../db/schema';

/** The key of a group a person made by moving a keyword to a new name: `new:1`, `new:2`… */
export const NEW_GROUP_PREFIX = 'new:';

export const noEdits = (): ClusterEdits => ({ names: {}, merges: {}, pins: {} });

/** A group as stored and shown: its key, its name and its keywords' ids, ascending. */
export interface EditedGroup {
  key: string;
  name: string;
  keywordIds: number[];
}

/**
 * The groups a person sees: the computed ones with their edits applied again, by group key, so
 * the edits outlive a recompute (keywords added or deleted) where they still can:
 * - a merge folds a group into the group it was merged into, while that group exists;
 * - a pin moves a keyword that is still in the project into the group it was moved to, while
 *   that group exists (a new group a person named exists while a keyword is pinned to it);
 * - a name a person gave replaces the computed one.
 * Groups left empty are dropped; the rest come largest first, then by name.
 */
export function applyClusterEdits(computed: readonly KeywordCluster[], edits: ClusterEdits): EditedGroup[] {
  const computedNames = new Map(computed.map((group) => [group.key, group.name]));
  const present = new Set(computed.flatMap((group) => group.keywordIds));
  const pins = Object.entries(edits.pins)
    .map(([id, key]) => [Number(id), key] as const)
    .filter(([id]) => present.has(id));
  const pinnedKeys = new Set(pins.map(([, key]) => key));
  const exists = (key: string) => computedNames.has(key) || (key.startsWith(NEW_GROUP_PREFIX) && pinnedKeys.has(key));
  /** Where a group's keywords end up: through its merges, as far as the groups merged into exist. */
  const home = (key: string) => {
    const seen = new Set([key]);
    let current = key;
    for (let next = edits.merges[current]; next !== undefined && exists(next) && !seen.has(next);) {
      seen.add(next);
      current = next;
      next = edits.merges[current];
    }
    return current;
  };

  const members = new Map<string, Set<number>>();
  const groupOf = new Map<number, string>();
  const place = (id: number, key: string) => {
    const set = members.get(key) ?? new Set<number>();
    set.add(id);
    members.set(key, set);
    groupOf.set(id, key);
  };
  for (const group of computed) {
    const key = home(group.key);
    for (const id of group.keywordIds) place(id, key);
  }
  for (const [id, key] of pins) {
    if (!exists(key)) continue;
    members.get(groupOf.get(id)!)?.delete(id);
    place(id, home(key));
  }

  return [...members.entries()]
    .filter(([, ids]) => ids.size > 0)
    .map(([key, ids]) => ({
      key,
      name: edits.names[key] ?? computedNames.get(key) ?? key,
      keywordIds: [...ids].sort((a, b) => a - b),
    }))
    .sort(
      (a, b) => b.keywordIds.length - a.keywordIds.length || a.name.localeCompare(b.name) || a.key.localeCompare(b.key),
    );
}
