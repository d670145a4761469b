import { messages, type Project } from '@keywright/contract';
import {
  ActionIcon,
  Anchor,
  CloseButton,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import { notifyApiError, notifyInfo } from '@/lib/notify';
import { useSimilarKeywords } from '../api/get-similar-keywords';
import { hasEstimates } from '../figures';
import type { SessionKeywords } from '../hooks/use-session-keywords';
import { EstimatedBadge } from './keyword-figures';
import { KeywordIdeas } from './keyword-ideas';
import classes from './keywords.module.css';

export interface SimilarKeywordsProps {
  keyword: string;
  project: Pick<Project, 'language' | 'country' | 'city'>;
  session: SessionKeywords;
  isWide: boolean;
}

function SimilarKeywordsBody({ keyword, project, session, isWide }: SimilarKeywordsProps) {
  const { language, country, city } = project;
  const similar = useSimilarKeywords({ keyword, language, country, city }, { enabled: true });
  const ideas = similar.data?.keywords;

  // SPEC 8: a toast for the error (server text preferred), an info toast for none.
  const { error, errorUpdatedAt, dataUpdatedAt } = similar;
  useEffect(() => {
    if (error) notifyApiError(error, messages.failedToGetSimilarKeywords, { preferServerText: true });
  }, [error, errorUpdatedAt]);
  const isEmpty = ideas !== undefined && ideas.length === 0;
  useEffect(() => {
    if (isEmpty) notifyInfo(messages.noSimilarKeywords);
  }, [isEmpty, dataUpdatedAt]);

  if (similar.isPending) {
    return (
      <Group gap="sm" py="md" justify="center" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Finding similar keywords…
        </Text>
      </Group>
    );
  }
  if (similar.isError) {
    return (
      <Stack gap={4} py="sm" align="center" ta="center">
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(error, messages.failedToGetSimilarKeywords)}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => void similar.refetch()}>
          Try again
        </Anchor>
      </Stack>
    );
  }
  if (!ideas || ideas.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm" ta="center">
        {messages.noSimilarKeywords}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {hasEstimates(ideas) && (
        <Group gap={6}>
          <EstimatedBadge size="xs" />
        </Group>
      )}
      <ScrollArea.Autosize mah={isWide ? 340 : 300} type="auto" offsetScrollbars="y">
        <KeywordIdeas ideas={ideas} session={session} isWide={isWide} label={`Keywords similar to ${keyword}`} />
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** A row's similar-keywords button and its popover 'Similar to {keyword}'. */
export function SimilarKeywordsButton(props: SimilarKeywordsProps) {
  const { keyword } = props;
  const [isOpen, setOpen] = useState(false);
  const titleId = useId();
  return (
    <Popover
      opened={isOpen}
      onChange={setOpen}
      position="bottom-end"
      shadow="md"
      withArrow
      trapFocus
      returnFocus
      width="min(540px, calc(100vw - 32px))"
      middlewares={{ flip: true, shift: { padding: 16 } }}
    >
      <Popover.Target>
        <Tooltip label="Similar keywords" disabled={isOpen}>
          <ActionIcon
            size="lg"
            color="indigo"
            aria-label={`Similar keywords to ${keyword}`}
            onClick={() => setOpen((open) => !open)}
          >
            <IconListSearch size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId} p="sm" className={classes.similarDropdown}>
        <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
          <Text id={titleId} fw={600} size="sm" className={classes.keywordText}>
            Similar to {keyword}
          </Text>
          <CloseButton size="sm" aria-label="Close similar keywords" onClick={() => setOpen(false)} />
        </Group>
        {isOpen && <SimilarKeywordsBody {...props} />}
      </Popover.Dropdown>
    </Popover>
  );
}
