import { constants, type Keyword } from '@keywright/contract';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagePagination } from '@/components/page-pagination';
import { AddToListButton, AddToListProvider } from '@/components/save-to-list/add-to-list-provider';
import { formatDate } from '@/lib/dates';
import card from '@/components/data-card/data-card.module.css';
import type { GenerationJob } from '../job-storage';
import classes from './generator.module.css';

const pageSize = constants.generatorResultsPageSize;

/** A finished run's new keywords, 20 a page, and the server's notice when they are fewer than asked. */
export function GenerationResultsCard({
  job,
  keywords,
  notice,
  onNewGeneration,
}: {
  job: GenerationJob;
  keywords: readonly Keyword[];
  notice: string | null;
  onNewGeneration: () => void;
}) {
  const [page, setPage] = useState(1);
  const totalPages = Math.max(1, Math.ceil(keywords.length / pageSize));
  const currentPage = Math.min(page, totalPages);
  const pageKeywords = keywords.slice((currentPage - 1) * pageSize, currentPage * pageSize);

  return (
    <AddToListProvider>
      <Card padding={0} component="section" aria-labelledby="generation-results-title">
        <Stack gap="sm" p={{ base: 'md', sm: 'lg' }} className={card.head}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" wrap="nowrap">
              <Title order={2} id="generation-results-title">
                Results
              </Title>
              <Badge variant="light" size="lg" radius="sm">
                {keywords.length}
              </Badge>
            </Group>
            <Group gap="xs" className={classes.resultActions}>
              <Button variant="default" onClick={onNewGeneration}>
                New generation
              </Button>
              <Button
                component={Link}
                to={`/projects/${job.projectId}/keywords`}
                rightSection={<IconArrowRight size={16} />}
              >
                Open project
              </Button>
            </Group>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {keywords.length === 1 ? '1 new keyword' : `${keywords.length} new keywords`} for {job.projectName}
          </Text>
          {notice && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              {notice}
            </Alert>
          )}
        </Stack>

        {keywords.length === 0 ? (
          // The notice, when there is one, already says why none came.
          !notice && (
            <Text c="dimmed" ta="center" py="xl" px="md" size="sm">
              No new keywords this time: every idea was already in the project. Try another keyword length.
            </Text>
          )
        ) : (
          <>
            <Table className={`${card.shadedColumnHeads} ${classes.table}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Keyword</Table.Th>
                  <Table.Th w={130}>Date Added</Table.Th>
                  <Table.Th w={56}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pageKeywords.map((keyword) => (
                  <Table.Tr key={keyword.id}>
                    <Table.Td>
                      <Text size="sm" fw={500} className={card.keywordText}>
                        {keyword.keyword}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(keyword.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <AddToListButton keywordId={keyword.id} keyword={keyword.keyword} projectId={job.projectId} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {totalPages > 1 && (
              <Group justify="space-between" p="md" gap="sm" className={card.foot}>
                <Text size="sm" c="dimmed">
                  {(currentPage - 1) * pageSize + 1}–{Math.min(currentPage * pageSize, keywords.length)} of{' '}
                  {keywords.length}
                </Text>
                <PagePagination label="Result pages" total={totalPages} value={currentPage} onChange={setPage} />
              </Group>
            )}
          </>
        )}
      </Card>
    </AddToListProvider>
  );
}
