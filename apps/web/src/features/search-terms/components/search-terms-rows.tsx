import { messages, type SearchTerm, type SearchTermsSort, type SearchTermsSortColumn } from '@keywright/contract';
import { Badge, Checkbox, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { dataCardClasses } from '@/components/data-card/data-card';
import { formatFigure, formatMoney } from '../money';
import classes from './search-terms.module.css';

interface Column {
  column: SearchTermsSortColumn;
  label: string;
  numeric: boolean;
}

export const sortColumns: Column[] = [
  { column: 'term', label: messages.searchTermsColumnTerm, numeric: false },
  { column: 'clicks', label: messages.searchTermsColumnClicks, numeric: true },
  { column: 'impressions', label: messages.searchTermsColumnImpressions, numeric: true },
  { column: 'cost', label: messages.searchTermsColumnCost, numeric: true },
  { column: 'conversions', label: messages.searchTermsColumnConversions, numeric: true },
];

const columnOf = (sort: SearchTermsSort) => sort.replace(/^-/, '') as SearchTermsSortColumn;
const isDescending = (sort: SearchTermsSort) => sort.startsWith('-');

/** A click on a column's head: its figures largest first (terms A to Z), a second click the other way. */
function nextSort(current: SearchTermsSort, { column, numeric }: Column): SearchTermsSort {
  if (columnOf(current) === column) return (isDescending(current) ? column : `-${column}`) as SearchTermsSort;
  return (numeric ? `-${column}` : column) as SearchTermsSort;
}

/** Converting searches that are not keywords yet: the ones that can be added as keywords. */
export const isAddable = (term: SearchTerm) => !term.is_keyword && (term.conversions ?? 0) > 0;

/** Which of the terms are chosen to be added as keywords. */
export interface TermChoice {
  isChosen: (term: string) => boolean;
  choose: (terms: readonly string[], value: boolean) => void;
}

function TermBox({ term, choice }: { term: SearchTerm; choice: TermChoice }) {
  if (!isAddable(term)) return null;
  return (
    <Checkbox
      aria-label={messages.chooseConvertingTerm(term.term)}
      checked={choice.isChosen(term.term)}
      onChange={(event) => choice.choose([term.term], event.currentTarget.checked)}
    />
  );
}

/** Chooses every converting search of the page that is not a keyword, or lets them go. */
export function ChooseAllTerms({ terms, choice }: { terms: SearchTerm[]; choice: TermChoice }) {
  const addable = terms.filter(isAddable).map((term) => term.term);
  const chosenOnPage = addable.filter(choice.isChosen).length;
  return (
    <Checkbox
      aria-label={messages.chooseAllConvertingTerms}
      checked={addable.length > 0 && chosenOnPage === addable.length}
      indeterminate={chosenOnPage > 0 && chosenOnPage < addable.length}
      disabled={addable.length === 0}
      onChange={() => choice.choose(addable, chosenOnPage < addable.length)}
    />
  );
}

const cost = (term: SearchTerm) => (term.cost === null ? '—' : formatMoney(term.cost, term.currency));

function KeywordBadge() {
  return (
    <Tooltip label={messages.searchTermsKeywordHint} openDelay={700}>
      <Badge size="sm" variant="light" color="indigo" tabIndex={0} aria-label={messages.searchTermsKeywordHint}>
        {messages.searchTermsKeywordBadge}
      </Badge>
    </Tooltip>
  );
}

function SortHead({
  column,
  sort,
  onSort,
}: {
  column: Column;
  sort: SearchTermsSort;
  onSort: (sort: SearchTermsSort) => void;
}) {
  const isActive = columnOf(sort) === column.column;
  const Icon = !isActive ? IconSelector : isDescending(sort) ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th
      className={column.numeric ? classes.numeric : undefined}
      aria-sort={isActive ? (isDescending(sort) ? 'descending' : 'ascending') : undefined}
    >
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(nextSort(sort, column))}>
        {column.label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** The terms as a table on wide screens, its heads sorting in the database. */
export function SearchTermsTable({
  terms,
  sort,
  onSort,
  choice,
}: {
  terms: SearchTerm[];
  sort: SearchTermsSort;
  onSort: (sort: SearchTermsSort) => void;
  choice: TermChoice;
}) {
  const head = (column: SearchTermsSortColumn) => (
    <SortHead column={sortColumns.find((item) => item.column === column)!} sort={sort} onSort={onSort} />
  );
  return (
    <Table
      verticalSpacing="sm"
      className={`${dataCardClasses.columnHeads} ${dataCardClasses.insetCells}`}
      aria-label={messages.searchTermsTitle}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th className={classes.choose}>
            <ChooseAllTerms terms={terms} choice={choice} />
          </Table.Th>
          {head('term')}
          <Table.Th>{messages.searchTermsColumnCampaign}</Table.Th>
          <Table.Th>{messages.searchTermsColumnAdGroup}</Table.Th>
          {head('clicks')}
          {head('impressions')}
          {head('cost')}
          {head('conversions')}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {terms.map((term) => (
          <Table.Tr key={term.id}>
            <Table.Td className={classes.choose}>
              <TermBox term={term} choice={choice} />
            </Table.Td>
            <Table.Td className={classes.term}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={500} className={classes.term} data-term>
                  {term.term}
                </Text>
                {term.is_keyword && <KeywordBadge />}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm" className={classes.muted}>
                {term.campaign ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" className={classes.muted}>
                {term.ad_group ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td className={`${dataCardClasses.figure} ${classes.numeric}`}>{formatFigure(term.clicks)}</Table.Td>
            <Table.Td className={`${dataCardClasses.figure} ${classes.numeric}`}>
              {formatFigure(term.impressions)}
            </Table.Td>
            <Table.Td className={`${dataCardClasses.figure} ${classes.numeric}`}>{cost(term)}</Table.Td>
            <Table.Td className={`${dataCardClasses.figure} ${classes.numeric}`}>
              {formatFigure(term.conversions, 2)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The terms as a list on phones: the term, where it showed, then its figures on one line. */
export function SearchTermsList({ terms, choice }: { terms: SearchTerm[]; choice: TermChoice }) {
  return (
    <ul className={dataCardClasses.plainList} aria-label={messages.searchTermsTitle}>
      {terms.map((term) => (
        <li key={term.id} className={classes.item}>
          <Stack gap={4} px="md" py="sm">
            <Group gap={6} wrap="nowrap" align="flex-start">
              <TermBox term={term} choice={choice} />
              <Group gap={6} wrap="wrap" className={classes.term}>
                <Text size="sm" fw={600} className={classes.term} data-term>
                  {term.term}
                </Text>
                {term.is_keyword && <KeywordBadge />}
              </Group>
            </Group>
            <Text size="xs" className={classes.muted}>
              {[term.campaign, term.ad_group].filter(Boolean).join(' › ') || '—'}
            </Text>
            <Text size="xs" className={classes.figures}>
              {`${messages.searchTermsColumnClicks} ${formatFigure(term.clicks)} · ${messages.searchTermsColumnImpressions} ${formatFigure(term.impressions)} · ${messages.searchTermsColumnCost} ${cost(term)} · ${messages.searchTermsColumnConversions} ${formatFigure(term.conversions, 2)}`}
            </Text>
          </Stack>
        </li>
      ))}
    </ul>
  );
}
