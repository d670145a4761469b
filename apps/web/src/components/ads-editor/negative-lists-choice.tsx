import { messages } from '@keywright/contract';
import { Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useProjectNegativeLists } from './api/get-project-negative-lists';
import classes from './ads-editor.module.css';

/**
 * Which of the project's negative lists an Ads Editor export carries: all of them checked at
 * first, each with its term count. `ids` is what to send as `negativeListIds`: undefined while
 * every list is checked or the lists are not known, so the server takes all of them, as the boxes
 * say; the checked ones once the person unchecks one.
 */
export function useNegativeListsChoice(projectId: number) {
  const query = useProjectNegativeLists(projectId);
  // What the person unchecked: a list made meanwhile comes in checked, like the others did.
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(() => new Set());
  const lists = query.data;
  const checked = useMemo(
    () => lists?.filter((list) => !unchecked.has(list.id)).map((list) => list.id),
    [lists, unchecked],
  );
  const ids = checked && lists && checked.length < lists.length ? checked : undefined;
  /** The boxes checked now, as the group's string values. */
  const choose = (checked: readonly string[]) =>
    setUnchecked(new Set((lists ?? []).map((list) => list.id).filter((id) => !checked.includes(String(id)))));
  return { query, ids, checked, choose };
}

export function NegativeListsChoice({ choice }: { choice: ReturnType<typeof useNegativeListsChoice> }) {
  const { query, checked, choose } = choice;
  const lists = query.data;
  let body;
  if (lists && lists.length > 0) {
    body = (
      <Stack gap={6} mt={6}>
        {lists.map((list) => (
          <Checkbox
            key={list.id}
            value={String(list.id)}
            label={messages.negativeListInExport(list.name, list.count)}
            classNames={{ label: classes.choice }}
          />
        ))}
      </Stack>
    );
  } else if (lists) {
    body = (
      <Text size="sm" c="dimmed" mt={4}>
        {messages.noNegativeListsInExport}
      </Text>
    );
  } else if (query.isError) {
    body = (
      <Text size="sm" c="dimmed" mt={4}>
        {messages.negativeListsInExportFailed}
      </Text>
    );
  } else {
    body = <Loader size="xs" mt={6} aria-label={messages.negativeListsInExport} />;
  }
  return (
    <Checkbox.Group
      label={messages.negativeListsInExport}
      description={messages.negativeListsInExportHint}
      value={(checked ?? []).map(String)}
      onChange={choose}
    >
      {body}
    </Checkbox.Group>
  );
}
