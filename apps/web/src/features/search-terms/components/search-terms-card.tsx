import {
  messages,
  searchTermsPageSize,
  searchTermsSorts,
  type SearchTermsAnswer,
  type SearchTermsSort,
} from '@keywright/contract';
import { Group, NumberInput, Select, Switch, Text, TextInput, Title, Anchor } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileSearch, IconPlus, IconSearch } from '@tabler/icons-react';
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
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useAddTermsAsKeywords } from '../api/negative-suggestions';
import type { SearchTermsView } from '../hooks/use-search-terms-view';
import { formatDateRange } from '../money';
import { ChooseAllTerms, SearchTermsList, SearchTermsTable, sortColumns, type TermChoice } from './search-terms-rows';

const sortLabel = (sort: SearchTermsSort) => {
  const column = sortColumns.find((item) => item.column === sort.replace(/^-/, ''))!;
  const descending = sort.startsWith('-');
  if (!column.numeric) return `${column.label} ${descending ? '(Z to A)' : '(A to Z)'}`;
  return `${column.label} ${descending ? '(highest first)' : '(lowest first)'}`;
};

/** The filters: contains, no conversions, cost at least (and the order, on phones). */
function SearchTermsFilters({
  view,
  isWide,
  currency,
}: {
  view: SearchTermsView;
  isWide: boolean;
  currency: string | null;
}) {
  return (
    <DataCardToolbar gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={messages.searchTermsSearchLabel}
        placeholder={messages.searchTermsSearchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={view.search}
        onChange={(event) => view.setSearch(event.currentTarget.value)}
        style={{ flex: '1 1 200px' }}
        type="search"
      />
      <NumberInput
        label={messages.searchTermsMinCost}
        value={view.minCost}
        onChange={(value) => view.setMinCost(typeof value === 'number' ? value : value === '' ? '' : Number(value))}
        min={0}
        decimalScale={2}
        step={1}
        allowNegative={false}
        rightSection={
          currency ? (
            <Text size="xs" c="dimmed">
              {currency}
            </Text>
          ) : undefined
        }
        rightSectionWidth={currency ? 44 : undefined}
        hideControls
        w={150}
      />
      {!isWide && (
        <Select
          label={messages.searchTermsSortLabel}
          data={searchTermsSorts.map((value) => ({ value, label: sortLabel(value) }))}
          value={view.sort}
          onChange={(value) => value && view.setSort(value as SearchTermsSort)}
          allowDeselect={false}
          w={200}
        />
      )}
      <Switch
        label={messages.searchTermsNoConversions}
        checked={view.noConversions}
        onChange={(event) => view.setNoConversions(event.currentTarget.checked)}
        mb={8}
      />
    </DataCardToolbar>
  );
}

/** The project's search terms: count and report, filters, the rows (table or list) and the pager. */
export function SearchTermsCard({
  projectId,
  view,
  data,
  isPending,
  isFetching,
  isError,
  onRetry,
}: {
  projectId: number;
  view: SearchTermsView;
  data: SearchTermsAnswer | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const titleId = useId();
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { cardRef, handlePageChange } = useCardPaging(view.setPage);
  const report = data?.report ?? null;
  const range = report && formatDateRange(report.startDate, report.endDate);
  const pages = data ? Math.max(1, Math.ceil(data.total / searchTermsPageSize)) : 1;
  // Converting searches chosen to be added as keywords, by text, across pages.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const choice: TermChoice = {
    isChosen: (term) => chosen.has(term),
    choose: (terms, value) =>
      setChosen((current) => {
        const next = new Set(current);
        for (const term of terms) {
          if (value) next.add(term);
          else next.delete(term);
        }
        return next;
      }),
  };
  const addKeywords = useAddTermsAsKeywords(projectId);
  const handleAddKeywords = () =>
    addKeywords.mutate([...chosen], {
      onSuccess: (answer) => {
        notifySuccess(messages.termsAddedAsKeywords(answer.added.length, answer.existing.length));
        setChosen(new Set());
      },
      onError: (error) => notifyApiError(error, messages.failedToAddTermsAsKeywords, { preferServerText: true }),
    });

  let body;
  if (isPending) body = <DataCardSkeleton label={messages.searchTermsLoading} rows={6} widths={['40%', '25%']} />;
  else if (isError && !data) body = <DataCardLoadFailed text={messages.searchTermsFailedToLoad} onRetry={onRetry} />;
  else if (!report || !data)
    body = (
      <DataCardEmpty
        icon={<IconFileSearch size={26} />}
        title={messages.searchTermsEmptyTitle}
        titleAs="h3"
        hint={messages.searchTermsEmptyHint}
        hintWidth={380}
      />
    );
  else if (data.terms.length === 0)
    body = (
      <DataCardNoMatch title={messages.searchTermsNoMatch}>
        <Anchor component="button" type="button" size="sm" onClick={view.clearFilters}>
          {messages.searchTermsClearFilters}
        </Anchor>
      </DataCardNoMatch>
    );
  else
    body = (
      <>
        <SelectionBar
          count={chosen.size}
          actions={[
            {
              label: messages.addTermsAsKeywords(chosen.size),
              icon: <IconPlus size={14} />,
              onClick: handleAddKeywords,
            },
          ]}
          onClear={() => setChosen(new Set())}
          selectAll={isWide ? undefined : <ChooseAllTerms terms={data.terms} choice={choice} />}
          aside={
            <Text size="xs" c="dimmed">
              {messages.chooseConvertingTermsHint}
            </Text>
          }
        />
        <DataCardRows isLoading={isFetching}>
          {isWide ? (
            <SearchTermsTable terms={data.terms} sort={view.sort} onSort={view.setSort} choice={choice} />
          ) : (
            <SearchTermsList terms={data.terms} choice={choice} />
          )}
        </DataCardRows>
      </>
    );

  return (
    <DataCard cardRef={cardRef} component="section" aria-labelledby={titleId}>
      <DataCardHead gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            {messages.searchTermsTitle}
          </Title>
          {report && (
            <Text size="sm" c="dimmed" role="status">
              {messages.searchTermsCount(data?.total ?? 0)}
            </Text>
          )}
        </Group>
        {report && (
          <Text size="sm" c="dimmed">
            {range ? messages.searchTermsReportRange(range) : messages.searchTermsNoRange}
            {' · '}
            {report.currency ? messages.searchTermsCurrency(report.currency) : messages.searchTermsNoCurrency}
          </Text>
        )}
      </DataCardHead>
      {report && <SearchTermsFilters view={view} isWide={isWide} currency={report.currency} />}
      {body}
      <DataCardPager
        label={messages.searchTermsPages}
        total={pages}
        value={view.page}
        isWide={isWide}
        onChange={handlePageChange}
      />
    </DataCard>
  );
}
