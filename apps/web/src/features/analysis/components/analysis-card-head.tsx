import { messages, type Project } from '@keywright/contract';
import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconBulb, IconDownload, IconFileImport, IconSparkles } from '@tabler/icons-react';
import { DataCardHead } from '@/components/data-card/data-card';
import { EstimatedBadge, KeywordPlannerBadge } from '@/components/keyword-figures';
import type { AddKeywordsDialogState } from '@/components/project-keywords/add-keywords-dialogs';
import type { useSuggestionsPanel } from '@/components/project-keywords/api/get-keyword-suggestions';
import { keywordsLabel } from '../analysis-counts';
import type { AnalysisRows } from '../hooks/use-analysis-rows';
import classes from './analysis.module.css';

/** The project's name, count and description, and Generate, Get Suggestions, Export and Import. */
export function AnalysisCardHead({
  project,
  titleId,
  analysis,
  dialogs,
  suggestionsPanel,
  isWide,
}: {
  project: Project;
  titleId: string;
  analysis: AnalysisRows;
  dialogs: AddKeywordsDialogState;
  suggestionsPanel: ReturnType<typeof useSuggestionsPanel>;
  isWide: boolean;
}) {
  const buttonSize = isWide ? 'sm' : 'xs';
  const iconSize = isWide ? 16 : 14;
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
        <Button
          size={buttonSize}
          leftSection={isWide ? <IconSparkles size={iconSize} /> : undefined}
          onClick={() => dialogs.generate.open()}
        >
          Generate Keywords
        </Button>
        <Button
          size={buttonSize}
          variant="default"
          leftSection={isWide ? <IconBulb size={iconSize} /> : undefined}
          loading={suggestionsPanel.suggestions.isPending}
          onClick={suggestionsPanel.show}
        >
          Get Suggestions
        </Button>
        <Button
          size={buttonSize}
          variant="default"
          leftSection={isWide ? <IconDownload size={iconSize} /> : undefined}
          loading={analysis.isExporting}
          disabled={!analysis.answer}
          onClick={analysis.handleExport}
        >
          Export CSV
        </Button>
        <Button
          size={buttonSize}
          variant="default"
          leftSection={isWide ? <IconFileImport size={iconSize} /> : undefined}
          onClick={() => dialogs.plannerImport.open()}
        >
          {messages.importFromKeywordPlanner}
        </Button>
      </div>
    </DataCardHead>
  );
}
