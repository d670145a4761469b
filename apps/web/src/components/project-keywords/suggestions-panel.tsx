import type { KeywordIdea } from '@keywright/contract';
import { DataCardPanel } from '@/components/data-card/data-card';
import { IdeasPanel } from '@/components/keyword-ideas/ideas-panel';
import type { useSuggestionsPanel } from './api/get-keyword-suggestions';
import type { SessionKeywords } from './use-session-keywords';
import { KeywordIdeas } from './keyword-ideas';
import classes from './project-keywords.module.css';

/** Google Ads suggestions above the rows: loading, then the ideas with an add button each. */
export function SuggestionsPanel({
  suggestions,
  projectId,
  isLoading,
  session,
  isWide,
  onHide,
}: {
  suggestions: readonly KeywordIdea[] | undefined;
  projectId: number;
  isLoading: boolean;
  session: SessionKeywords;
  isWide: boolean;
  onHide: () => void;
}) {
  return (
    <IdeasPanel
      title="Google Ads suggestions"
      ideas={isLoading ? undefined : suggestions}
      isWide={isWide}
      onHide={onHide}
      titleSize={isWide ? 'h4' : 'h5'}
      card={{ shadow: 'none', className: classes.suggestions }}
    >
      {(shown) => (
        <KeywordIdeas
          ideas={shown}
          projectId={projectId}
          session={session}
          isWide={isWide}
          label="Google Ads suggestions"
        />
      )}
    </IdeasPanel>
  );
}

/** The suggestions as a band across a keyword card, while the panel is open. */
export function CardSuggestions({
  panel,
  projectId,
  session,
  isWide,
}: {
  panel: ReturnType<typeof useSuggestionsPanel>;
  projectId: number;
  session: SessionKeywords;
  isWide: boolean;
}) {
  if (!panel.isOpen) return null;
  return (
    <DataCardPanel>
      <SuggestionsPanel
        suggestions={panel.suggestions.data?.suggestions}
        projectId={projectId}
        isLoading={panel.suggestions.isPending}
        session={session}
        isWide={isWide}
        onHide={panel.hide}
      />
    </DataCardPanel>
  );
}
