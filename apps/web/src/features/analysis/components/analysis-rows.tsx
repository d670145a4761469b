import { analysisCsvColumns, type AnalysisRow, type AnalysisSortColumn } from '@keywright/contract';
import { ActionIcon, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { IntentBadges } from '@/components/intent-badges';
import { CompetitionBadge, FigureCell, FigureText, KeywordPlannerBadge } from '@/components/keyword-figures';
import { AddToListButton } from '@/components/save-to-list/add-to-list-provider';
import { TrendSparkline } from '@/components/trend-sparkline';
import { formatCpc, formatFigure, formatSearchVolume } from '@/lib/figures';
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
  /** The chosen keywords (of any page): id to text. */
  selected: ReadonlyMap<number, string>;
  onSelect: (rows: readonly AnalysisRow[], isSelected: boolean) => void;
  deletingId: number | null;
  onDelete: (row: AnalysisRow) => void;
}

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
      <UnstyledButton
        className={classes.sortButton}
        data-numeric={isNumeric || undefined}
        data-sorted={isSorted || undefined}
        onClick={() => onSort(column)}
      >
        <span>{label}</span>
        <Icon size={14} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
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
      <Text size="sm" fw={500} className={classes.keywordText}>
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

function SelectAllCheckbox({
  rows,
  selected,
  onSelect,
  isLabelShown = false,
}: Pick<AnalysisRowsProps, 'rows' | 'selected' | 'onSelect'> & { isLabelShown?: boolean }) {
  const count = rows.filter((row) => selected.has(row.id)).length;
  const isAll = rows.length > 0 && count === rows.length;
  const label = 'Select all keywords on this page';
  return (
    <Checkbox
      label={isLabelShown ? label : undefined}
      aria-label={isLabelShown ? undefined : label}
      checked={isAll}
      indeterminate={count > 0 && !isAll}
      onChange={() => onSelect(rows, !isAll)}
    />
  );
}

/** Wide screens: a table, every figure column sortable by its header, the trend and the actions. */
export function AnalysisTable(props: AnalysisRowsProps) {
  const { rows, selected, onSelect } = props;
  return (
    <Table.ScrollContainer minWidth={1040} type="native">
      <Table className={classes.table} verticalSpacing={8}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.checkCell}>
              <SelectAllCheckbox rows={rows} selected={selected} onSelect={onSelect} />
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
            const isSelected = selected.has(row.id);
            return (
              <Table.Tr key={row.id} data-selected={isSelected || undefined} className={classes.row}>
                <Table.Td className={classes.checkCell}>
                  <Checkbox
                    aria-label={`Select ${row.keyword}`}
                    checked={isSelected}
                    onChange={(event) => onSelect([row], event.currentTarget.checked)}
                  />
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

/** Narrow screens: a card per keyword with the same figures, its trend and its actions. */
export function AnalysisCards(props: AnalysisRowsProps) {
  const { rows, selected, onSelect } = props;
  return (
    <>
      <Group gap="sm" px="md" py={8} className={classes.selectAllBar}>
        <SelectAllCheckbox rows={rows} selected={selected} onSelect={onSelect} isLabelShown />
      </Group>
      <ul className={classes.cards} aria-label="Keywords">
        {rows.map((row) => {
          const { metrics } = row;
          const isSelected = selected.has(row.id);
          return (
            <li key={row.id} data-selected={isSelected || undefined} className={classes.cardItem}>
              <Checkbox
                aria-label={`Select ${row.keyword}`}
                checked={isSelected}
                onChange={(event) => onSelect([row], event.currentTarget.checked)}
                className={classes.cardCheck}
              />
              <div className={classes.cardBody}>
                <KeywordCell row={row} withIntents />
                {metrics ? (
                  <div className={classes.cardFigures}>
                    <FigureText label="Searches">{formatSearchVolume(metrics.avg_monthly_searches)}</FigureText>
                    <FigureText label="Competition">
                      <CompetitionBadge value={metrics.competition} size="xs" />
                    </FigureText>
                    <FigureText label="Index">{formatFigure(metrics.competition_index)}</FigureText>
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
