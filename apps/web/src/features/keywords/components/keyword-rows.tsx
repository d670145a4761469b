import { messages, type KeywordPageRow, type Project } from '@keywright/contract';
import { ActionIcon, Badge, Group, Table, Text, type ActionIconProps } from '@mantine/core';
import { IconBookmark, IconListSearch, IconPlaylistAdd, IconTrash } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { RowCheckbox, SelectAllCheckbox, type SelectionProps } from '@/components/row-selection/row-checkboxes';
import { AddToListButton } from '@/components/save-to-list/add-to-list-provider';
import { SaveToListPopover } from '@/components/save-to-list/save-to-list-popover';
import { formatDate } from '@/lib/dates';
import { formatFigure, formatSearchVolume } from '@/lib/figures';
import { formatCount, formatCtr, formatPosition } from '@/lib/search-console-figures';
import { CompetitionIndexLabel } from '@/components/competition-index';
import type { SessionKeywords } from '@/components/project-keywords/use-session-keywords';
import { CompetitionBadge, FigureCell, FigureLine } from '@/components/keyword-figures';
import { IntentBadges } from '@/components/intent-badges';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { TrendSparkline } from '@/components/trend-sparkline';
import card from '@/components/data-card/data-card.module.css';
import classes from './keywords.module.css';
import { SimilarKeywordsButton } from './similar-keywords-popover';

export interface KeywordRowsProps {
  keywords: readonly KeywordPageRow[];
  /** The latest completed run: its keywords are the new ones. */
  latestRunId: number | null;
  deletingId: number | null;
  onDelete: (keyword: KeywordPageRow) => void;
  /** Once CPC is shown: Search Volume, Competition, CPC and Competition Index. */
  showMetrics: boolean;
  /** With the figures, the 12-month trend (a column the person turns on). */
  showTrend: boolean;
  /** Clicks, Impressions, CTR and Position of the keyword's Search Console query (columns the person turns on). */
  showSearchConsole: boolean;
  /** For saving to lists and the similar-keywords popover: the project, its place and language, and the adds of this visit. */
  project: Pick<Project, 'id' | 'language' | 'country' | 'city'>;
  session: SessionKeywords;
  /** The chosen rows, for the bulk actions. */
  selection: SelectionProps<KeywordPageRow>;
}

const searchConsoleColumns = ['clicks', 'impressions', 'ctr', 'position'] as const;

/** A Search Console figure of the keyword's query, or a dash when no query of the current import matches it. */
function searchConsoleFigure(keyword: KeywordPageRow, column: (typeof searchConsoleColumns)[number]): string {
  const figures = keyword.search_console;
  if (!figures) return messages.noSearchConsoleFigure;
  if (column === 'ctr') return formatCtr(figures.ctr);
  if (column === 'position') return formatPosition(figures.position);
  return formatCount(figures[column]);
}

const isNew = (keyword: KeywordPageRow, latestRunId: number | null) =>
  latestRunId !== null && keyword.generation_id === latestRunId;

function NewBadge() {
  return (
    <Badge size="xs" variant="filled" radius="sm" className={classes.newBadge}>
      New
    </Badge>
  );
}

function DeleteButton({
  keyword,
  isDeleting,
  onDelete,
}: {
  keyword: KeywordPageRow;
  isDeleting: boolean;
  onDelete: (keyword: KeywordPageRow) => void;
}) {
  return (
    <LazyTooltip label="Delete keyword">
      <ActionIcon
        color="red"
        size="lg"
        aria-label={`Delete ${keyword.keyword}`}
        onClick={() => onDelete(keyword)}
        loading={isDeleting}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </LazyTooltip>
  );
}

/**
 * The actions' buttons as they look, without their popovers and tooltips, and
 * inert (aria-disabled: a click would do nothing yet) until they are.
 */
function PendingRowActions({ keyword }: { keyword: KeywordPageRow }) {
  const actions: Array<[string, typeof IconTrash, ActionIconProps['color']]> = [
    [messages.saveToListTitle(keyword.keyword), IconBookmark, 'teal'],
    [`Add ${keyword.keyword} to a keyword list`, IconPlaylistAdd, 'grape'],
    [`Similar keywords to ${keyword.keyword}`, IconListSearch, 'indigo'],
    [`Delete ${keyword.keyword}`, IconTrash, 'red'],
  ];
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end" className={classes.rowActions}>
      {actions.map(([label, Icon, color], index) => (
        <ActionIcon
          key={label}
          size="lg"
          color={color}
          variant={index === 0 ? 'subtle' : undefined}
          aria-label={label}
          aria-disabled
        >
          <Icon size={18} />
        </ActionIcon>
      ))}
    </Group>
  );
}

function RowActions({ keyword, props, isWide }: { keyword: KeywordPageRow; props: KeywordRowsProps; isWide: boolean }) {
  // Each row's popovers and tooltips are most of the cost of rendering a page of
  // rows: the rows show first, and their actions come in a second render that
  // React may interrupt, so the page neither waits for them nor freezes.
  const isReady = useDeferredValue(true, false);
  if (!isReady) return <PendingRowActions keyword={keyword} />;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end" className={classes.rowActions}>
      <SaveToListPopover keywordId={keyword.id} keyword={keyword.keyword} projectId={props.project.id} />
      <AddToListButton keywordId={keyword.id} keyword={keyword.keyword} projectId={props.project.id} />
      <SimilarKeywordsButton
        keyword={keyword.keyword}
        project={props.project}
        session={props.session}
        isWide={isWide}
      />
      <DeleteButton keyword={keyword} isDeleting={props.deletingId === keyword.id} onDelete={props.onDelete} />
    </Group>
  );
}

