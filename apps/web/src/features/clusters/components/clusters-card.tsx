import type { Project } from '@keywright/contract';
import { useMediaQuery } from '@mantine/hooks';
import { DataCard } from '@/components/data-card/data-card';
import { useClusterEdits } from '../hooks/use-cluster-edits';
import { useClusterGroups } from '../hooks/use-cluster-groups';
import { ClustersBody } from './clusters-body';
import { ClustersCardHead } from './clusters-card-head';
import { ClustersDialogs } from './clusters-dialogs';

/**
 * The project's keywords grouped into ad groups: the tightness, a search, a page of groups (each
 * with its figures and intent mix, its keywords when expanded), and the edits: move a keyword,
 * rename, merge, save as lists, work the groups out again. Mount it with `key={project.id}`.
 */
export function ClustersCard({ project, onShowKeywords }: { project: Project; onShowKeywords: () => void }) {
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const groups = useClusterGroups(project.id);
  const edits = useClusterEdits(groups);
  return (
    <DataCard cardRef={groups.cardRef}>
      <ClustersCardHead groups={groups} edits={edits} isWide={isWide} />
      <ClustersBody groups={groups} edits={edits} isWide={isWide} onShowKeywords={onShowKeywords} />
      <ClustersDialogs edits={edits} allGroupsCount={groups.allGroupsCount} />
    </DataCard>
  );
}
