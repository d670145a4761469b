import { messages, type NegativeList, type NegativeListItem } from '@keywright/contract';
import { Button, Group, Text, Title } from '@mantine/core';
import { IconClipboardList, IconPencil, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import {
  DataCard,
  DataCardHead,
  DataCardPager,
  DataCardRows,
  DataCardSkeleton,
  DataCardToolbar,
  useCardPaging,
} from '@/components/data-card/data-card';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useNegativeList } from '../api/get-negative-list';
import { useRemoveNegativeItem } from '../api/remove-negative-item';
import { AddNegativeTermForm } from './add-negative-term-form';
import { negativeTermName, NegativeTerms } from './negative-terms';

/** One negative list: its name and actions, the add form, and a page of its terms. */
export function NegativeListCard({
  projectId,
  list,
  isWide,
  onRename,
  onDelete,
  onPaste,
}: {
  projectId: number;
  list: NegativeList;
  isWide: boolean;
  onRename: () => void;
  onDelete: () => void;
  onPaste: () => void;
}) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const detail = useNegativeList(projectId, list.id, page);
  const removeItem = useRemoveNegativeItem(projectId);
  const { cardRef, handlePageChange } = useCardPaging(setPage);
  const pagination = detail.data?.pagination;
  // A page emptied by a removal (the last term of the last page): the one before it.
  if (pagination && page > pagination.totalPages) setPage(pagination.totalPages);

  const handleRemove = (item: NegativeListItem) =>
    removeItem.mutate(
      { listId: list.id, itemId: item.id },
      {
        onSuccess: () => notifySuccess(messages.negativeTermRemoved(negativeTermName(item))),
        onError: (error) => notifyApiError(error, messages.failedToRemoveNegativeTerm),
      },
    );

  const items = detail.data?.items ?? [];
  return (
    <DataCard cardRef={cardRef} component="section" aria-labelledby={titleId}>
      <DataCardHead gap="sm">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {list.name}
            </Title>
            <Text size="sm" c="dimmed">
              {messages.negativeListCount(list.count)}
            </Text>
          </div>
          <Group gap="xs" wrap="wrap">
            <Button variant="default" size="xs" leftSection={<IconClipboardList size={14} />} onClick={onPaste}>
              {messages.pasteNegativeTerms}
            </Button>
            <Button variant="default" size="xs" leftSection={<IconPencil size={14} />} onClick={onRename}>
              {messages.renameNegativeList}
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconTrash size={14} color="var(--mantine-color-red-9)" aria-hidden />}
              onClick={onDelete}
            >
              {messages.deleteNegativeList}
            </Button>
          </Group>
        </Group>
      </DataCardHead>
      <DataCardToolbar>
        <AddNegativeTermForm key={list.id} projectId={projectId} listId={list.id} />
      </DataCardToolbar>
      {detail.isPending ? (
        <DataCardSkeleton label="Loading negative keywords" rows={4} widths={['40%', '15%']} />
      ) : detail.isError && !detail.data ? (
        <Group p="md">
          <LoadFailedAlert
            title={messages.failedToLoadNegativeLists}
            isRetrying={detail.isFetching}
            onRetry={() => void detail.refetch()}
          />
        </Group>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xl" px="md">
          {messages.noNegativeItems}
        </Text>
      ) : (
        <DataCardRows isLoading={detail.isPlaceholderData}>
          <NegativeTerms
            listName={list.name}
            items={items}
            isWide={isWide}
            isRemoving={(itemId) => removeItem.isPending && removeItem.variables?.itemId === itemId}
            onRemove={handleRemove}
          />
        </DataCardRows>
      )}
      {pagination && (
        <DataCardPager
          label={messages.negativeTermsTableLabel(list.name)}
          total={pagination.totalPages}
          value={page}
          isWide={isWide}
          onChange={handlePageChange}
        />
      )}
    </DataCard>
  );
}
