import { messages, type NegativeList, type Project } from '@keywright/contract';
import { Anchor, Button, Card, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { PageHeader } from '@/components/page-header';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useDialog } from '@/lib/use-dialog';
import { useDeleteNegativeList } from '../api/delete-negative-list';
import { useNegativeLists } from '../api/get-negative-lists';
import { NegativeListCard } from './negative-list-card';
import { NegativeListFormModal } from './negative-list-form-modal';
import { PasteNegativeTermsModal } from './paste-negative-terms-modal';

function BackToProjectLink({ project }: { project: Project }) {
  return (
    <Anchor component={Link} to={`/projects/${project.id}/keywords`} size="sm" fw={500}>
      <Group gap={6} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        <span style={{ overflowWrap: 'anywhere' }}>Back to {project.name}</span>
      </Group>
    </Anchor>
  );
}

/** A project's negative keyword lists: choose one, add and remove its terms, paste many, rename, delete. */
export function NegativeKeywordsScreen({ project }: { project: Project }) {
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const lists = useNegativeLists(project.id);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const formDialog = useDialog<NegativeList | null>();
  const pasteDialog = useDialog<NegativeList>();
  const [deleting, setDeleting] = useState<NegativeList | null>(null);
  const [shownDeleting, setShownDeleting] = useState<NegativeList | null>(null);
  if (deleting !== null && deleting !== shownDeleting) setShownDeleting(deleting);
  const deleteList = useDeleteNegativeList(project.id);

  const all = lists.data ?? [];
  // The chosen list, or the first while none is (or the chosen one was deleted).
  const chosen = all.find((list) => list.id === chosenId) ?? all[0] ?? null;

  const handleDelete = () => {
    if (!deleting) return;
    deleteList.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(messages.negativeListDeleted(deleting.name));
        setChosenId(null);
        setDeleting(null);
      },
      onError: (error) => {
        notifyApiError(error, messages.failedToDeleteNegativeList);
        setDeleting(null);
      },
    });
  };

  const newListButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => formDialog.open(null)}>
      {messages.newNegativeList}
    </Button>
  );

  let body;
  if (lists.isPending) {
    body = (
      <Stack gap="md" role="status" aria-label="Loading negative lists">
        <Skeleton height={36} width={280} />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  } else if (lists.isError) {
    body = (
      <LoadFailedAlert
        title={messages.failedToLoadNegativeLists}
        isRetrying={lists.isFetching}
        onRetry={() => void lists.refetch()}
      />
    );
  } else if (!chosen) {
    body = (
      <Card py={48} px="lg">
        <Stack align="center" gap="md">
          <Text ta="center" c="dimmed" maw={460}>
            {messages.noNegativeLists}
          </Text>
          {newListButton}
        </Stack>
      </Card>
    );
  } else {
    body = (
      <Stack gap="md">
        <Select
          label={messages.chooseNegativeList}
          data={all.map((list) => ({
            value: String(list.id),
            label: `${list.name} (${messages.negativeListCount(list.count)})`,
          }))}
          value={String(chosen.id)}
          onChange={(value) => value && setChosenId(Number(value))}
          allowDeselect={false}
          w={{ base: '100%', sm: 360 }}
        />
        <NegativeListCard
          key={chosen.id}
          projectId={project.id}
          list={chosen}
          isWide={isWide}
          onRename={() => formDialog.open(chosen)}
          onDelete={() => setDeleting(chosen)}
          onPaste={() => pasteDialog.open(chosen)}
        />
      </Stack>
    );
  }

  return (
    <>
      <Stack gap="sm" mb="xs">
        <div>
          <BackToProjectLink project={project} />
        </div>
      </Stack>
      <PageHeader
        title={messages.negativeKeywordsTitle}
        description={messages.negativeKeywordsIntro}
        actions={chosen ? newListButton : undefined}
      />
      {body}
      <NegativeListFormModal
        key={`form-${formDialog.key}`}
        projectId={project.id}
        opened={formDialog.opened}
        list={formDialog.subject}
        onClose={formDialog.close}
        onSaved={(list) => setChosenId(list.id)}
      />
      {pasteDialog.subject && (
        <PasteNegativeTermsModal
          key={`paste-${pasteDialog.key}`}
          projectId={project.id}
          listId={pasteDialog.subject.id}
          listName={pasteDialog.subject.name}
          opened={pasteDialog.opened}
          onClose={pasteDialog.close}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={messages.deleteNegativeListTitle}
        body={messages.deleteNegativeListBody(shownDeleting?.name ?? '', shownDeleting?.count ?? 0)}
        confirmLabel="Delete"
        isLoading={deleteList.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
