import { constants, messages, type Project } from '@keywright/contract';
import { Anchor, CloseButton, Group, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  DataCardEmpty,
  DataCardLoadFailed,
  DataCardNoMatch,
  DataCardPager,
  DataCardRows,
  DataCardSkeleton,
  DataCardToolbar,
} from '@/components/data-card/data-card';
import type { SessionKeywords } from '@/components/project-keywords/use-session-keywords';
import { ProjectKeywordActions } from '@/components/row-selection/project-keyword-actions';
import { describeCpcBounds } from '@/lib/cpc-filter';
import { intentNames } from '@/lib/intent-filter';
import type { useKeywordActions } from '../hooks/use-keyword-actions';
import type { KeywordRows } from '../hooks/use-keyword-rows';
import { CpcFilterBar } from './cpc-filter-bar';
import { IntentFilter } from './intent-filter';
import { KeywordsList, KeywordsTable } from './keyword-rows';
import { KeywordSortSelect } from './keyword-sort-select';
import classes from './keywords.module.css';

const pageSize = constants.projectKeywordsPageSize;

/** Why no row shows (the search, the intents, the CPC bounds), and how to widen it. */
function NoMatchingKeywords({ keywords }: { keywords: KeywordRows }) {
  const { search, bounds, intents } = keywords.address;
  const { isIntentFiltered, isCpcFiltered } = keywords;
  if (search) {
    const title = isIntentFiltered
      ? messages.noKeywordsMatchFilters(search)
      : `No keywords match “${search}”${isCpcFiltered ? ' within the CPC filter' : ''}`;
    return (
      <DataCardNoMatch title={title}>
        <Anchor component="button" type="button" size="sm" onClick={keywords.clearSearch}>
          Clear search
        </Anchor>
      </DataCardNoMatch>
    );
  }
  if (isIntentFiltered) {
    const title = messages.noKeywordsWithIntents(
      intentNames(intents),
      isCpcFiltered ? describeCpcBounds(bounds) : null,
    );
    return (
      <DataCardNoMatch title={title}>
        <Text size="sm" c="dimmed">
          {messages.intentFilterHint}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => keywords.handleIntentsChange([])}>
          {messages.clearIntentFilter}
        </Anchor>
      </DataCardNoMatch>
    );
  }
  return (
    <DataCardNoMatch title={`No keywords have a CPC within ${describeCpcBounds(bounds)}`}>
      <Text size="sm" c="dimmed">
        Keywords without CPC data are left out while a bound is set.
      </Text>
    </DataCardNoMatch>
  );
}

/** The search, the intent filter, the order, Show trend and the count of what is shown. */
function KeywordsToolbar({
  keywords,
  shownTotal,
  isWide,
}: {
  keywords: KeywordRows;
  shownTotal: number;
  isWide: boolean;
}) {
  const { address, currentPage, searchText } = keywords;
  const first = (currentPage - 1) * pageSize + 1;
  const last = Math.min(currentPage * pageSize, shownTotal);
  const isNarrowed = Boolean(address.search) || keywords.isFiltered;
  return (
    // Top-aligned: when Intent wraps under the search, the count stays level with the search.
    <DataCardToolbar justify="space-between" align="flex-start" gap="sm">
      <Group gap="sm" align="center" className={classes.toolbarFilters}>
        <TextInput
          aria-label="Search keywords"
          placeholder="Search keywords"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            searchText ? <CloseButton size="sm" aria-label="Clear search" onClick={keywords.clearSearch} /> : null
          }
          value={searchText}
          onChange={(event) => keywords.handleSearchChange(event.currentTarget.value)}
          maxLength={constants.limits.keyword}
          className={classes.search}
        />
        <IntentFilter value={address.intents} onChange={keywords.handleIntentsChange} isCompact={!isWide} />
        <KeywordSortSelect
          value={address.sort}
          withSearchConsole={keywords.showSearchConsole}
          onChange={(next) => keywords.changeAddress({ sort: next })}
        />
      </Group>
      <Group gap="md" wrap="nowrap" className={classes.toolbarStatus}>
        {keywords.hasSearchConsole && (
          <Switch
            label={messages.showSearchConsole}
            size="sm"
            checked={keywords.showSearchConsole}
            onChange={(event) => keywords.setShowSearchConsole(event.currentTarget.checked)}
          />
        )}
        {keywords.isMetricsLoaded && (
          <Switch
            label="Show trend"
            size="sm"
            checked={keywords.showTrend}
            onChange={(event) => keywords.setShowTrend(event.currentTarget.checked)}
          />
        )}
        <Text size="sm" c="dimmed" aria-live="polite">
          {shownTotal === 0
            ? 'No matches'
            : `${first}–${last} of ${shownTotal}${isNarrowed ? (shownTotal === 1 ? ' match' : ' matches') : ''}`}
        </Text>
      </Group>
    </DataCardToolbar>
  );
}

