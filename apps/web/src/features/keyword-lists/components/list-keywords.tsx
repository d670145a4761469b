import type { KeywordListItem } from '@keywright/contract';
import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { RowCheckbox, SelectAllCheckbox, type SelectionProps } from '@/components/row-selection/row-checkboxes';
import { CompetitionBadge, FigureCell, FigureLine } from '@/components/keyword-figures';
import { formatDate } from '@/lib/dates';
import { formatSearchVolume } from '@/lib/figures';
import card from '@/components/data-card/data-card.module.css';
import classes from './keyword-lists.module.css';

export interface ListKeywordsProps {
  listName: string;
  items: readonly KeywordListItem[];
  /** After Load CPC: Search Volume, Competition and CPC per keyword. */
  showMetrics: boolean;
  isWide: boolean;
  isRemoving: (keywordId: number) => boolean;
  onRemove: (item: KeywordListItem) => void;
  /** The chosen keywords of the page, for the bulk actions. */
  selection: SelectionProps<KeywordListItem>;
}

function RemoveButton({
  item,
  isRemoving,
  onRemove,
}: {
  item: KeywordListItem;
  isRemoving: boolean;
  onRemove: (item: KeywordListItem) => void;
}) {
  return (
    <Tooltip label="Remove from list">
      <ActionIcon
        color="red"
        variant="subtle"
        size="lg"
        aria-label={`Remove ${item.keyword} from list`}
        loading={isRemoving}
        onClick={() => onRemove(item)}
      >
        <IconX size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The list's keywords: a table on wide screens, a list with labelled figures on narrow ones. */
export function ListKeywords({
  listName,
  items,
  showMetrics,
  isWide,
  isRemoving,
  onRemove,
  selection,
}: ListKeywordsProps) {
  if (isWide) {
    return (
      <Table className={card.columnHeads} aria-label={`Keywords of ${listName}`} verticalSpacing={8}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={card.checkCell}>
              <SelectAllCheckbox rows={items} selection={selection} />
            </Table.Th>
            <Table.Th>Keyword</Table.Th>
            {showMetrics && (
              <>
                <Table.Th ta="right">Search Volume</Table.Th>
                <Table.Th>Competition</Table.Th>
                <Table.Th>CPC</Table.Th>
              </>
            )}
            <Table.Th w={120}>Added</Table.Th>
            <Table.Th w={60} ta="right">
              Remove
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-selected={selection.isSelected(item.id) || undefined} className={classes.row}>
              <Table.Td className={card.checkCell}>
                <RowCheckbox row={item} selection={selection} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} className={card.keywordText}>
                  {item.keyword}
                </Text>
              </Table.Td>
              {showMetrics && (
                <>
                  <Table.Td ta="right" className={card.figure}>
                    <FigureCell
                      metrics={item.metrics}
                      render={(figures) => formatSearchVolume(figures.avg_monthly_searches)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <FigureCell
                      metrics={item.metrics}
                      render={(figures) => <CompetitionBadge value={figures.competition} />}
                    />
                  </Table.Td>
                  <Table.Td className={card.figure}>
                    <FigureCell metrics={item.metrics} render={(figures) => figures.cpc_range} />
                  </Table.Td>
                </>
              )}
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(item.added_at)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <RemoveButton item={item} isRemoving={isRemoving(item.id)} onRemove={onRemove} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <ul className={card.plainList} aria-label={`Keywords of ${listName}`}>
      {items.map((item) => (
        <li key={item.id} data-selected={selection.isSelected(item.id) || undefined} className={classes.item}>
          <RowCheckbox row={item} selection={selection} className={classes.itemCheck} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={500} className={card.keywordText}>
              {item.keyword}
            </Text>
            <Text size="xs" c="dimmed" mt={2}>
              Added {formatDate(item.added_at)}
            </Text>
            {showMetrics && <FigureLine metrics={item.metrics} />}
          </div>
          <RemoveButton item={item} isRemoving={isRemoving(item.id)} onRemove={onRemove} />
        </li>
      ))}
    </ul>
  );
}
