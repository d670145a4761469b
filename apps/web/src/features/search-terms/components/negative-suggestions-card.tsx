import {
  messages,
  negativeNotation,
  negativeSuggestionLimits,
  type NegativeSuggestion,
  type NegativeSuggestionsAnswer,
} from '@keywright/contract';
import { Checkbox, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPlaylistAdd, IconShieldCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import {
  DataCard,
  DataCardEmpty,
  DataCardHead,
  DataCardLoadFailed,
  DataCardPager,
  DataCardRows,
  DataCardSkeleton,
  DataCardToolbar,
  dataCardClasses,
  useCardPaging,
} from '@/components/data-card/data-card';
import { SelectionBar } from '@/components/row-selection/selection-bar';
import { useNegativeSuggestions } from '../api/negative-suggestions';
import { suggestionItems } from '../suggestion-items';
import { AddToNegativeListModal } from './add-to-negative-list-modal';
import classes from './search-terms.module.css';

const keyOf = (item: NegativeSuggestion) =>
  `${item.level}\u0000${item.ad_group ?? ''}\u0000${item.match_type}:${item.text}`;

/** Which suggestions are chosen: at first those the server chose, then as the person ticks them. */
function useSuggestionChoice(data: NegativeSuggestionsAnswer | undefined) {
  const [changed, setChanged] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const isChosen = (item: NegativeSuggestion) => changed.get(keyOf(item)) ?? item.selected;
  const chosen = (data?.suggestions ?? []).filter(isChosen);
  const choose = (items: readonly NegativeSuggestion[], value: boolean) =>
    setChanged((current) => {
      const next = new Map(current);
      for (const item of items) next.set(keyOf(item), value);
      return next;
    });
  return { isChosen, chosen, choose };
}

function Level({ item }: { item: NegativeSuggestion }) {
  return item.ad_group ? (
    <Text size="sm">{messages.negativeSuggestionAdGroupLevel(item.ad_group)}</Text>
  ) : (
    <Text size="sm">{messages.negativeSuggestionCampaignLevel}</Text>
  );
}

function Notes({ item }: { item: NegativeSuggestion }) {
  if (item.blocks_count === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" className={classes.warning} data-blocks>
      <IconAlertTriangle size={16} aria-hidden className={classes.warningIcon} />
      <Text size="sm" fw={500}>
        {messages.negativeSuggestionBlocks(item.blocks, item.blocks_count)}
      </Text>
    </Group>
  );
}

function ChooseBox({ item, choice }: { item: NegativeSuggestion; choice: ReturnType<typeof useSuggestionChoice> }) {
  const notation = negativeNotation(item.text, item.match_type);
  return (
    <Checkbox
      aria-label={
        item.ad_group
          ? messages.negativeSuggestionChooseForAdGroup(notation, item.ad_group)
          : messages.negativeSuggestionChoose(notation)
      }
      checked={choice.isChosen(item)}
      onChange={(event) => choice.choose([item], event.currentTarget.checked)}
    />
  );
}

/** Chooses every suggestion of the page, or lets them go. */
function ChooseAll({ items, choice }: { items: NegativeSuggestion[]; choice: ReturnType<typeof useSuggestionChoice> }) {
  const chosenOnPage = items.filter(choice.isChosen).length;
  return (
    <Checkbox
      aria-label={messages.negativeSuggestionsChooseAll}
      checked={items.length > 0 && chosenOnPage === items.length}
      indeterminate={chosenOnPage > 0 && chosenOnPage < items.length}
      disabled={items.length === 0}
      onChange={() => choice.choose(items, chosenOnPage < items.length)}
    />
  );
}

function SuggestionsTable({
  items,
  choice,
}: {
  items: NegativeSuggestion[];
  choice: ReturnType<typeof useSuggestionChoice>;
}) {
  return (
    <Table
      verticalSpacing="sm"
      className={`${dataCardClasses.columnHeads} ${dataCardClasses.insetCells}`}
      aria-label={messages.negativeSuggestionsTableLabel}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th className={classes.choose}>
            <ChooseAll items={items} choice={choice} />
          </Table.Th>
          <Table.Th>{messages.negativeSuggestionsColumnNegative}</Table.Th>
          <Table.Th>{messages.negativeSuggestionsColumnLevel}</Table.Th>
          <Table.Th>{messages.negativeSuggestionsColumnReason}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={keyOf(item)} data-suggestion={negativeNotation(item.text, item.match_type)}>
            <Table.Td className={classes.choose}>
              <ChooseBox item={item} choice={choice} />
            </Table.Td>
            <Table.Td className={classes.term}>
              <Text size="sm" fw={500} className={classes.term}>
                {negativeNotation(item.text, item.match_type)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Level item={item} />
            </Table.Td>
            <Table.Td>
              <Stack gap={4}>
                <Text size="sm">{item.reason}</Text>
                <Notes item={item} />
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function SuggestionsList({
  items,
  choice,
}: {
  items: NegativeSuggestion[];
  choice: ReturnType<typeof useSuggestionChoice>;
}) {
  return (
    <ul className={dataCardClasses.plainList} aria-label={messages.negativeSuggestionsTableLabel}>
      {items.map((item) => (
        <li key={keyOf(item)} className={classes.item} data-suggestion={negativeNotation(item.text, item.match_type)}>
          <Group gap="sm" px="md" py="sm" wrap="nowrap" align="flex-start">
            <div className={classes.chooseBox}>
              <ChooseBox item={item} choice={choice} />
            </div>
            <Stack gap={4} className={classes.term}>
              <Text size="sm" fw={600} className={classes.term}>
                {negativeNotation(item.text, item.match_type)}
              </Text>
              <Text size="sm">{item.reason}</Text>
              <Text size="xs" className={classes.muted}>
                {item.ad_group
                  ? messages.negativeSuggestionAdGroupLevel(item.ad_group)
                  : messages.negativeSuggestionCampaignLevel}
              </Text>
              <Notes item={item} />
            </Stack>
          </Group>
        </li>
      ))}
    </ul>
  );
}

/**
 * Negative keyword suggestions from the report: how much a search must have cost to count, the
 * suggestions (chosen as the server says: not those that would block something of value, each
 * naming what it would block), paged here, and Add to negative list for the chosen ones.
 */
export function NegativeSuggestionsCard({ projectId }: { projectId: number }) {
  const titleId = useId();
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [minCost, setMinCost] = useState<number | ''>(negativeSuggestionLimits.defaultMinCost);
  const [cost] = useDebouncedValue(minCost, 300);
  const [page, setPage] = useState(1);
  const { cardRef, handlePageChange } = useCardPaging(setPage);
  const [isAdding, setAdding] = useState(false);
  const [modalKey, setModalKey] = useState(0);
  const suggestions = useNegativeSuggestions(projectId, cost);
  const data = suggestions.data;
  const choice = useSuggestionChoice(data);
  const all = data?.suggestions ?? [];
  const pages = Math.max(1, Math.ceil(all.length / negativeSuggestionLimits.pageSize));
  const current = Math.min(page, pages);
  const shown = all.slice(
    (current - 1) * negativeSuggestionLimits.pageSize,
    current * negativeSuggestionLimits.pageSize,
  );

  let body;
  if (suggestions.isPending) {
    body = <DataCardSkeleton label={messages.negativeSuggestionsLoading} rows={4} widths={['30%', '45%']} />;
  } else if (suggestions.isError && !data) {
    body = <DataCardLoadFailed text={messages.negativeSuggestionsFailed} onRetry={() => void suggestions.refetch()} />;
  } else if (!data?.has_report) {
    return null;
  } else if (all.length === 0) {
    body = (
      <DataCardEmpty
        icon={<IconShieldCheck size={26} />}
        title={messages.negativeSuggestionsNone}
        titleAs="h3"
        hint={messages.negativeSuggestionsNoneHint}
        hintWidth={380}
      />
    );
  } else {
    body = (
      <>
        <SelectionBar
          count={choice.chosen.length}
          actions={[
            {
              label: messages.negativeSuggestionsAddToList,
              icon: <IconPlaylistAdd size={14} />,
              onClick: () => {
                setModalKey((key) => key + 1);
                setAdding(true);
              },
            },
          ]}
          onClear={() => choice.choose(all, false)}
          selectAll={isWide ? undefined : <ChooseAll items={shown} choice={choice} />}
        />
        <DataCardRows isLoading={suggestions.isPlaceholderData}>
          {isWide ? (
            <SuggestionsTable items={shown} choice={choice} />
          ) : (
            <SuggestionsList items={shown} choice={choice} />
          )}
        </DataCardRows>
      </>
    );
  }

  return (
    <DataCard cardRef={cardRef} component="section" aria-labelledby={titleId}>
      <DataCardHead gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            {messages.negativeSuggestionsTitle}
          </Title>
          {data && all.length > 0 && (
            <Text size="sm" c="dimmed" role="status">
              {messages.negativeSuggestionsCount(all.length)}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {messages.negativeSuggestionsIntro}
          {data?.capped && ` ${messages.negativeSuggestionsCapped(all.length)}`}
        </Text>
      </DataCardHead>
      <DataCardToolbar gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label={messages.negativeSuggestionsMinCost}
          value={minCost}
          onChange={(value) => {
            setMinCost(typeof value === 'number' ? value : value === '' ? '' : Number(value));
            setPage(1);
          }}
          min={0}
          decimalScale={2}
          allowNegative={false}
          rightSection={
            data?.currency ? (
              <Text size="xs" c="dimmed">
                {data.currency}
              </Text>
            ) : undefined
          }
          rightSectionWidth={data?.currency ? 44 : undefined}
          hideControls
          w={180}
        />
      </DataCardToolbar>
      {body}
      <DataCardPager
        label={messages.negativeSuggestionsPages}
        total={pages}
        value={current}
        isWide={isWide}
        onChange={handlePageChange}
      />
      <AddToNegativeListModal
        key={modalKey}
        projectId={projectId}
        opened={isAdding}
        items={suggestionItems(choice.chosen)}
        onClose={() => setAdding(false)}
      />
    </DataCard>
  );
}
