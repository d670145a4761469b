import type { KeywordIdea } from '@keywright/contract';
import { Badge, Button, Card, Group, Loader, ScrollArea, Text, Title } from '@mantine/core';
import { IconBulb, IconEyeOff } from '@tabler/icons-react';
import { useId } from 'react';
import { hasEstimates } from '@/lib/figures';
import type { SessionKeywords } from '../hooks/use-session-keywords';
import { EstimatedBadge } from '@/components/keyword-figures';
import { KeywordIdeas } from './keyword-ideas';
import classes from './keywords.module.css';

/** Google Ads suggestions above the rows: loading, then the ideas with an add button each. */
export function SuggestionsPanel({
  suggestions,
  projectId,
  isLoading,
  session,
  isWide,
  onHide,
}: {
  suggestions: readonly KeywordIdea[] | undefined;
  projectId: number;
  isLoading: boolean;
  session: SessionKeywords;
  isWide: boolean;
  onHide: () => void;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} padding={0} shadow="none" className={classes.suggestions}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" px={{ base: 'sm', sm: 'md' }} py="xs">
        <Group gap={8} wrap="wrap" style={{ minWidth: 0 }} className={classes.suggestionsTitle}>
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconBulb size={18} aria-hidden className={classes.suggestionsIcon} />
            <Title order={3} id={titleId} size={isWide ? 'h4' : 'h5'}>
              Google Ads suggestions
            </Title>
          </Group>
          {suggestions && !isLoading && (
            <Group gap={6} wrap="nowrap">
              <Badge variant="light" radius="sm" color="gray">
                {suggestions.length}
              </Badge>
              {hasEstimates(suggestions) && <EstimatedBadge size="xs" />}
            </Group>
          )}
        </Group>
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          leftSection={<IconEyeOff size={14} />}
          onClick={onHide}
          style={{ flexShrink: 0 }}
        >
          Hide
        </Button>
      </Group>
      {isLoading || !suggestions ? (
        <Group gap="sm" justify="center" py="lg" role="status" className={classes.suggestionsBody}>
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Fetching suggestions…
          </Text>
        </Group>
      ) : (
        <ScrollArea.Autosize
          mah={isWide ? 360 : 420}
          type="auto"
          offsetScrollbars="y"
          className={classes.suggestionsBody}
        >
          <KeywordIdeas
            ideas={suggestions}
            projectId={projectId}
            session={session}
            isWide={isWide}
            label="Google Ads suggestions"
          />
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
