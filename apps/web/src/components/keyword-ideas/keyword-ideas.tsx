import type { KeywordIdea } from '@keywright/contract';
import { ActionIcon, Loader, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CompetitionBadge, FigureLine } from '@/components/keyword-figures';
import { formatSearchVolume } from '@/lib/figures';
import card from '@/components/data-card/data-card.module.css';
import classes from './keyword-ideas.module.css';

/**
 * Adds an idea to the project or a list; a check once added. One button throughout (never
 * disabled), so keyboard focus stays on it when it turns into a check.
 */
export function IdeaAddButton({
  keyword,
  target,
  isAdded,
  isAdding,
  onAdd,
}: {
  keyword: string;
  /** Where it goes: named in the button's tooltip and, for a list, its name. */
  target: 'project' | 'list';
  isAdded: boolean;
  isAdding: boolean;
  onAdd: (keyword: string) => void;
}) {
  const toList = target === 'list' ? ' to the list' : '';
  return (
    <Tooltip label={isAdded ? `Added to the ${target}` : `Add to the ${target}`}>
      <ActionIcon
        size="md"
        radius={isAdded ? 'xl' : undefined}
        variant="light"
        color={isAdded ? 'teal' : undefined}
        aria-label={isAdded ? `${keyword} added${toList}` : `Add ${keyword}${toList}`}
        aria-disabled={isAdded || isAdding || undefined}
        aria-busy={isAdding || undefined}
        className={classes.addIdea}
        onClick={() => {
          if (!isAdded && !isAdding) onAdd(keyword);
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

export interface KeywordIdeasViewProps {
  ideas: readonly KeywordIdea[];
  /** Wide screens: a table; narrow ones: a list with the figures under each keyword. */
  isWide: boolean;
  label: string;
  /** The width of the actions column on wide screens. */
  actionsWidth: number;
  renderActions: (idea: KeywordIdea) => ReactNode;
}

/** Keyword ideas (suggestions, similar keywords) with Volume, Competition and CPC, and their buttons. */
export function KeywordIdeasView({ ideas, isWide, label, actionsWidth, renderActions }: KeywordIdeasViewProps) {
  if (isWide) {
    return (
      <Table
        aria-label={label}
        className={`${card.columnHeads} ${classes.ideaTable}`}
        verticalSpacing={6}
        horizontalSpacing="sm"
        stickyHeader
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keyword</Table.Th>
            <Table.Th ta="right">Volume</Table.Th>
            <Table.Th>Competition</Table.Th>
            <Table.Th>CPC</Table.Th>
            <Table.Th w={actionsWidth}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ideas.map((idea) => (
            <Table.Tr key={idea.keyword}>
              <Table.Td>
                <Text size="sm" className={card.keywordText}>
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
                <div className={classes.ideaActions}>{renderActions(idea)}</div>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <ul className={card.plainList} aria-label={label}>
      {ideas.map((idea) => (
        <li key={idea.keyword} className={classes.ideaItem}>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={500} className={card.keywordText}>
              {idea.keyword}
            </Text>
            <FigureLine metrics={idea} />
          </div>
          <div className={classes.ideaActions}>{renderActions(idea)}</div>
        </li>
      ))}
    </ul>
  );
}
