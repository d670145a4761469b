import { messages, type GenerateFilteredKeywordsAnswer } from '@keywright/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBulb, IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import type { MoreKeywordsLength } from './generate-keywords-form';

export type WiderSettings = NonNullable<GenerateFilteredKeywordsAnswer['wider']>;

/** The wider choice's button text: without the CPC bounds, or with any number of words. */
export function widerChoiceLabel(wider: WiderSettings, askedLength: MoreKeywordsLength): string {
  return wider.keywordLength !== askedLength ? messages.generateWithAnyLength : messages.generateWithoutCpcBounds;
}

/**
 * When a generate run found no new keyword that fits: why (the server's notice), and the next
 * step in one click: the wider settings run again, or, when nothing is wider, suggestions.
 */
export function NoNewKeywordsAlert({
  answer,
  askedLength,
  isRunning,
  onWiden,
  onShowSuggestions,
}: {
  answer: GenerateFilteredKeywordsAnswer;
  askedLength: MoreKeywordsLength;
  isRunning: boolean;
  onWiden: (wider: WiderSettings) => void;
  onShowSuggestions?: () => void;
}) {
  const { wider } = answer;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={messages.noNewKeywordsTitle}
      role="status"
    >
      <Text size="sm">{answer.notice ?? messages.noNewKeywordsGenerated}</Text>
      <Group gap="xs" mt="sm">
        {wider && (
          <Button
            size="xs"
            leftSection={<IconSparkles size={14} aria-hidden />}
            loading={isRunning}
            onClick={() => onWiden(wider)}
          >
            {widerChoiceLabel(wider, askedLength)}
          </Button>
        )}
        {!wider && onShowSuggestions && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconBulb size={14} aria-hidden />}
            onClick={onShowSuggestions}
          >
            {messages.showSuggestionsInstead}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
