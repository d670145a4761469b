import type { KeywordIdea } from '@keywright/contract';
import { Badge, Button, Card, Group, Loader, ScrollArea, Text, Title } from '@mantine/core';
import { IconBulb, IconEyeOff } from '@tabler/icons-react';
import { useId } from 'react';
import { hasEstimates } from '../figures';
import type { SessionKeywords } from '../hooks/use-session-keywords';
import { EstimatedBadge } from './keyword-figures';
import { KeywordIdeas } from './keyword-ideas';
import classes from './keywords.module.css';

/** Google Ads suggestions above the rows: loading, then the ideas with an add button each. */
export function SuggestionsPanel({
  suggestions,
  isLoading,
  session,
  isWide,
  onHide,
}: {
  suggestions: readonly KeywordIdea[] | undefined;
  isLoading: boolean;
  session: SessionKeywords;
  isWide: boolean;
  onHide: () => void;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} padding={0} shadow="none" className={classes.suggestions}>
      <Group justify="space-between" gap="xs" wrap="nowrap" px={{ base: 'sm', sm: 'md' }} py="xs">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <IconBulb size={18} aria-hidden className={classes.suggestionsIcon} />
          <Title order={3} id={titleId} size="h4">
            Google Ads suggestions
          </Title>
          {suggestions && (
            <Badge variant="light" radius="sm" color="gray">
              {suggestions.length}
            </Badge>
          )}
          {suggestions && hasEstimates(suggestions) && <EstimatedBadge size="xs" />}
        </Group>
        <Button variant="subtle" color="gray" size="xs" leftSection={<IconEyeOff size={14} />} onClick={onHide}>
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
        <ScrollArea.Autosize mah={isWide ? 360 : 420} type="auto" className={classes.suggestionsBody}>
          <KeywordIdeas ideas={suggestions} session={session} isWide={isWide} label="Google Ads suggestions" />
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
