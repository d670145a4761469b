import type { KeywordIdea } from '@keywright/contract';
import { Group } from '@mantine/core';
import { IdeaAddButton, KeywordIdeasView } from '@/components/keyword-ideas/keyword-ideas';
import { AddToListButton } from '@/components/save-to-list/add-to-list-provider';
import type { SessionKeywords } from './use-session-keywords';

export interface KeywordIdeasProps {
  ideas: readonly KeywordIdea[];
  projectId: number;
  session: SessionKeywords;
  /** Wide screens: a table; narrow ones: a list with the figures under each keyword. */
  isWide: boolean;
  label: string;
}

/** Keyword ideas with Volume, Competition and CPC; each added to the project, or to a keyword list (made in the project then). */
export function KeywordIdeas({ ideas, projectId, session, isWide, label }: KeywordIdeasProps) {
  return (
    <KeywordIdeasView
      ideas={ideas}
      isWide={isWide}
      label={label}
      actionsWidth={76}
      renderActions={({ keyword }) => (
        <Group gap={4} wrap="nowrap">
          <IdeaAddButton
            keyword={keyword}
            target="project"
            isAdded={session.isAdded(keyword)}
            isAdding={session.isAdding(keyword)}
            onAdd={session.add}
          />
          <AddToListButton keyword={keyword} projectId={projectId} size="md" />
        </Group>
      )}
    />
  );
}
