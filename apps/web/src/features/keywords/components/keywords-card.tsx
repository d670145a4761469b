import { constants, messages, type Keyword, type Project } from '@keywright/contract';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconSearch, IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PagePagination } from '@/components/page-pagination';
import { isUnauthorized } from '@/lib/api-error';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteKeyword } from '../api/delete-keyword';
import { useExportKeywords } from '../api/export-keywords';
import { useKeywordPage } from '../api/get-keyword-page';
import { usePageParam } from '../hooks/use-page-param';
import { AddKeywordForm } from './add-keyword-form';
import { KeywordsList, KeywordsTable } from './keyword-rows';
import classes from './keywords.module.css';

const pageSize = constants.projectKeywordsPageSize;
const searchDelayMs = 300;

/** The project's keywords: count, export, add, search, and the rows 20 a page. */
export function KeywordsCard({ project }: { project: Project }) {
  const projectId = project.id;
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [page, setPage] = usePageParam();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const cardRef = useRef<HTMLDivElement>(null);

  const pageQuery = useKeywordPage(projectId, { page, search });
  const answer = pageQuery.data;
  // Held here, not in the row: a row unmounts when its keyword goes, and its callbacks with it.
  const deleteKeyword = useDeleteKeyword();
  const exportKeywords = useExportKeywords();

  // The badge counts the whole project, also while a search narrows the rows.
  const totalCount =
    !search && answer && !pageQuery.isPlaceholderData ? answer.pagination.totalCount : project.keywords_count;

  const applySearch = useDebouncedCallback((value: string) => {
    setSearch(value.trim());
    setPage(1, { replace: true });
  }, searchDelayMs);

  const { error, errorUpdatedAt } = pageQuery;
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError(messages.failedToLoadProjectData);
  }, [error, errorUpdatedAt]);

  // A page past the end (the last row of a page deleted, an old link): back to the last one.
  const isPastEnd = answer !== undefined && !pageQuery.isPlaceholderData && answer.data.length === 0 && page > 1;
  const lastPage = answer?.pagination.totalPages ?? 1;
  useEffect(() => {
    if (isPastEnd) setPage(Math.max(1, Math.min(page - 1, lastPage)), { replace: true });
  }, [isPastEnd, page, lastPage, setPage]);

  const handleDelete = (keyword: Keyword) => {
    if (!window.confirm(messages.deleteKeywordConfirm)) return;
    deleteKeyword.mutate(
      { keywordId: keyword.id, projectId },
      {
        onSuccess: () => notifySuccess(messages.keywordDeleted),
        onError: (deleteError) => notifyApiError(deleteError, messages.failedToDeleteKeyword),
      },
    );
  };

  const handleExport = () => {
    if (totalCount === 0) {
      notifyError(messages.noKeywordsToExport);
      return;
    }
    const count = totalCount;
    exportKeywords.mutate(
      { projectId },
      {
        onSuccess: () => notifySuccess(messages.exportedKeywords(count)),
        onError: (exportError) =>
          notifyApiError(exportError, messages.failedToExportKeywords, { preferServerText: true }),
      },
    );
  };

  const handlePageChange = (next: number) => {
    setPage(next);
    const card = cardRef.current;
    if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const clearSearch = () => {
    setSearchText('');
    applySearch.cancel();
    if (search) {
      setSearch('');
      setPage(1, { replace: true });
    }
  };

  const pagination = answer?.pagination;
  const rows = answer?.data ?? [];
  const currentPage = pagination?.page ?? page;
  const rowProps = {
    keywords: rows,
    latestRunId: answer?.latestRunId ?? null,
    deletingId: deleteKeyword.isPending ? deleteKeyword.variables.keywordId : null,
    onDelete: handleDelete,
  };

  let body;
  if (!answer) {
    body = pageQuery.isError ? (
      <Text c="dimmed" ta="center" p="xl">
        Keywords could not be loaded.{' '}
        <Anchor component="button" type="button" onClick={() => void pageQuery.refetch()}>
          Try again
        </Anchor>
      </Text>
    ) : (
      <Stack gap="md" p="lg" role="status" aria-label="Loading keywords">
        {[0, 1, 2, 3, 4].map((row) => (
          <Group key={row} justify="space-between">
            <Skeleton height={14} width="45%" />
            <Skeleton height={14} width="15%" />
          </Group>
        ))}
      </Stack>
    );
  } else if (!search && !searchText && answer.pagination.totalCount === 0) {
    body = (
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
    );
  } else {
    const first = (currentPage - 1) * pageSize + 1;
    const last = Math.min(currentPage * pageSize, answer.pagination.totalCount);
    body = (
      <>
        <Group justify="space-between" gap="sm" px={{ base: 'md', sm: 'lg' }} py="sm" className={classes.toolbar}>
          <TextInput
            aria-label="Search keywords"
            placeholder="Search keywords"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={searchText ? <CloseButton size="sm" aria-label="Clear search" onClick={clearSearch} /> : null}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            maxLength={constants.limits.keyword}
            className={classes.search}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {answer.pagination.totalCount === 0
              ? 'No matches'
              : `${first}–${last} of ${answer.pagination.totalCount}${search ? (answer.pagination.totalCount === 1 ? ' match' : ' matches') : ''}`}
          </Text>
        </Group>
        {rows.length === 0 ? (
          <Stack align="center" gap={4} py="xl" px="md" ta="center">
            <Text fw={600}>No keywords match “{search}”</Text>
            <Anchor component="button" type="button" size="sm" onClick={clearSearch}>
              Clear search
            </Anchor>
          </Stack>
        ) : (
          <Box className={classes.rows} data-loading={pageQuery.isPlaceholderData || undefined}>
            {isWide ? <KeywordsTable {...rowProps} /> : <KeywordsList {...rowProps} />}
          </Box>
        )}
        {answer.pagination.totalPages > 1 && (
          <Group justify={isWide ? 'flex-end' : 'center'} p="md" className={classes.cardFoot}>
            <PagePagination
              label="Keyword pages"
              total={answer.pagination.totalPages}
              value={currentPage}
              onChange={handlePageChange}
            />
          </Group>
        )}
      </>
    );
  }

  return (
    <Card padding={0} ref={cardRef} className={classes.card}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }} className={classes.cardHead}>
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Title order={2}>Keywords</Title>
            <Badge variant="light" size="lg" radius="sm">
              {totalCount}
            </Badge>
          </Group>
          <Button
            variant="default"
            size={isWide ? 'sm' : 'xs'}
            leftSection={<IconDownload size={isWide ? 16 : 14} />}
            onClick={handleExport}
            loading={exportKeywords.isPending}
          >
            Export CSV
          </Button>
        </Group>
        <AddKeywordForm
          projectId={projectId}
          onAdded={() => {
            clearSearch();
            setPage(1);
          }}
        />
      </Stack>
      {body}
    </Card>
  );
}
