import { messages, type NegativeListItem } from '@keywright/contract';
import { ActionIcon, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import card from '@/components/data-card/data-card.module.css';

/** A term as Google Ads writes it: [exact] or "phrase". */
export const inGoogleAdsNotation = (item: Pick<NegativeListItem, 'text' | 'match_type'>) =>
  item.match_type === 'exact' ? `[${item.text}]` : `"${item.text}"`;

/** A term as a control or a notice names it: its notation, and its ad group when it has one. */
export const negativeTermName = (item: Pick<NegativeListItem, 'text' | 'match_type' | 'ad_group'>) =>
  item.ad_group ? messages.negativeTermOfAdGroup(inGoogleAdsNotation(item), item.ad_group) : inGoogleAdsNotation(item);

function MatchTypeBadge({ item }: { item: NegativeListItem }) {
  return (
    <Badge variant="light" color={item.match_type === 'exact' ? 'indigo' : 'gray'} radius="sm" data-match-type>
      {messages.negativeMatchTypeNames[item.match_type]}
    </Badge>
  );
}

/** Where the term blocks searches: the whole campaign, or one ad group (its name, cut short with an ellipsis when long). */
function LevelBadge({ item }: { item: NegativeListItem }) {
  const label = item.ad_group ? messages.negativeLevelAdGroup(item.ad_group) : messages.negativeLevelCampaign;
  return (
    <Badge
      variant="outline"
      color={item.ad_group ? 'indigo' : 'gray'}
      radius="sm"
      tt="none"
      maw="100%"
      title={label}
      data-level
    >
      {label}
    </Badge>
  );
}

function RemoveButton({
  item,
  isRemoving,
  onRemove,
}: { item: NegativeListItem } & Pick<Props, 'isRemoving' | 'onRemove'>) {
  return (
    <ActionIcon
      color="red.9"
      variant="subtle"
      size="lg"
      aria-label={messages.removeNegativeTerm(negativeTermName(item))}
      loading={isRemoving(item.id)}
      onClick={() => onRemove(item)}
    >
      <IconX size={18} />
    </ActionIcon>
  );
}

interface Props {
  listName: string;
  items: readonly NegativeListItem[];
  /** A table on wide screens; a list of lines on phones, where four columns do not fit. */
  isWide: boolean;
  isRemoving: (itemId: number) => boolean;
  onRemove: (item: NegativeListItem) => void;
}

/** A page of a list's terms: the term, its match type, its level (the campaign or an ad group), and Remove. */
export function NegativeTerms({ listName, items, isWide, isRemoving, onRemove }: Props) {
  if (!isWide) {
    return (
      <Box
        component="ul"
        aria-label={messages.negativeTermsTableLabel(listName)}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {items.map((item) => (
          <Group
            key={item.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            px="md"
            py={6}
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={4} align="flex-start" style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {item.text}
              </Text>
              <LevelBadge item={item} />
            </Stack>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              <MatchTypeBadge item={item} />
              <RemoveButton item={item} isRemoving={isRemoving} onRemove={onRemove} />
            </Group>
          </Group>
        ))}
      </Box>
    );
  }
  return (
    <Table className={card.columnHeads} aria-label={messages.negativeTermsTableLabel(listName)} verticalSpacing={8}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{messages.negativeTermLabel}</Table.Th>
          <Table.Th w={110}>{messages.matchTypeLabel}</Table.Th>
          <Table.Th w="32%">{messages.negativeLevelLabel}</Table.Th>
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
              <MatchTypeBadge item={item} />
            </Table.Td>
            <Table.Td style={{ maxWidth: 0 }}>
              <LevelBadge item={item} />
            </Table.Td>
            <Table.Td ta="right">
              <RemoveButton item={item} isRemoving={isRemoving} onRemove={onRemove} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
