import { messages, type Project } from '@keywright/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { DataCard } from '@/components/data-card/data-card';
import { AddKeywordsDialogs, useAddKeywordsDialogs } from '@/components/project-keywords/add-keywords-dialogs';
import { useSuggestionsPanel } from '@/components/project-keywords/api/get-keyword-suggestions';
import { analysisCountRange } from '@/components/project-keywords/generate-keywords-form';
import { CardSuggestions } from '@/components/project-keywords/suggestions-panel';
import { useSessionKeywords } from '@/components/project-keywords/use-session-keywords';
import { AddToListProvider } from '@/components/save-to-list/add-to-list-provider';
import type { AnalysisView } from '../analysis-view';
import { useAnalysisRows } from '../hooks/use-analysis-rows';
import type { ChangeView } from '../hooks/use-analysis-view';
import { AnalysisBody } from './analysis-body';
import { AnalysisCardHead } from './analysis-card-head';
import { FiguresNotice } from './analysis-figures-status';
import { SearchTermsImportDialog, type SearchTermsImportSlot } from './search-terms-import-dialog';

/**
 * One project's keywords with their figures: first every keyword's figures are fetched (with
 * progress), then the server's pages, filtered and sorted as the address says. Selection, bulk
 * delete and add to list, generate, suggestions, export, the Keyword Planner import and the search
 * terms report's import (when the route gives its upload). Mount it
 * with `key={project.id}`: what it holds (the selection, open panels) is for one project.
 */
export function AnalysisCard({
  project,
  view,
  onViewChange,
  searchTermsImport,
}: {
  project: Project;
  view: AnalysisView;
  onViewChange: ChangeView;
  searchTermsImport?: SearchTermsImportSlot;
}) {
  const projectId = project.id;
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const titleId = useId();
  const analysis = useAnalysisRows(project, view, onViewChange);
  const { figures, refreshFigures } = analysis;
  const dialogs = useAddKeywordsDialogs();
  const [isImportingReport, setIsImportingReport] = useState(false);
  const suggestionsPanel = useSuggestionsPanel(projectId);
  const session = useSessionKeywords(projectId, {
    failureMessage: messages.analysisFailedToAddKeyword,
    onAdded: () => void refreshFigures(),
  });

  return (
    <AddToListProvider onAdded={(target) => session.remember(target.keyword)}>
      <DataCard cardRef={analysis.cardRef} component="section" aria-labelledby={titleId}>
        <AnalysisCardHead
          project={project}
          titleId={titleId}
          analysis={analysis}
          dialogs={dialogs}
          suggestionsPanel={suggestionsPanel}
          isWide={isWide}
          onImportSearchTerms={searchTermsImport && (() => setIsImportingReport(true))}
        />
        {figures.error != null && (
          <FiguresNotice error={figures.error} isRetrying={figures.isFetching} onRetry={() => void figures.refetch()} />
        )}
        <CardSuggestions panel={suggestionsPanel} projectId={projectId} session={session} isWide={isWide} />
        <AnalysisBody project={project} analysis={analysis} isWide={isWide} />
      </DataCard>
      <AddKeywordsDialogs
        dialogs={dialogs}
        projectId={projectId}
        currency={project.currency}
        generateTitle="Generate Keywords"
        countRange={analysisCountRange}
        failureMessage={messages.failedToGenerateKeywords}
        onShowSuggestions={suggestionsPanel.show}
        onAdded={() => void refreshFigures()}
      />
      {searchTermsImport && (
        <SearchTermsImportDialog
          project={project}
          opened={isImportingReport}
          fullScreen={!isWide}
          Import={searchTermsImport}
          onClose={() => setIsImportingReport(false)}
        />
      )}
    </AddToListProvider>
  );
}
