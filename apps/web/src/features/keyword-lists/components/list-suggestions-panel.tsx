import { messages, normalizeKeyword, type KeywordIdea, type KeywordList } from '@keywright/contract';
import { Badge, Button, Card, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconEyeOff } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { EstimatedBadge } from '@/components/keyword-figures';
import { IdeaAddButton, KeywordIdeasView } from '@/components/keyword-ideas/keyword-ideas';
import { isApiError } from '@/lib/api-error';
import { hasEstimates } from '@/lib/figures';
import { notifySuccess } from '@/lib/notify';
import { useAddKeywordListText } from '../api/add-keyword-list-text';
import { notifyAddToListError } from './notify-add-to-list';
import classes from './keyword-lists.module.css';

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
  const titleId = useId();
  const adds = useIdeaAdds(list.id, onAdded);
  const label = `Suggestions for ${list.name}`;
  return (
    <Card component="section" aria-labelledby={titleId} padding={0} withBorder>
      <Group justify="space-between" gap="xs" wrap="nowrap" px={{ base: 'sm', sm: 'md' }} py="xs">
        <Group gap={8} wrap="wrap" style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <IconBulb size={18} aria-hidden className={classes.suggestionsIcon} />
            <Title order={3} id={titleId} size="h5">
              Suggestions
            </Title>
          </Group>
          {ideas && (
            <Group gap={6} wrap="nowrap">
              <Badge variant="light" radius="sm" color="gray">
                {ideas.length}
              </Badge>
              {hasEstimates(ideas) && <EstimatedBadge size="xs" />}
            </Group>
          )}
        </Group>
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          leftSection={<IconEyeOff size={14} />}
          aria-label="Hide suggestions"
          onClick={onHide}
          style={{ flexShrink: 0 }}
        >
          Hide
        </Button>
      </Group>
      {ideas === undefined ? (
        <Group gap="sm" justify="center" py="lg" role="status" className={classes.suggestionsBody}>
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Fetching suggestions…
          </Text>
        </Group>
      ) : ideas.length === 0 ? (
        <Stack gap={2} align="center" ta="center" py="lg" px="md" role="status" className={classes.suggestionsBody}>
          <Text fw={600} size="sm">
            {messages.noSuggestionsFound}
          </Text>
          <Text size="sm" c="dimmed">
            {messages.noSuggestionsHint}
          </Text>
        </Stack>
      ) : (
        <ScrollArea.Autosize
          mah={isWide ? 360 : 420}
          type="auto"
          offsetScrollbars="y"
          className={classes.suggestionsBody}
        >
          <KeywordIdeasView
            ideas={ideas}
            isWide={isWide}
            label={label}
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
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
