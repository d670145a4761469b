import { Badge, Group, Title } from '@mantine/core';
import { DataCardHead } from '@/components/data-card/data-card';
import { EstimatedBadge, KeywordPlannerBadge } from '@/components/keyword-figures';
import type { AddKeywordsDialogState } from '@/components/project-keywords/add-keywords-dialogs';
import type { useSuggestionsPanel } from '@/components/project-keywords/api/get-keyword-suggestions';
import type { useKeywordActions } from '../hooks/use-keyword-actions';
import type { KeywordRows } from '../hooks/use-keyword-rows';
import { AddKeywordForm } from './add-keyword-form';
import { CpcButton, ExportCsvButton, MoreActionsMenu } from './keywords-actions';
import classes from './keywords.module.css';

/** The keywords' head: the count, Export CSV, Show CPC, More Actions and the add form. */
export function KeywordsCardHead({
  keywords,
  actions,
  dialogs,
  suggestionsPanel,
  isWide,
  onAdded,
}: {
  keywords: KeywordRows;
  actions: ReturnType<typeof useKeywordActions>;
  dialogs: AddKeywordsDialogState;
  suggestionsPanel: ReturnType<typeof useSuggestionsPanel>;
  isWide: boolean;
  onAdded: (added: readonly { keyword: string }[]) => void;
}) {
  const { isFiltered, totalCount, filteredCount, isMetricsLoaded, rows } = keywords;
  const buttonSize = isWide ? 'sm' : 'xs';
  return (
    <DataCardHead gap="md">
      <Group justify="space-between" gap="sm" className={classes.headRow}>
        <Group gap="sm" wrap="wrap" style={{ rowGap: 6 }}>
          <Title order={2}>Keywords</Title>
          <Badge variant="light" size="lg" radius="sm" tt="none">
            {isFiltered ? `${filteredCount ?? '…'} of ${totalCount}` : totalCount}
          </Badge>
          {keywords.showEstimated && <EstimatedBadge />}
          {isMetricsLoaded && rows.some((row) => row.metrics?.source === 'keyword-planner') && <KeywordPlannerBadge />}
        </Group>
        <Group gap="xs" className={classes.headActions}>
          <ExportCsvButton
            isFiltered={isFiltered}
            isExporting={actions.isExporting}
            allCount={totalCount}
            filteredCount={filteredCount}
            size={buttonSize}
            onExport={actions.handleExport}
          />
          <CpcButton
            isLoaded={isMetricsLoaded}
            isLoading={actions.isLoadingCpc}
            size={buttonSize}
            onClick={actions.handleLoadCpc}
          />
          <MoreActionsMenu
            size={buttonSize}
            isFetchingSuggestions={suggestionsPanel.suggestions.isPending}
            onGenerateMore={() => dialogs.generate.open()}
            onGetSuggestions={suggestionsPanel.show}
            onImportKeywordPlanner={() => dialogs.plannerImport.open()}
          />
        </Group>
      </Group>
      <AddKeywordForm projectId={keywords.projectId} onAdded={onAdded} />
    </DataCardHead>
  );
}
