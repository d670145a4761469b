import { messages, normalizeKeyword, type KeywordIdea, type KeywordList } from '@keywright/contract';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IdeasPanel } from '@/components/keyword-ideas/ideas-panel';
import { IdeaAddButton, KeywordIdeasView } from '@/components/keyword-ideas/keyword-ideas';
import { isApiError } from '@/lib/api-error';
import { notifySuccess } from '@/lib/notify';
import { useAddKeywordListText } from '../api/add-keyword-list-text';
import { notifyAddToListError } from './notify-add-to-list';

const withItem = (set: ReadonlySet<string>, item: string) => new Set(set).add(item);
const withoutItem = (set: ReadonlySet<string>, item: string) => {
  const next = new Set(set);
  next.delete(item);
  return next;
};

/** Ideas added to the list while the panel is open: their buttons turn into checks. */
function useIdeaAdds(listId: number, onAdded: () => void) {
  const [added, setAdded] = useState<ReadonlySet<string>>(() => new Set());
  const [adding, setAdding] = useState<ReadonlySet<string>>(() => new Set());
  const { mutate } = useAddKeywordListText({
    onMutate: ({ keywordText }) => setAdding((current) => withItem(current, normalizeKeyword(keywordText))),
    onSuccess: ({ item }, { keywordText }) => {
      setAdded((current) => withItem(current, normalizeKeyword(keywordText)));
      notifySuccess(messages.addedToTheList(item.keyword));
      onAdded();
    },
    onError: (error, { keywordText }) => {
      // Already in the list: as good as added.
      if (isApiError(error) && error.status === 409) {
        setAdded((current) => withItem(current, normalizeKeyword(keywordText)));
      }
      notifyAddToListError(error);
    },
    onSettled: (_answer, _error, { keywordText }) =>
      setAdding((current) => withoutItem(current, normalizeKeyword(keywordText))),
  });
  return {
    isAdded: (keyword: string) => added.has(normalizeKeyword(keyword)),
    isAdding: (keyword: string) => adding.has(normalizeKeyword(keyword)),
    add: (keyword: string) => mutate({ listId, keywordText: keyword, isIdea: true }),
  };
}

/** Suggestions for a list: loading, then the ideas with an add button each (or why there are none), and Hide. */
export function ListSuggestionsPanel({
  list,
  ideas,
  isWide,
  onHide,
  onAdded,
}: {
  list: KeywordList;
  /** Undefined while they load. */
  ideas: readonly KeywordIdea[] | undefined;
  isWide: boolean;
  onHide: () => void;
  onAdded: () => void;
}) {
  const adds = useIdeaAdds(list.id, onAdded);
  return (
    <IdeasPanel
      title="Suggestions"
      ideas={ideas}
      isWide={isWide}
      onHide={onHide}
      hideLabel="Hide suggestions"
      titleSize="h5"
      card={{ withBorder: true }}
      empty={
        <Stack gap={2} align="center" ta="center" py="lg" px="md" role="status">
          <Text fw={600} size="sm">
            {messages.noSuggestionsFound}
          </Text>
          <Text size="sm" c="dimmed">
            {messages.noSuggestionsHint}
          </Text>
        </Stack>
      }
    >
      {(shown) => (
        <KeywordIdeasView
          ideas={shown}
          isWide={isWide}
          label={`Suggestions for ${list.name}`}
          actionsWidth={44}
          renderActions={({ keyword }) => (
            <IdeaAddButton
              keyword={keyword}
              target="list"
              isAdded={adds.isAdded(keyword)}
              isAdding={adds.isAdding(keyword)}
              onAdd={adds.add}
            />
          )}
        />
      )}
    </IdeasPanel>
  );
}