/**
 * The keywords under the head: loading, the empty project, then the toolbar, the CPC filter,
 * the selection's actions, a page of rows (a table on wide screens, a list on phones) and the pager.
 */
export function KeywordsBody({
  project,
  keywords,
  actions,
  session,
  isWide,
}: {
  project: Project;
  keywords: KeywordRows;
  actions: ReturnType<typeof useKeywordActions>;
  session: SessionKeywords;
  isWide: boolean;
}) {
  const { answer, pageQuery, rows, address, projectId } = keywords;
  if (!answer) {
    return pageQuery.isError ? (
      <DataCardLoadFailed text="Keywords could not be loaded." onRetry={() => void pageQuery.refetch()} />
    ) : (
      <DataCardSkeleton label="Loading keywords" rows={5} widths={['45%', '15%']} />
    );
  }
  if (!address.search && !keywords.searchText && !keywords.isFiltered && answer.pagination.totalCount === 0) {
    return (
      <DataCardEmpty
        icon={<IconSparkles size={26} />}
        title="No keywords yet"
        hint="Add keywords one by one above, or let the generator suggest a set for this project."
        hintWidth={380}
      >
        <Anchor component={Link} to={`/keyword-generator?projectId=${projectId}`} fw={600}>
          Generate Keywords
        </Anchor>
      </DataCardEmpty>
    );
  }
  const rowProps = {
    keywords: rows,
    latestRunId: answer.latestRunId ?? null,
    deletingId: actions.deletingId,
    onDelete: actions.handleDelete,
    showMetrics: keywords.isMetricsLoaded,
    showTrend: keywords.showTrend,
    showSearchConsole: keywords.showSearchConsole,
    project,
    session,
    selection: keywords.selection,
  };
  return (
    <>
      <KeywordsToolbar keywords={keywords} shownTotal={answer.pagination.totalCount} isWide={isWide} />
      {keywords.isMetricsLoaded && (
        <CpcFilterBar
          key={describeCpcBounds(address.bounds)}
          bounds={address.bounds}
          currency={project.currency}
          onApply={keywords.handleApplyBounds}
          onClear={keywords.handleClearBounds}
        />
      )}
      {rows.length === 0 ? (
        <NoMatchingKeywords keywords={keywords} />
      ) : (
        <>
          <ProjectKeywordActions
            projectId={projectId}
            rows={rows}
            selection={keywords.selection}
            isWide={isWide}
            failure={messages.failedToDeleteKeyword}
          />
          <DataCardRows isLoading={pageQuery.isPlaceholderData}>
            {isWide ? <KeywordsTable {...rowProps} /> : <KeywordsList {...rowProps} />}
          </DataCardRows>
        </>
      )}
      <DataCardPager
        label="Keyword pages"
        total={answer.pagination.totalPages}
        value={keywords.currentPage}
        isWide={isWide}
        onChange={keywords.handlePageChange}
      />
    </>
  );
}
