import { describe, expect, it } from 'vitest';
import type { KeywordCluster } from '../../clustering/cluster-keywords';
import { applyClusterEdits, noEdits } from './cluster-edits';

const computed: KeywordCluster[] = [
  { key: 'teeth whiten', name: 'teeth whitening', keywordIds: [1, 2, 3] },
  { key: 'dental implant', name: 'dental implants', keywordIds: [4, 5] },
  { key: 'invisalign', name: 'invisalign', keywordIds: [6, 7] },
];

const shown = (groups: ReturnType<typeof applyClusterEdits>) =>
  groups.map((group) => [group.key, group.name, group.keywordIds]);

describe('applying a person’s edits to computed groups', () => {
  it('changes nothing without edits', () => {
    expect(shown(applyClusterEdits(computed, noEdits()))).toEqual([
      ['teeth whiten', 'teeth whitening', [1, 2, 3]],
      ['dental implant', 'dental implants', [4, 5]],
      ['invisalign', 'invisalign', [6, 7]],
    ]);
  });

  it('renames by key, folds merged groups into the group they went to and moves pinned keywords', () => {
    const edits = {
      names: { 'dental implant': 'Restorations', 'new:9': 'Night care' },
      merges: { invisalign: 'dental implant' },
      pins: { '3': 'new:9', '5': 'teeth whiten' },
    };
    expect(shown(applyClusterEdits(computed, edits))).toEqual([
      ['dental implant', 'Restorations', [4, 6, 7]],
      ['teeth whiten', 'teeth whitening', [1, 2, 5]],
      ['new:9', 'Night care', [3]],
    ]);
  });

  it('follows merges in a chain, and drops what no longer holds', () => {
    const edits = {
      names: {},
      // "gone" has no keywords now: what was merged into it stands on its own again.
      merges: { invisalign: 'dental implant', 'dental implant': 'teeth whiten', orphan: 'gone' },
      // A pin of a deleted keyword (99), and one to a group that is gone (6).
      pins: { '99': 'teeth whiten', '6': 'gone' },
    };
    const groups = applyClusterEdits([...computed, { key: 'orphan', name: 'orphan', keywordIds: [8] }], edits);
    expect(shown(groups)).toEqual([
      ['teeth whiten', 'teeth whitening', [1, 2, 3, 4, 5, 6, 7]],
      ['orphan', 'orphan', [8]],
    ]);
  });

  it('drops a group that moves emptied, and never loops on merges into each other', () => {
    const edits = { names: {}, merges: { invisalign: 'dental implant', 'dental implant': 'invisalign' }, pins: {} };
    const groups = applyClusterEdits(computed, {
      ...edits,
      pins: { '1': 'invisalign', '2': 'invisalign', '3': 'invisalign' },
    });
    expect(groups.map((group) => group.key)).not.toContain('teeth whiten');
    expect(groups.flatMap((group) => group.keywordIds).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
