import { constants, keywordInputSchema, messages, type Keyword } from '@keywright/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconSparkles, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError, isUnauthorized } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { useAddKeyword } from '../api/add-keyword';
import { useDeleteKeyword } from '../api/delete-keyword';
import { useProjectKeywords } from '../api/get-project-keywords';
import classes from './keywords.module.css';

const pageSize = constants.projectKeywordsPageSize;

export function KeywordsCard({ projectId }: { projectId: number }) {
  const keywordsQuery = useProjectKeywords(projectId);
  const keywords = keywordsQuery.data ?? [];
  // Held here, not in the row: a row unmounts when its keyword goes, and its callbacks with it.
  const deleteKeyword = useDeleteKeyword();

  const handleDelete = (keyword: Keyword) => {
    if (!window.confirm(messages.deleteKeywordConfirm)) return;
    deleteKeyword.mutate(
      { keywordId: keyword.id, projectId },
      {
        onSuccess: () => notifySuccess(messages.keywordDeleted),
        onError: (error) => notifyApiError(error, messages.failedToDeleteKeyword),
      },
    );
  };
  const [page, setPage] = useState(1);
  const [recentlyAddedId, setRecentlyAddedId] = useState<number | null>(null);

  const { error, errorUpdatedAt } = keywordsQuery;
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError(messages.failedToLoadProjectData);
  }, [error, errorUpdatedAt]);

  const totalPages = Math.max(1, Math.ceil(keywords.length / pageSize));
  const currentPage = Math.min(page, totalPages);
  const pageKeywords = keywords.slice((currentPage - 1) * pageSize, currentPage * pageSize);

  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }} className={classes.cardHead}>
        <Group gap="sm">
          <Title order={2}>Keywords</Title>
          <Badge variant="light" size="lg" radius="sm">
            {keywords.length}
          </Badge>
        </Group>
        <AddKeywordForm
          projectId={projectId}
          onAdded={(keyword) => {
            setPage(1);
            setRecentlyAddedId(keyword.id);
          }}
        />
      </Stack>

      {keywordsQuery.isPending ? (
        <Stack gap="md" p="lg" role="status" aria-label="Loading keywords">
          {[0, 1, 2, 3, 4].map((row) => (
            <Group key={row} justify="space-between">
              <Skeleton height={14} width="45%" />
              <Skeleton height={14} width="15%" />
            </Group>
          ))}
        </Stack>
      ) : keywordsQuery.isError ? (
        <Text c="dimmed" ta="center" p="xl">
          Keywords could not be loaded.{' '}
          <Anchor component="button" type="button" onClick={() => void keywordsQuery.refetch()}>
            Try again
          </Anchor>
        </Text>
      ) : keywords.length === 0 ? (
        <Stack align="center" gap="xs" py={48} px="md" ta="center">
          <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
            <IconSparkles size={26} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            No keywords yet
          </Text>
          <Text c="dimmed" size="sm" maw={380}>
            Add keywords one by one above, or let the generator suggest a set for this project.
          </Text>
          <Anchor component={Link} to={`/keyword-generator?projectId=${projectId}`} fw={600}>
            Generate Keywords
          </Anchor>
        </Stack>
      ) : (
        <>
          <Table className={classes.table} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Keyword</Table.Th>
                <Table.Th w={130}>Date added</Table.Th>
                <Table.Th w={64}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pageKeywords.map((keyword) => (
                <KeywordRow
                  key={keyword.id}
                  keyword={keyword}
                  isHighlighted={keyword.id === recentlyAddedId}
                  isDeleting={deleteKeyword.isPending && deleteKeyword.variables.keywordId === keyword.id}
                  onDelete={handleDelete}
                />
              ))}
            </Table.Tbody>
          </Table>
          {totalPages > 1 && (
            <Group justify="space-between" p="md" gap="sm" className={classes.cardFoot}>
              <Text size="sm" c="dimmed">
                {(currentPage - 1) * pageSize + 1}–{Math.min(currentPage * pageSize, keywords.length)} of{' '}
                {keywords.length}
              </Text>
              <Pagination
                total={totalPages}
                value={currentPage}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
                })}
                getItemProps={(pageNumber) => ({ 'aria-label': `Page ${pageNumber}` })}
              />
            </Group>
          )}
        </>
      )}
    </Card>
  );
}

function AddKeywordForm({ projectId, onAdded }: { projectId: number; onAdded: (keyword: Keyword) => void }) {
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const addKeyword = useAddKeyword();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = keywordInputSchema.safeParse({ keyword: text });
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? messages.failedToAddKeyword);
      return;
    }
    addKeyword.mutate(
      { projectId, input: parsed.data },
      {
        onSuccess: (keyword) => {
          notifySuccess(messages.keywordAdded(keyword.keyword));
          setText('');
          onAdded(keyword);
        },
        onError: (error) =>
          notifyApiError(error, messages.failedToAddKeyword, {
            preferServerText: isApiError(error) && error.status === 409,
          }),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap" className={classes.addForm}>
        <TextInput
          label="New keyword"
          placeholder="e.g. trail running shoes"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setInputError(null);
          }}
          error={inputError}
          maxLength={constants.limits.keyword}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          leftSection={<IconPlus size={18} />}
          loading={addKeyword.isPending}
          className={classes.addButton}
        >
          Add Keyword
        </Button>
      </Group>
    </form>
  );
}

function KeywordRow({
  keyword,
  isHighlighted,
  isDeleting,
  onDelete,
}: {
  keyword: Keyword;
  isHighlighted: boolean;
  isDeleting: boolean;
  onDelete: (keyword: Keyword) => void;
}) {
  return (
    <Table.Tr data-new={isHighlighted || undefined} className={classes.row}>
      <Table.Td>
        <Text size="sm" fw={500} className={classes.keywordText}>
          {keyword.keyword}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDate(keyword.created_at)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
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
      </Table.Td>
    </Table.Tr>
  );
}
