import type { KeywordIdea } from '@keywright/contract';
import { ActionIcon, Group, Loader, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { AddToListButton } from '@/components/save-to-list/add-to-list-provider';
import { formatSearchVolume } from '@/lib/figures';
import type { SessionKeywords } from '../hooks/use-session-keywords';
import { CompetitionBadge, FigureText } from '@/components/keyword-figures';
import classes from './keywords.module.css';

/**
 * Add to the project; a check once added during this visit. One button
 * throughout (never disabled), so keyboard focus stays on it.
 */
function AddIdeaButton({ keyword, session }: { keyword: string; session: SessionKeywords }) {
  const isAdded = session.isAdded(keyword);
  const isAdding = session.isAdding(keyword);
  return (
    <Tooltip label={isAdded ? 'Added to the project' : 'Add to the project'}>
      <ActionIcon
        size="md"
        radius={isAdded ? 'xl' : undefined}
        variant="light"
        color={isAdded ? 'teal' : undefined}
        aria-label={isAdded ? `${keyword} added` : `Add ${keyword}`}
        aria-disabled={isAdded || isAdding || undefined}
        aria-busy={isAdding || undefined}
        className={classes.addIdea}
        onClick={() => {
          if (!isAdded && !isAdding) session.add(keyword);
        }}
      >
        {isAdding ? (
          <Loader size={14} color="currentColor" />
        ) : isAdded ? (
          <IconCheck size={16} stroke={2.5} />
        ) : (
          <IconPlus size={16} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}

/** An idea's buttons: add it to the project, or to a keyword list (made in the project then). */
function IdeaActions({
  keyword,
  session,
  projectId,
}: {
  keyword: string;
  session: SessionKeywords;
  projectId: number;
}) {
  return (
    <Group gap={4} wrap="nowrap" className={classes.ideaActions}>
      <AddIdeaButton keyword={keyword} session={session} />
      <AddToListButton keyword={keyword} projectId={projectId} size="md" />
    </Group>
  );
}

export interface KeywordIdeasProps {
  ideas: readonly KeywordIdea[];
  projectId: number;
  session: SessionKeywords;
  /** Wide screens: a table; narrow ones: a list with the figures under each keyword. */
  isWide: boolean;
  label: string;
}

/** Keyword ideas with Volume, Competition and CPC, each with an add button. */
export function KeywordIdeas({ ideas, projectId, session, isWide, label }: KeywordIdeasProps) {
  if (isWide) {
    return (
      <Table aria-label={label} className={classes.ideaTable} verticalSpacing={6} horizontalSpacing="sm" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keyword</Table.Th>
            <Table.Th ta="right">Volume</Table.Th>
            <Table.Th>Competition</Table.Th>
            <Table.Th>CPC</Table.Th>
            <Table.Th w={76}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ideas.map((idea) => (
            <Table.Tr key={idea.keyword}>
              <Table.Td>
                <Text size="sm" className={classes.keywordText}>
                  {idea.keyword}
                </Text>
              </Table.Td>
              <Table.Td ta="right" className={classes.figure}>
                {formatSearchVolume(idea.avg_monthly_searches)}
              </Table.Td>
              <Table.Td className={classes.figure}>
                <CompetitionBadge value={idea.competition} size="xs" />
              </Table.Td>
              <Table.Td className={classes.figure}>{idea.cpc_range}</Table.Td>
              <Table.Td>
                <IdeaActions keyword={idea.keyword} session={session} projectId={projectId} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <ul className={classes.ideaList} aria-label={label}>
      {ideas.map((idea) => (
        <li key={idea.keyword} className={classes.ideaItem}>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={500} className={classes.keywordText}>
              {idea.keyword}
            </Text>
            <div className={classes.figureLine}>
              <FigureText label="Volume">{formatSearchVolume(idea.avg_monthly_searches)}</FigureText>
              <FigureText label="Competition">
                <CompetitionBadge value={idea.competition} size="xs" />
              </FigureText>
              <FigureText label="CPC">{idea.cpc_range}</FigureText>
            </div>
          </div>
          <IdeaActions keyword={idea.keyword} session={session} projectId={projectId} />
        </li>
      ))}
    </ul>
  );
}
