import { constants, messages, searchConsoleSorts, type ProjectSearchConsole } from '@keywright/contract';
import { Anchor, CloseButton, Group, NumberInput, Select, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconChartLine, IconPlus, IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import {
  DataCard,
  DataCardEmpty,
  DataCardHead,
  DataCardLoadFailed,
  DataCardNoMatch,
  DataCardPager,
  DataCardRows,
  DataCardSkeleton,
  DataCardToolbar,
  useCardPaging,
} from '@/components/data-card/data-card';
import { SelectionBar } from '@/components/row-selection/selection-bar';
import { formatDate } from '@/lib/dates';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useAddQueryKeywords } from '../api/add-query-keywords';
import { useSearchConsoleQueries } from '../api/get-search-console-queries';
import { useQueryFilters, type QueryFilters } from '../hooks/use-query-filters';
import { useQuerySelection } from '../hooks/use-query-selection';
import { describeSort } from '../search-console-format';
import { QueriesList, QueriesTable, SelectAllQueries } from './query-rows';
import classes from './search-console.module.css';

const pageSize = constants.searchConsole.pageSize;
const striking = constants.searchConsole.strikingDistance;

/** Where the current import's queries come from: its dates, or an uploaded export. */
function coverage(state: ProjectSearchConsole): string | null {
  const { current } = state;
  if (!current) return null;
  if (current.startDate && current.endDate) {
    return messages.searchConsoleCovers(formatDate(current.startDate), formatDate(current.endDate));
  }
  return current.source === 'upload' ? messages.searchConsoleFromUpload : null;
}

/** The search, Not yet keywords, striking distance with its impressions, the order on phones, and the count. */
function QueriesToolbar({ filters, total, isWide }: { filters: QueryFilters; total: number | null; isWide: boolean }) {
  const strikingHintId = useId();
  const { page } = filters.params;
  const first = (page - 1) * pageSize + 1;
  const last = total === null ? 0 : Math.min(page * pageSize, total);
  return (
    <DataCardToolbar justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end" className={classes.filters}>
        <TextInput
          aria-label={messages.searchQueries}
          placeholder={messages.searchQueries}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            filters.searchText ? (
              <CloseButton size="sm" aria-label={messages.clearQuerySearch} onClick={filters.clearSearch} />
            ) : null
          }
          value={filters.searchText}
          onChange={(event) => filters.setSearchText(event.currentTarget.value)}
          maxLength={constants.limits.keyword}
          className={classes.search}
        />
        <Switch
          label={messages.notYetKeywords}
          checked={filters.params.notInProject}
          onChange={(event) => filters.setNotInProject(event.currentTarget.checked)}
          mb={8}
        />
        <Switch
          label={messages.strikingDistance}
          checked={filters.isStriking}
          onChange={(event) => filters.setStriking(event.currentTarget.checked)}
          aria-describedby={strikingHintId}
          mb={8}
        />
        {filters.isStriking && (
          <NumberInput
            label={messages.minimumImpressions}
            min={0}
            step={10}
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            value={filters.minImpressions}
            onChange={(value) => filters.setMinImpressions(typeof value === 'number' ? value : 0)}
            className={classes.minImpressions}
          />
        )}
        {!isWide && (
          <Select
            label={messages.searchConsoleSortLabel}
            data={searchConsoleSorts.map((sort) => ({ value: sort, label: describeSort(sort) }))}
            value={filters.params.sort}
            onChange={(value) => {
              const sort = searchConsoleSorts.find((candidate) => candidate === value);
              if (sort) filters.setSort(sort);
            }}
            allowDeselect={false}
            className={classes.sortSelect}
          />
        )}
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite" mb={6}>
        {total === null
          ? ''
          : total === 0
            ? messages.searchConsoleNoMatch
            : messages.searchConsoleQueryCount(first, last, total)}
      </Text>
      <Text id={strikingHintId} size="xs" c="dimmed" w="100%" hidden={!filters.isStriking}>
        {messages.strikingDistanceHint(striking.minPosition, striking.maxPosition)}
      </Text>
    </DataCardToolbar>
  );
}

/**
 * The current import's queries, 20 a page from the database: sorted by a column's head (a select
 * on phones), searched, only those not yet keywords (on at first) and striking distance; Add per
 * row and Add to project for the chosen ones.
 */
