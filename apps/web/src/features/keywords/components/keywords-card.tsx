import { messages, type Project } from '@keywright/contract';
import { useMediaQuery } from '@mantine/hooks';
import { DataCard } from '@/components/data-card/data-card';
import { AddKeywordsDialogs, useAddKeywordsDialogs } from '@/components/project-keywords/add-keywords-dialogs';
import { useSuggestionsPanel } from '@/components/project-keywords/api/get-keyword-suggestions';
import { moreKeywordsCountRange } from '@/components/project-keywords/generate-keywords-form';
import { CardSuggestions } from '@/components/project-keywords/suggestions-panel';
import { useSessionKeywords } from '@/components/project-keywords/use-session-keywords';
import { AddToListProvider } from '@/components/save-to-list/add-to-list-provider';
import { KeywordListHoldings } from '@/components/save-to-list/api/get-keyword-list-holdings';
import { useKeywordActions } from '../hooks/use-keyword-actions';
import { useKeywordRows } from '../hooks/use-keyword-rows';
import { KeywordsBody } from './keywords-body';
import { KeywordsCardHead } from './keywords-card-head';

/**
 * The project's keywords: count, export, CPC figures and their filter, more
 * keywords and suggestions, add, search, the intent filter, and the rows 20 a
 * page. Mount it with `key={project.id}`. Show CPC, the filters, the search, the
 * order and the page are in the address (keywords-address.ts).
 */
export function KeywordsCard({ project }: { project: Project }) {
  const projectId = project.id;
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const keywords = useKeywordRows(project);
  const actions = useKeywordActions(keywords);
  const dialogs = useAddKeywordsDialogs();
  const suggestionsPanel = useSuggestionsPanel(projectId);
  const session = useSessionKeywords(projectId);

  return (
    // An idea added to a list is in the project too: its add button shows a check.
    <AddToListProvider onAdded={(target) => session.remember(target.keyword)}>
      {/* Which rows are saved to a list: their bookmarks show it without being opened. */}
      <KeywordListHoldings keywordIds={keywords.pageRowIds} />
      <DataCard cardRef={keywords.cardRef}>
        <KeywordsCardHead
          keywords={keywords}
          actions={actions}
          dialogs={dialogs}
          suggestionsPanel={suggestionsPanel}
          isWide={isWide}
          onAdded={(added) => {
            for (const keyword of added) session.remember(keyword.keyword);
            keywords.clearSearch();
            actions.fillAddedMetrics();
          }}
        />
        <CardSuggestions panel={suggestionsPanel} projectId={projectId} session={session} isWide={isWide} />
        <KeywordsBody project={project} keywords={keywords} actions={actions} session={session} isWide={isWide} />
        <AddKeywordsDialogs
          dialogs={dialogs}
          projectId={projectId}
          currency={project.currency}
          generateTitle="Generate More Keywords"
          countRange={moreKeywordsCountRange}
          failureMessage={messages.failedToStartGeneration}
          onShowSuggestions={suggestionsPanel.show}
          // The new keywords are the newest: page 1 shows them, marked New (imported ones with their figures).
          onAdded={keywords.clearSearch}
        />
      </DataCard>
    </AddToListProvider>
  );
}
