import { analysisCsvColumns, messages, type AnalysisRow, type AnalysisSortColumn } from '@keywright/contract';
import { ActionIcon, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactElement } from 'react';
import { CompetitionIndexHint } from '@/components/competition-index';
import { IntentBadges } from '@/components/intent-badges';
import { CompetitionBadge, FigureCell, FigureText, KeywordPlannerBadge } from '@/components/keyword-figures';
import { RowCheckbox, SelectAllCheckbox, type SelectionProps } from '@/components/row-selection/row-checkboxes';
import { AddToListButton } from '@/components/save-to-list/add-to-list-provider';
import { TrendSparkline } from '@/components/trend-sparkline';
import { formatCpc, formatFigure, formatSearchVolume } from '@/lib/figures';
import card from '@/components/data-card/data-card.module.css';
import type { SortOrder } from '../analysis-view';
import classes from './analysis.module.css';

/** The table's figure columns, named as the CSV names them (SPEC 9), each sortable. */
export const analysisColumns: ReadonlyArray<{ column: AnalysisSortColumn; label: string; isNumeric: boolean }> = [
  { column: 'keyword', label: analysisCsvColumns[0], isNumeric: false },
  { column: 'avg_monthly_searches', label: analysisCsvColumns[1], isNumeric: true },
  { column: 'competition', label: analysisCsvColumns[2], isNumeric: false },
  { column: 'competition_index', label: analysisCsvColumns[3], isNumeric: true },
  { column: 'cpc_low', label: analysisCsvColumns[4], isNumeric: true },
  { column: 'cpc_high', label: analysisCsvColumns[5], isNumeric: true },
];

export interface AnalysisRowsProps {
  rows: readonly AnalysisRow[];
  projectId: number;
  sort: AnalysisSortColumn;
  order: SortOrder;
  onSort: (column: AnalysisSortColumn) => void;
  /** The chosen keywords of the page. */
  selection: SelectionProps<AnalysisRow>;
  deletingId: number | null;
  onDelete: (row: AnalysisRow) => void;
}

/** The 0-100 figure's heading says what it is when pointed at (the same words as the keywords page's). */
const HintOf = ({ column, children }: { column: AnalysisSortColumn; children: ReactElement }) =>
  column === 'competition_index' ? <CompetitionIndexHint>{children}</CompetitionIndexHint> : children;

function SortHeader({
  column,
  label,
  isNumeric,
  sort,
  order,
  onSort,
}: (typeof analysisColumns)[number] & Pick<AnalysisRowsProps, 'sort' | 'order' | 'onSort'>) {
  const isSorted = sort === column;
  const Icon = !isSorted ? IconArrowsSort : order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={isSorted ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <HintOf column={column}>
        <UnstyledButton
          className={classes.sortButton}
          data-numeric={isNumeric || undefined}
          data-sorted={isSorted || undefined}
          onClick={() => onSort(column)}
        >
          <span>{label}</span>
          <Icon size={14} aria-hidden className={classes.sortIcon} />
        </UnstyledButton>
      </HintOf>
    </Table.Th>
  );
}

/**
 * The keyword and where its figures came from. Cards (no Intent column) show its intents too, in
 * the keyword's line: after a long keyword they follow its last word rather than take a line alone.
 */
function KeywordCell({ row, withIntents = false }: { row: AnalysisRow; withIntents?: boolean }) {
  return (
    <Group gap={6} wrap="wrap" className={classes.keywordCell}>
      <Text size="sm" fw={500} className={card.keywordText}>
        <span>{row.keyword}</span>
        {withIntents && row.intent.length > 0 && (
          <>
            {' '}
            <IntentBadges intents={row.intent} size="xs" />
          </>
        )}
      </Text>
      {row.metrics?.source === 'keyword-planner' && <KeywordPlannerBadge size="xs" />}
    </Group>
  );
}

function RowActions({ row, projectId, deletingId, onDelete }: { row: AnalysisRow } & AnalysisRowsProps) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end" className={classes.rowActions}>
      <AddToListButton keywordId={row.id} keyword={row.keyword} projectId={projectId} />
      <ActionIcon
        color="red"
        size="lg"
        aria-label={`Delete ${row.keyword}`}
        loading={deletingId === row.id}
        onClick={() => onDelete(row)}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

