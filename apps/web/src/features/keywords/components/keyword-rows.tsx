import type { Keyword } from '@keywright/contract';
import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatDate } from '@/lib/dates';
import classes from './keywords.module.css';

export interface KeywordRowsProps {
  keywords: readonly Keyword[];
  /** The latest completed run: its keywords are the new ones. */
  latestRunId: number | null;
  deletingId: number | null;
  onDelete: (keyword: Keyword) => void;
}

const isNew = (keyword: Keyword, latestRunId: number | null) =>
  latestRunId !== null && keyword.generation_id === latestRunId;

function NewBadge() {
  return (
    <Badge size="xs" variant="filled" radius="sm" className={classes.newBadge}>
      New
    </Badge>
  );
}

function DeleteButton({
  keyword,
  isDeleting,
  onDelete,
}: {
  keyword: Keyword;
  isDeleting: boolean;
  onDelete: (keyword: Keyword) => void;
}) {
  return (
    <Tooltip label="Delete keyword">
      <ActionIcon
        color="red"
        size="lg"
        aria-label={`Delete ${keyword.keyword}`}
        onClick={() => onDelete(keyword)}
        loading={isDeleting}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Wide screens: a table with Keyword, Date Added and Actions. */
export function KeywordsTable({ keywords, latestRunId, deletingId, onDelete }: KeywordRowsProps) {
  return (
    <Table className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Keyword</Table.Th>
          <Table.Th w={140}>Date Added</Table.Th>
          <Table.Th w={100} ta="right">
            Actions
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keywords.map((keyword) => {
          const isNewKeyword = isNew(keyword, latestRunId);
          return (
            <Table.Tr key={keyword.id} data-new={isNewKeyword || undefined} className={classes.row}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} className={classes.keywordText}>
                    {keyword.keyword}
                  </Text>
                  {isNewKeyword && <NewBadge />}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(keyword.created_at)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <DeleteButton keyword={keyword} isDeleting={deletingId === keyword.id} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Narrow screens: a compact list, the date under the keyword. */
export function KeywordsList({ keywords, latestRunId, deletingId, onDelete }: KeywordRowsProps) {
  return (
    <ul className={classes.list}>
      {keywords.map((keyword) => {
        const isNewKeyword = isNew(keyword, latestRunId);
        return (
          <li key={keyword.id} data-new={isNewKeyword || undefined} className={classes.listItem}>
            <div style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6} wrap="nowrap" align="center">
                <Text size="sm" fw={500} className={classes.keywordText}>
                  {keyword.keyword}
                </Text>
                {isNewKeyword && <NewBadge />}
              </Group>
              <Text size="xs" c="dimmed" mt={2}>
                {formatDate(keyword.created_at)}
              </Text>
            </div>
            <DeleteButton keyword={keyword} isDeleting={deletingId === keyword.id} onDelete={onDelete} />
          </li>
        );
      })}
    </ul>
  );
}
