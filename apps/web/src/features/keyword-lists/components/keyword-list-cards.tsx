import { messages } from '@keywright/contract';
import { Box, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconFolder, IconKey } from '@tabler/icons-react';
import { OwnerBadge } from '@/components/owner-badge';
import { formatDate } from '@/lib/dates';
import card from '@/components/data-card/data-card.module.css';
import { ExpandButton, isInteractiveTarget, listDetailsId } from './expand-button';
import { ListActionsMenu } from './list-actions';
import type { KeywordListsViewProps } from './keyword-lists-table';
import classes from './keyword-lists.module.css';

/** Narrow screens: a card per list, its actions in a menu, its keywords inside it when expanded. */
export function KeywordListCards({
  lists,
  currentUserId,
  expandedId,
  onToggle,
  renderDetails,
  isFetchingSuggestions,
  ...handlers
}: KeywordListsViewProps) {
  return (
    <Stack gap="sm">
      {lists.map((list) => {
        const isExpanded = list.id === expandedId;
        return (
          <Card key={list.id} padding={0} className={classes.card} data-expanded={isExpanded || undefined}>
            <Box
              p="md"
              className={classes.cardHead}
              onClick={(event) => {
                if (!isInteractiveTarget(event.target)) onToggle(list);
              }}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                  <ExpandButton list={list} isExpanded={isExpanded} onToggle={onToggle} />
                  <Stack gap={6} pt={6} style={{ minWidth: 0 }}>
                    <Text fw={600} className={classes.listName} lineClamp={2}>
                      {list.name}
                    </Text>
                    <Group gap={6}>
                      <OwnerBadge owner={list} currentUserId={currentUserId} />
                    </Group>
                  </Stack>
                </Group>
                <ListActionsMenu
                  list={list}
                  canDelete={list.user_id === currentUserId}
                  isFetchingSuggestions={isFetchingSuggestions(list.id)}
                  {...handlers}
                />
              </Group>
              <Group gap="lg" mt="sm" pt="sm" className={card.itemFoot} wrap="wrap" style={{ rowGap: 6 }}>
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFolder size={15} aria-hidden style={{ flexShrink: 0 }} />
                  <Text size="sm" truncate="end" c={list.project_name ? undefined : 'dimmed'}>
                    {list.project_name ?? messages.noProject}
                  </Text>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <IconKey size={15} aria-hidden />
                  <Text size="sm">
                    {list.count} {list.count === 1 ? 'keyword' : 'keywords'}
                  </Text>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <IconCalendar size={15} aria-hidden />
                  <Text size="sm">{formatDate(list.created_at)}</Text>
                </Group>
              </Group>
            </Box>
            {isExpanded && (
              <div id={listDetailsId(list)} className={`${classes.cardDetails} ${classes.details}`}>
                {renderDetails(list)}
              </div>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