export function QueriesCard({
  projectId,
  state,
  isWide,
}: {
  projectId: number;
  state: ProjectSearchConsole;
  isWide: boolean;
}) {
  const titleId = useId();
  const importId = state.current?.id ?? null;
  const filters = useQueryFilters(importId);
  const { cardRef, handlePageChange } = useCardPaging(filters.setPage);
  const queriesQuery = useSearchConsoleQueries(projectId, filters.params, importId !== null);
  const answer = queriesQuery.data;
  const rows = answer?.queries ?? [];
  const addableRows = rows.filter((row) => !row.in_project).map((row) => row.query);
  const selection = useQuerySelection(addableRows, JSON.stringify(filters.params));
  const add = useAddQueryKeywords();
  const [adding, setAdding] = useState<ReadonlySet<string>>(() => new Set());

  const handleAdd = (queries: string[]) => {
    setAdding(new Set(queries));
    add.mutate(
      { projectId, queries },
      {
        onSuccess: (answered) => {
          notifySuccess(messages.queriesAdded(answered.added.length));
          selection.clear();
        },
        onError: (error) => notifyApiError(error, messages.failedToAddQueries, { preferServerText: true }),
        onSettled: () => setAdding(new Set()),
      },
    );
  };

  const total = answer?.total ?? null;
  const totalPages = total === null ? 0 : Math.ceil(total / pageSize);
  const about = coverage(state);

  let body;
  if (importId === null) {
    body = (
      <DataCardEmpty
        icon={<IconChartLine size={26} />}
        title={messages.searchConsoleNoQueries}
        hint={messages.searchConsoleNoQueriesHint}
        hintWidth={380}
      />
    );
  } else if (!answer) {
    body = queriesQuery.isError ? (
      <DataCardLoadFailed
        text={messages.failedToLoadSearchConsoleQueries}
        onRetry={() => void queriesQuery.refetch()}
      />
    ) : (
      <DataCardSkeleton label={messages.loadingSearchConsoleQueries} rows={5} widths={['45%', '25%']} />
    );
  } else {
    const rowProps = {
      queries: rows,
      sort: filters.params.sort,
      onSort: filters.setSort,
      selection,
      adding,
      onAdd: handleAdd,
    };
    body = (
      <>
        <QueriesToolbar filters={filters} total={total} isWide={isWide} />
        {rows.length === 0 ? (
          <DataCardNoMatch
            title={
              !filters.isFiltered && filters.params.notInProject
                ? messages.searchConsoleAllKeywords
                : messages.searchConsoleNoMatch
            }
          >
            {filters.isFiltered && (
              <Text size="sm" c="dimmed">
                {messages.searchConsoleNoMatchHint}
              </Text>
            )}
            {filters.searchText && (
              <Anchor component="button" type="button" size="sm" onClick={filters.clearSearch}>
                {messages.clearQuerySearch}
              </Anchor>
            )}
          </DataCardNoMatch>
        ) : (
          <>
            <SelectionBar
              count={selection.count}
              actions={[
                {
                  label: messages.addSelectedQueries,
                  icon: <IconPlus size={14} />,
                  onClick: () => handleAdd(selection.queries),
                },
              ]}
              onClear={selection.clear}
              selectAll={isWide ? undefined : <SelectAllQueries queries={addableRows} selection={selection} />}
            />
            <DataCardRows isLoading={queriesQuery.isPlaceholderData}>
              {isWide ? <QueriesTable {...rowProps} /> : <QueriesList {...rowProps} />}
            </DataCardRows>
          </>
        )}
        <DataCardPager
          label={messages.searchConsoleQueryPages}
          total={totalPages}
          value={filters.params.page}
          isWide={isWide}
          onChange={handlePageChange}
        />
      </>
    );
  }

  return (
    <DataCard cardRef={cardRef} component="section" aria-labelledby={titleId}>
      <DataCardHead gap="sm">
        <div>
          <Title order={2} size="h3" id={titleId}>
            {messages.searchConsoleQueriesTitle}
          </Title>
          {about && (
            <Text size="sm" c="dimmed">
              {about}
              {state.current && ` · ${messages.searchConsoleQueryTotal(state.queries)}`}
            </Text>
          )}
        </div>
      </DataCardHead>
      {body}
    </DataCard>
  );
}
