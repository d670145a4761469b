import { messages, type Project } from '@keywright/contract';
import { ActionIcon, Anchor, CloseButton, Group, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useAddToList } from '@/components/save-to-list/add-to-list-provider';
import { errorMessage } from '@/lib/api-error';
import { notifyApiError, notifyInfo } from '@/lib/notify';
import { useSimilarKeywords } from '../api/get-similar-keywords';
import { hasEstimates } from '@/lib/figures';
import type { SessionKeywords } from '@/components/project-keywords/use-session-keywords';
import { EstimatedBadge } from '@/components/keyword-figures';
import { KeywordIdeas } from '@/components/project-keywords/keyword-ideas';
import classes from './keywords.module.css';
import { LazyPopover } from '@/components/lazy-popover';
import { LazyTooltip } from '@/components/lazy-tooltip';
import card from '@/components/data-card/data-card.module.css';

export interface SimilarKeywordsProps {
  keyword: string;
  project: Pick<Project, 'id' | 'language' | 'country' | 'city'>;
  session: SessionKeywords;
  isWide: boolean;
}

/** The popover's content; mounted while it is open, so the keywords are asked for then. */
function SimilarKeywordsContent({
  keyword,
  project,
  session,
  isWide,
  titleId,
  onClose,
}: SimilarKeywordsProps & { titleId: string; onClose: () => void }) {
  const { language, country, city } = project;
  const similar = useSimilarKeywords({ keyword, language, country, city }, { enabled: true });
  const ideas = similar.data?.keywords;

  // SPEC 8: a toast for an error (server text preferred), an info toast when there are none.
  const { error, errorUpdatedAt, dataUpdatedAt } = similar;
  useEffect(() => {
    if (error) notifyApiError(error, messages.failedToGetSimilarKeywords, { preferServerText: true });
  }, [error, errorUpdatedAt]);
  const isEmpty = ideas !== undefined && ideas.length === 0;
  useEffect(() => {
    if (isEmpty) notifyInfo(messages.noSimilarKeywords);
  }, [isEmpty, dataUpdatedAt]);

  let body;
  if (similar.isPending) {
    body = (
      <Group gap="sm" py="md" justify="center" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Finding similar keywords…
        </Text>
      </Group>
    );
  } else if (similar.isError) {
    body = (
      <Stack gap={4} py="sm" align="center" ta="center">
        <Text size="sm" c="red.8">
          {errorMessage(error, messages.failedToGetSimilarKeywords)}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => void similar.refetch()}>
          Try again
        </Anchor>
      </Stack>
    );
  } else if (!ideas || ideas.length === 0) {
    body = (
      <Text size="sm" c="dimmed" py="sm" ta="center">
        {messages.noSimilarKeywords}
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={isWide ? 340 : 320} type="auto" offsetScrollbars="y">
        <KeywordIdeas
          ideas={ideas}
          projectId={project.id}
          session={session}
          isWide={isWide}
          label={`Keywords similar to ${keyword}`}
        />
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group gap={8} style={{ minWidth: 0 }}>
          <Text id={titleId} fw={600} size="sm" className={card.keywordText}>
            Similar to {keyword}
          </Text>
          {ideas && hasEstimates(ideas) && <EstimatedBadge size="xs" />}
        </Group>
        <CloseButton size="sm" aria-label="Close similar keywords" onClick={onClose} />
      </Group>
      {body}
    </Stack>
  );
}

/** A row's similar-keywords button and its popover 'Similar to {keyword}'. */
export function SimilarKeywordsButton(props: SimilarKeywordsProps) {
  const { keyword } = props;
  const [isOpen, setOpen] = useState(false);
  const titleId = useId();
  // Adding an idea to a list opens a dialog above the popover: the popover stays for the next idea.
  const { isOpen: isAddToListOpen } = useAddToList();
  return (
    <LazyPopover
      opened={isOpen}
      onChange={setOpen}
      closeOnClickOutside={!isAddToListOpen}
      closeOnEscape={!isAddToListOpen}
      width="min(640px, calc(100vw - 32px))"
      control={(ref) => (
        <LazyTooltip label="Similar keywords" disabled={isOpen}>
          <ActionIcon
            ref={ref}
            size="lg"
            color="indigo"
            aria-label={`Similar keywords to ${keyword}`}
            onClick={() => setOpen(!isOpen)}
          >
            <IconListSearch size={18} />
          </ActionIcon>
        </LazyTooltip>
      )}
      dropdown={
        <Popover.Dropdown aria-labelledby={titleId} p="sm" className={classes.similarDropdown}>
          {isOpen && <SimilarKeywordsContent {...props} titleId={titleId} onClose={() => setOpen(false)} />}
        </Popover.Dropdown>
      }
    />
  );
}