/** Wide screens: a table, every figure column sortable by its header, the trend and the actions. */
export function AnalysisTable(props: AnalysisRowsProps) {
  const { rows, selection } = props;
  return (
    <Table.ScrollContainer minWidth={1040} type="native">
      <Table className={`${card.insetCells} ${classes.table}`} verticalSpacing={8}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={card.checkCell}>
              <SelectAllCheckbox rows={rows} selection={selection} />
            </Table.Th>
            {analysisColumns.map((column) => (
              <Fragment key={column.column}>
                <SortHeader {...column} sort={props.sort} order={props.order} onSort={props.onSort} />
                {/* Intent, not sortable, beside the keyword (the CSV has it last). */}
                {column.column === 'keyword' && <Table.Th>{analysisCsvColumns[6]}</Table.Th>}
              </Fragment>
            ))}
            <Table.Th>Trend</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const { metrics } = row;
            const isSelected = selection.isSelected(row.id);
            return (
              <Table.Tr key={row.id} data-selected={isSelected || undefined} className={classes.row}>
                <Table.Td className={card.checkCell}>
                  <RowCheckbox row={row} selection={selection} />
                </Table.Td>
                <Table.Td>
                  <KeywordCell row={row} />
                </Table.Td>
                <Table.Td>
                  <IntentBadges intents={row.intent} />
                </Table.Td>
                <Table.Td className={classes.figure} data-numeric>
                  <FigureCell
                    metrics={metrics}
                    render={(figures) => formatSearchVolume(figures.avg_monthly_searches)}
                  />
                </Table.Td>
                <Table.Td className={classes.figure}>
                  <FigureCell
                    metrics={metrics}
                    render={(figures) => <CompetitionBadge value={figures.competition} />}
                  />
                </Table.Td>
                <Table.Td className={classes.figure} data-numeric>
                  <FigureCell metrics={metrics} render={(figures) => formatFigure(figures.competition_index)} />
                </Table.Td>
                <Table.Td className={classes.figure} data-numeric>
                  <FigureCell metrics={metrics} render={(figures) => formatCpc(figures.cpc_low, figures.currency)} />
                </Table.Td>
                <Table.Td className={classes.figure} data-numeric>
                  <FigureCell metrics={metrics} render={(figures) => formatCpc(figures.cpc_high, figures.currency)} />
                </Table.Td>
                <Table.Td>
                  <TrendSparkline trend={metrics?.trend} />
                </Table.Td>
                <Table.Td>
                  <RowActions row={row} {...props} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Narrow screens: a card per keyword with the same figures, its trend and its actions (select all is in the selection bar). */
export function AnalysisCards(props: AnalysisRowsProps) {
  const { rows, selection } = props;
  return (
    <>
      <ul className={card.plainList} aria-label="Keywords">
        {rows.map((row) => {
          const { metrics } = row;
          const isSelected = selection.isSelected(row.id);
          return (
            <li key={row.id} data-selected={isSelected || undefined} className={classes.cardItem}>
              <RowCheckbox row={row} selection={selection} className={classes.cardCheck} />
              <div className={classes.cardBody}>
                <KeywordCell row={row} withIntents />
                {metrics ? (
                  <div className={classes.cardFigures}>
                    <FigureText label="Searches">{formatSearchVolume(metrics.avg_monthly_searches)}</FigureText>
                    <FigureText label="Competition">
                      <CompetitionBadge value={metrics.competition} size="xs" />
                    </FigureText>
                    <FigureText label={messages.competitionIndexLabel}>
                      {formatFigure(metrics.competition_index)}
                    </FigureText>
                    <FigureText label="Low CPC">{formatCpc(metrics.cpc_low, metrics.currency)}</FigureText>
                    <FigureText label="High CPC">{formatCpc(metrics.cpc_high, metrics.currency)}</FigureText>
                    {metrics.trend && metrics.trend.length > 0 && (
                      <FigureText label="Trend">
                        <TrendSparkline trend={metrics.trend} width={120} height={22} />
                      </FigureText>
                    )}
                  </div>
                ) : (
                  <Text size="xs" c="dimmed" mt={4}>
                    No figures (N/A)
                  </Text>
                )}
              </div>
              <RowActions row={row} {...props} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
