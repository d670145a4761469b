import { messages, type KeywordList } from '@keywright/contract';
import { Card, Group, Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { OwnerBadge } from '@/components/owner-badge';
import { formatDate } from '@/lib/dates';
import card from '@/components/data-card/data-card.module.css';
import { ExpandButton, isInteractiveTarget, listDetailsId } from './expand-button';
import { ListActionButtons, type ListActionHandlers } from './list-actions';
import classes from './keyword-lists.module.css';

export interface KeywordListsViewProps extends ListActionHandlers {
  lists: readonly KeywordList[];
  currentUserId: string;
  expandedId: number | null;
  onToggle: (list: KeywordList) => void;
  /** The expanded list's keywords. */
  renderDetails: (list: KeywordList) => ReactNode;
  isFetchingSuggestions: (listId: number) => boolean;
}

const columnCount = 6;

/** Wide screens: Name, Project, Keywords, Owner, Created, Actions; the expanded list's keywords under its row. */
export function KeywordListsTable({
  lists,
  currentUserId,
  expandedId,
  onToggle,
  renderDetails,
  isFetchingSuggestions,
  ...handlers
}: KeywordListsViewProps) {
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={820}>
        <Table className={card.shadedColumnHeads} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w="22%">Project</Table.Th>
              <Table.Th w={110} ta="right">
                Keywords
              </Table.Th>
              <Table.Th w="20%">Owner</Table.Th>
              <Table.Th w={120}>Created</Table.Th>
              <Table.Th w={180} ta="right">
                Actions
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lists.map((list) => {
              const isExpanded = list.id === expandedId;
              return (
                <Fragment key={list.id}>
                  <Table.Tr
                    className={classes.listRow}
                    data-expanded={isExpanded || undefined}
                    onClick={(event) => {
                      if (!isInteractiveTarget(event.target)) onToggle(list);
                    }}
                  >
                    <Table.Td className={classes.nameCell}>
                      <Group gap="xs" wrap="nowrap">
                        <ExpandButton list={list} isExpanded={isExpanded} onToggle={onToggle} />
                        <Text size="sm" fw={600} className={classes.listName}>
                          {list.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={list.project_name ? undefined : 'dimmed'} className={classes.listName}>
                        {list.project_name ?? messages.noProject}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600}>
                        {list.count}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <OwnerBadge owner={list} currentUserId={currentUserId} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(list.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ListActionButtons
                        list={list}
                        canDelete={list.user_id === currentUserId}
                        isFetchingSuggestions={isFetchingSuggestions(list.id)}
                        {...handlers}
                      />
                    </Table.Td>
                  </Table.Tr>
                  {isExpanded && (
                    <Table.Tr>
                      <Table.Td colSpan={columnCount} className={classes.detailsCell}>
                        <div id={listDetailsId(list)} className={classes.details}>
                          {renderDetails(list)}
                        </div>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
