import type { KeywordIdea } from '@keywright/contract';
import { IdeasPanel } from '@/components/keyword-ideas/ideas-panel';
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
