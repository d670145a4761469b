import { messages, normalizeKeyword, type KeywordIdea, type KeywordList } from '@keywright/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBulb, IconCheck, IconEyeOff, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { CompetitionBadge, EstimatedBadge, FigureText } from '@/components/keyword-figures';
import { isApiError } from '@/lib/api-error';
import { hasEstimates, formatSearchVolume } from '@/lib/figures';
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

type IdeaAdds = ReturnType<typeof useIdeaAdds>;

/** One button throughout (never disabled), so keyboard focus stays on it when it turns into a check. */
function AddIdeaButton({ keyword, adds }: { keyword: string; adds: IdeaAdds }) {
  const isAdded = adds.isAdded(keyword);
  const isAdding = adds.isAdding(keyword);
  return (
    <Tooltip label={isAdded ? 'Added to the list' : 'Add to the list'}>
      <ActionIcon
        size="md"
        radius={isAdded ? 'xl' : undefined}
        variant="light"
        color={isAdded ? 'teal' : undefined}
        aria-label={isAdded ? `${keyword} added to the list` : `Add ${keyword} to the list`}
        aria-disabled={isAdded || isAdding || undefined}
        aria-busy={isAdding || undefined}
        className={classes.addIdea}
        onClick={() => {
          if (!isAdded && !isAdding) adds.add(keyword);
        }}
      >
        {isAdding ? (
          <Loader size={14} color="currentColor" />
        ) : isAdded ? (
          <IconCheck size={16} stroke={2.5} />
        ) : (
          <IconPlus size={16} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}

function IdeasTable({ ideas, adds, label }: { ideas: readonly KeywordIdea[]; adds: IdeaAdds; label: string }) {
  return (
    <Table aria-label={label} className={classes.keywordsTable} verticalSpacing={6} stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Keyword</Table.Th>
          <Table.Th ta="right">Volume</Table.Th>
          <Table.Th>Competition</Table.Th>
          <Table.Th>CPC</Table.Th>
          <Table.Th w={44}>
            <VisuallyHidden>Add</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ideas.map((idea) => (
          <Table.Tr key={idea.keyword}>
            <Table.Td>
              <Text size="sm" className={classes.keywordText}>
                {idea.keyword}
              </Text>
            </Table.Td>
            <Table.Td ta="right" className={classes.figure}>
              {formatSearchVolume(idea.avg_monthly_searches)}
            </Table.Td>
            <Table.Td>
              <CompetitionBadge value={idea.competition} size="xs" />
            </Table.Td>
            <Table.Td className={classes.figure}>{idea.cpc_range}</Table.Td>
            <Table.Td>
              <AddIdeaButton keyword={idea.keyword} adds={adds} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function IdeasList({ ideas, adds, label }: { ideas: readonly KeywordIdea[]; adds: IdeaAdds; label: string }) {
  return (
    <ul className={classes.itemList} aria-label={label}>
      {ideas.map((idea) => (
        <li key={idea.keyword} className={classes.item}>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={500} className={classes.keywordText}>
              {idea.keyword}
            </Text>
            <div className={classes.figureLine}>
              <FigureText label="Volume">{formatSearchVolume(idea.avg_monthly_searches)}</FigureText>
              <FigureText label="Competition">
                <CompetitionBadge value={idea.competition} size="xs" />
              </FigureText>
              <FigureText label="CPC">{idea.cpc_range}</FigureText>
            </div>
          </div>
          <AddIdeaButton keyword={idea.keyword} adds={adds} />
        </li>
      ))}
    </ul>
  );
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
          {isWide ? (
            <IdeasTable ideas={ideas} adds={adds} label={label} />
          ) : (
            <IdeasList ideas={ideas} adds={adds} label={label} />
          )}
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
