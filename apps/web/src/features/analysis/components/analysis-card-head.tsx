import { messages, type Project } from '@keywright/contract';
import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconBulb, IconDownload, IconFileImport, IconReportSearch, IconSparkles } from '@tabler/icons-react';
import { DataCardHead } from '@/components/data-card/data-card';
import { EstimatedBadge, KeywordPlannerBadge } from '@/components/keyword-figures';
import type { AddKeywordsDialogState } from '@/components/project-keywords/add-keywords-dialogs';
import type { useSuggestionsPanel } from '@/components/project-keywords/api/get-keyword-suggestions';
import { keywordsLabel } from '../analysis-counts';
import type { AnalysisRows } from '../hooks/use-analysis-rows';
import classes from './analysis.module.css';

/**
 * The project's name, count and description, and Generate, Get Suggestions, Export, the Keyword
 * Planner import and (when given) the search terms report's import.
 */
export function AnalysisCardHead({
  project,
  titleId,
  analysis,
  dialogs,
  suggestionsPanel,
  isWide,
  onImportSearchTerms,
}: {
  project: Project;
  titleId: string;
  analysis: AnalysisRows;
  dialogs: AddKeywordsDialogState;
  suggestionsPanel: ReturnType<typeof useSuggestionsPanel>;
  isWide: boolean;
  onImportSearchTerms?: () => void;
}) {
  // Generate first (the page's main action), then Get Suggestions, Export CSV and the Planner import.
  const actions = [
    { label: 'Generate Keywords', Icon: IconSparkles, isPrimary: true, onClick: () => dialogs.generate.open() },
    {
      label: 'Get Suggestions',
      Icon: IconBulb,
      loading: suggestionsPanel.suggestions.isPending,
      onClick: suggestionsPanel.show,
    },
    {
      label: 'Export CSV',
      Icon: IconDownload,
      loading: analysis.isExporting,
      disabled: !analysis.answer,
      onClick: analysis.handleExport,
    },
    { label: messages.importFromKeywordPlanner, Icon: IconFileImport, onClick: () => dialogs.plannerImport.open() },
    ...(onImportSearchTerms
      ? [{ label: messages.analysisImportSearchTerms, Icon: IconReportSearch, onClick: onImportSearchTerms }]
      : []),
  ];
  return (
    <DataCardHead gap="sm">
      <Group gap="sm" className={classes.titleGroup}>
        <Title order={2} id={titleId} className={classes.projectName}>
          {project.name}
        </Title>
        <Badge variant="light" size="lg" radius="sm" tt="none">
          {keywordsLabel(analysis.answer?.projectKeywordCount ?? project.keywords_count)}
        </Badge>
        {analysis.showEstimated && <EstimatedBadge />}
        {analysis.hasPlannerFigures && <KeywordPlannerBadge />}
      </Group>
      {project.description && (
        <Text size="sm" c="dimmed" lineClamp={2} className={classes.description}>
          {project.description}
        </Text>
      )}
      <div className={classes.headActions}>
        {actions.map(({ label, Icon, isPrimary, ...props }) => (
          <Button
            key={label}
            size={isWide ? 'sm' : 'xs'}
            variant={isPrimary ? undefined : 'default'}
            leftSection={isWide ? <Icon size={16} /> : undefined}
            {...props}
          >
            {label}
          </Button>
        ))}
      </div>
    </DataCardHead>
  );
}
