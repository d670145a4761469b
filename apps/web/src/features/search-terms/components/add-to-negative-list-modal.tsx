import { constants, messages, negativeListInputSchema, negativeNotation } from '@keywright/contract';
import { Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useAddSuggestionsToList, useProjectNegativeLists } from '../api/negative-suggestions';
import type { SuggestionItem } from '../suggestion-items';

type Target = 'new' | 'existing';

/**
 * Add to negative list: the chosen suggestions go to a list picked from the project's or made
 * here by name, in one call, each at its level (the campaign, or its ad group); the toast says how many were added and skipped. Mount it with a
 * `key` per opening so the fields start afresh.
 */
export function AddToNegativeListModal({
  projectId,
  opened,
  items,
  onClose,
}: {
  projectId: number;
  opened: boolean;
  items: SuggestionItem[];
  onClose: () => void;
}) {
  const lists = useProjectNegativeLists(projectId, opened);
  const hasLists = (lists.data?.length ?? 0) > 0;
  const [chosenTarget, setTarget] = useState<Target | null>(null);
  const target: Target = chosenTarget ?? (hasLists ? 'existing' : 'new');
  const [name, setName] = useState<string>(messages.negativeSuggestionsNewListDefault);
  const [listId, setListId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddSuggestionsToList(projectId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let list: { id: number } | { name: string };
    let listName: string;
    if (target === 'new') {
      const parsed = negativeListInputSchema.safeParse({ name });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? messages.listNameRequired);
        return;
      }
      list = { name: parsed.data.name };
      listName = parsed.data.name;
    } else {
      const found = lists.data?.find((item) => String(item.id) === listId);
      if (!found) {
        setError(messages.chooseNegativeList);
        return;
      }
      list = { id: found.id };
      listName = found.name;
    }
    add.mutate(
      { list, items },
      {
        onSuccess: ({ added }) => {
          notifySuccess(messages.negativeSuggestionsAdded(added.added, added.skipped, listName));
          onClose();
        },
        onError: (failure) => {
          if (isApiError(failure) && (failure.status === 409 || failure.status === 400)) {
            setError(errorMessage(failure, messages.failedToAddSuggestions));
          } else notifyApiError(failure, messages.failedToAddSuggestions);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={add.isPending ? () => undefined : onClose}
      title={messages.negativeSuggestionsAddTitle}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {hasLists && (
            <SegmentedControl
              value={target}
              onChange={(value) => {
                setTarget(value as Target);
                setError(null);
              }}
              data={[
                { value: 'existing', label: messages.negativeSuggestionsExistingList },
                { value: 'new', label: messages.negativeSuggestionsNewList },
              ]}
              fullWidth
            />
          )}
          {target === 'new' ? (
            <TextInput
              label={messages.negativeSuggestionsNewListName}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              maxLength={constants.limits.listName}
              required
              data-autofocus
            />
          ) : (
            <Select
              label={messages.chooseNegativeList}
              data={(lists.data ?? []).map((item) => ({
                value: String(item.id),
                label: `${item.name} (${messages.negativeListCount(item.count)})`,
              }))}
              value={listId}
              onChange={(value) => {
                setListId(value);
                setError(null);
              }}
              error={error}
              allowDeselect={false}
              required
              data-autofocus
            />
          )}
          <Text size="sm" c="dimmed">
            {items
              .map((item) => {
                const notation = negativeNotation(item.text, item.match_type);
                return item.ad_group ? messages.negativeSuggestionForAdGroup(notation, item.ad_group) : notation;
              })
              .join(', ')}
          </Text>
          <FormDialogActions
            submitLabel={messages.negativeSuggestionsAddButton(items.length)}
            isSaving={add.isPending}
            mt="sm"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