/** Wide screens: a table with Keyword, Intent, the figures once CPC is shown, Date Added and Actions. */
export function KeywordsTable(props: KeywordRowsProps) {
  const { keywords, latestRunId, showMetrics, selection } = props;
  const showTrend = showMetrics && props.showTrend;
  return (
    <Table
      className={`${card.columnHeads} ${card.insetCells} ${classes.table}`}
      data-metrics={showMetrics || undefined}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th className={classes.checkCell}>
            <SelectAllCheckbox rows={keywords} selection={selection} />
          </Table.Th>
          <Table.Th>Keyword</Table.Th>
          <Table.Th w={84}>{messages.intentHeading}</Table.Th>
          {showMetrics && (
            <>
              <Table.Th ta="right">Search Volume</Table.Th>
              <Table.Th>Competition</Table.Th>
              <Table.Th>CPC</Table.Th>
              <Table.Th ta="right">
                <CompetitionIndexLabel />
              </Table.Th>
              {showTrend && <Table.Th>Trend</Table.Th>}
            </>
          )}
          {props.showSearchConsole &&
            searchConsoleColumns.map((column) => (
              <Table.Th key={column} ta="right">
                {messages.searchConsoleColumns[column]}
              </Table.Th>
            ))}
          <Table.Th w={130}>Date Added</Table.Th>
          <Table.Th w={176} ta="right">
            Actions
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keywords.map((keyword) => {
          const isNewKeyword = isNew(keyword, latestRunId);
          const { metrics } = keyword;
          return (
            <Table.Tr
              key={keyword.id}
              data-new={isNewKeyword || undefined}
              data-selected={selection.isSelected(keyword.id) || undefined}
              className={classes.row}
            >
              <Table.Td className={classes.checkCell}>
                <RowCheckbox row={keyword} selection={selection} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} className={card.keywordText}>
                    {keyword.keyword}
                  </Text>
                  {isNewKeyword && <NewBadge />}
                </Group>
              </Table.Td>
              <Table.Td>
                <IntentBadges intents={keyword.intent} />
              </Table.Td>
              {showMetrics && (
                <>
                  <Table.Td ta="right" className={card.figure}>
                    <FigureCell
                      metrics={metrics}
                      render={(figures) => formatSearchVolume(figures.avg_monthly_searches)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <FigureCell
                      metrics={metrics}
                      render={(figures) => <CompetitionBadge value={figures.competition} />}
                    />
                  </Table.Td>
                  <Table.Td className={card.figure}>
                    <FigureCell metrics={metrics} render={(figures) => figures.cpc_range} />
                  </Table.Td>
                  <Table.Td ta="right" className={card.figure}>
                    <FigureCell metrics={metrics} render={(figures) => formatFigure(figures.competition_index)} />
                  </Table.Td>
                  {showTrend && (
                    <Table.Td>
                      <FigureCell metrics={metrics} render={(figures) => <TrendSparkline trend={figures.trend} />} />
                    </Table.Td>
                  )}
                </>
              )}
              {props.showSearchConsole &&
                searchConsoleColumns.map((column) => (
                  <Table.Td key={column} ta="right" className={card.figure}>
                    {searchConsoleFigure(keyword, column)}
                  </Table.Td>
                ))}
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(keyword.created_at)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <RowActions keyword={keyword} props={props} isWide />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Narrow screens: a compact list, the date and intents (and the figures once CPC is shown) under the keyword. */
export function KeywordsList(props: KeywordRowsProps) {
  const { keywords, latestRunId, showMetrics, selection } = props;
  return (
    <ul className={card.plainList} aria-label="Keywords">
      {keywords.map((keyword) => {
        const isNewKeyword = isNew(keyword, latestRunId);
        return (
          <li
            key={keyword.id}
            data-new={isNewKeyword || undefined}
            data-selected={selection.isSelected(keyword.id) || undefined}
            className={classes.listItem}
          >
            <RowCheckbox row={keyword} selection={selection} className={classes.listCheck} />
            <div style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6} wrap="nowrap" align="center">
                <Text size="sm" fw={500} className={card.keywordText}>
                  {keyword.keyword}
                </Text>
                {isNewKeyword && <NewBadge />}
              </Group>
              <Group gap={8} mt={2} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {formatDate(keyword.created_at)}
                </Text>
                <IntentBadges intents={keyword.intent} size="xs" empty="nothing" />
              </Group>
              {showMetrics && <FigureLine metrics={keyword.metrics} withCompetitionIndex />}
              {props.showSearchConsole && keyword.search_console && (
                <Text size="xs" c="dimmed" mt={2}>
                  {searchConsoleColumns
                    .map((column) => `${messages.searchConsoleColumns[column]} ${searchConsoleFigure(keyword, column)}`)
                    .join(' · ')}
                </Text>
              )}
              {showMetrics && props.showTrend && keyword.metrics?.trend && (
                <div className={classes.listTrend}>
                  <TrendSparkline trend={keyword.metrics.trend} width={120} height={24} />
                </div>
              )}
            </div>
            <RowActions keyword={keyword} props={props} isWide={false} />
          </li>
        );
      })}
    </ul>
  );
}
