import { messages, type NegativeListItem } from '@keywright/contract';
import { ActionIcon, Badge, Table, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import card from '@/components/data-card/data-card.module.css';

/** A term as Google Ads writes it: [exact] or "phrase". */
export const inGoogleAdsNotation = (item: Pick<NegativeListItem, 'text' | 'match_type'>) =>
  item.match_type === 'exact' ? `[${item.text}]` : `"${item.text}"`;

/** A page of a list's terms: the term, its match type, and Remove. */
export function NegativeTerms({
  listName,
  items,
  isRemoving,
  onRemove,
}: {
  listName: string;
  items: readonly NegativeListItem[];
  isRemoving: (itemId: number) => boolean;
  onRemove: (item: NegativeListItem) => void;
}) {
  return (
    <Table className={card.columnHeads} aria-label={messages.negativeTermsTableLabel(listName)} verticalSpacing={8}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{messages.negativeTermLabel}</Table.Th>
          <Table.Th w={110}>{messages.matchTypeLabel}</Table.Th>
          <Table.Th w={72} ta="right">
            Remove
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} title={inGoogleAdsNotation(item)}>
                {item.text}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={item.match_type === 'exact' ? 'indigo' : 'gray'} radius="sm">
                {messages.negativeMatchTypeNames[item.match_type]}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">
              <ActionIcon
                color="red.9"
                variant="subtle"
                size="lg"
                aria-label={messages.removeNegativeTerm(inGoogleAdsNotation(item))}
                loading={isRemoving(item.id)}
                onClick={() => onRemove(item)}
              >
                <IconX size={18} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
