import { messages, type SearchConsoleQuery, type SearchConsoleSort } from '@keywright/contract';
import { Anchor, Button, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconPlus } from '@tabler/icons-react';
import card from '@/components/data-card/data-card.module.css';
import type { QuerySelection } from '../hooks/use-query-selection';
import {
  formatCount,
  formatCtr,
  formatPosition,
  isDescending,
  nextSort,
  shortPage,
  sortColumnOf,
  type SortColumn,
} from '../search-console-format';
import classes from './search-console.module.css';

export interface QueryRowsProps {
  queries: readonly SearchConsoleQuery[];
  sort: SearchConsoleSort;
  onSort: (sort: SearchConsoleSort) => void;
  selection: QuerySelection;
  /** The queries being added now (their buttons show progress). */
  adding: ReadonlySet<string>;
  onAdd: (queries: string[]) => void;
}

const columns = messages.searchConsoleColumns;

function SortHeader({
  column,
  isNumeric,
  sort,
  onSort,
}: {
  column: SortColumn;
  isNumeric: boolean;
} & Pick<QueryRowsProps, 'sort' | 'onSort'>) {
  const isSorted = sortColumnOf(sort) === column;
  const isDown = isDescending(sort);
  const Icon = !isSorted ? IconArrowsSort : isDown ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th
      aria-sort={isSorted ? (isDown ? 'descending' : 'ascending') : 'none'}
      ta={isNumeric ? 'right' : undefined}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-numeric={isNumeric || undefined}
        data-sorted={isSorted || undefined}
        onClick={() => onSort(nextSort(sort, column))}
      >
        <span>{columns[column]}</span>
        <Icon size={14} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}

function QueryCheckbox({ query, selection }: { query: string; selection: QuerySelection }) {
  return (
    <Checkbox
      aria-label={messages.selectQuery(query)}
      checked={selection.isSelected(query)}
      onChange={(event) => selection.select([query], event.currentTarget.checked)}
    />
  );
}

/** Chooses every query of the page that is not a keyword yet, or lets them go. */
export function SelectAllQueries({ queries, selection }: { queries: readonly string[]; selection: QuerySelection }) {
  const count = queries.filter((query) => selection.isSelected(query)).length;
  const isAll = queries.length > 0 && count === queries.length;
  return (
    <Checkbox
      aria-label={messages.selectAllOnPage}
      checked={isAll}
      indeterminate={count > 0 && !isAll}
      disabled={queries.length === 0}
      onChange={() => selection.select(queries, !isAll)}
    />
  );
}

function BestPage({ page }: { page: string | null }) {
  if (!page) {
    return (
      <Text size="sm" c="dimmed">
        {messages.searchConsoleNoPage}
      </Text>
    );
  }
  return (
    <Anchor href={page} target="_blank" rel="noreferrer" size="sm" title={page} className={classes.page}>
      {shortPage(page)}
    </Anchor>
  );
}

function AddButton({ row, props }: { row: SearchConsoleQuery; props: QueryRowsProps }) {
  if (row.in_project) {
    return (
      <Text size="xs" c="dimmed" fw={600} className={classes.inProject}>
        {messages.searchConsoleInProject}
      </Text>
    );
  }
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPlus size={14} />}
      aria-label={messages.addQueryLabel(row.query)}
      loading={props.adding.has(row.query)}
      onClick={() => props.onAdd([row.query])}
    >
      {messages.addQuery}
    </Button>
  );
}

/** Wide screens: a table, each figure's head sorts by it, the best page and Add. */
export function QueriesTable(props: QueryRowsProps) {
  const { queries, selection } = props;
  const addable = queries.filter((row) => !row.in_project).map((row) => row.query);
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table className={`${card.columnHeads} ${card.insetCells} ${classes.table}`} verticalSpacing={8}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={card.checkCell}>
              <SelectAllQueries queries={addable} selection={selection} />
            </Table.Th>
            <SortHeader column="query" isNumeric={false} sort={props.sort} onSort={props.onSort} />
            <SortHeader column="clicks" isNumeric sort={props.sort} onSort={props.onSort} />
            <SortHeader column="impressions" isNumeric sort={props.sort} onSort={props.onSort} />
            <SortHeader column="ctr" isNumeric sort={props.sort} onSort={props.onSort} />
            <SortHeader column="position" isNumeric sort={props.sort} onSort={props.onSort} />
            <Table.Th>{columns.page}</Table.Th>
            <Table.Th ta="right">{messages.searchConsoleActionsColumn}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queries.map((row) => (
            <Table.Tr
              key={row.query}
              data-selected={selection.isSelected(row.query) || undefined}
              className={classes.row}
            >
              <Table.Td className={card.checkCell}>
                {!row.in_project && <QueryCheckbox query={row.query} selection={selection} />}
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} className={card.keywordText}>
                  {row.query}
                </Text>
              </Table.Td>
              <Table.Td ta="right" className={card.figure}>
                {formatCount(row.clicks)}
              </Table.Td>
              <Table.Td ta="right" className={card.figure}>
                {formatCount(row.impressions)}
              </Table.Td>
              <Table.Td ta="right" className={card.figure}>
                {formatCtr(row.ctr)}
              </Table.Td>
              <Table.Td ta="right" className={card.figure}>
                {formatPosition(row.position)}
              </Table.Td>
              <Table.Td className={classes.pageCell}>
                <BestPage page={row.page} />
              </Table.Td>
              <Table.Td ta="right" className={classes.actionCell}>
                <AddButton row={row} props={props} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Narrow screens: one item per query, its figures on a line under it, the page under them. */
export function QueriesList(props: QueryRowsProps) {
  const { queries, selection } = props;
  return (
    <ul className={card.plainList} aria-label={messages.searchConsoleQueriesTitle}>
      {queries.map((row) => (
        <li key={row.query} data-selected={selection.isSelected(row.query) || undefined} className={classes.listItem}>
          <div className={classes.listCheck}>
            {!row.in_project && <QueryCheckbox query={row.query} selection={selection} />}
          </div>
          <div className={classes.listBody}>
            <Text size="sm" fw={500} className={card.keywordText}>
              {row.query}
            </Text>
            <Group gap={10} mt={2} className={classes.listFigures}>
              <Text size="xs" c="dimmed" className={card.figure}>
                {columns.clicks} <b>{formatCount(row.clicks)}</b>
              </Text>
              <Text size="xs" c="dimmed" className={card.figure}>
                {columns.impressions} <b>{formatCount(row.impressions)}</b>
              </Text>
              <Text size="xs" c="dimmed" className={card.figure}>
                {columns.ctr} <b>{formatCtr(row.ctr)}</b>
              </Text>
              <Text size="xs" c="dimmed" className={card.figure}>
                {columns.position} <b>{formatPosition(row.position)}</b>
              </Text>
            </Group>
            {row.page && (
              <div className={classes.listPage}>
                <BestPage page={row.page} />
              </div>
            )}
          </div>
          <AddButton row={row} props={props} />
        </li>
      ))}
    </ul>
  );
}
