import { messages, negativeTextProblem, parseNegativeLines, type NegativeMatchType } from '@keywright/contract';
import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useAddNegativeItems } from '../api/add-negative-items';
import { matchTypeOptions } from './match-type-options';

const problemText = {
  empty: messages.negativeTextRequired,
  too_long: messages.negativeTextTooLong,
  too_many_words: messages.negativeTextTooManyWords,
} as const;

/** One term and its match type; typed as Google Ads writes it ([exact], "phrase"), the notation wins. */
export function AddNegativeTermForm({ projectId, listId }: { projectId: number; listId: number }) {
  const [text, setText] = useState('');
  const [matchType, setMatchType] = useState<NegativeMatchType>('phrase');
  const [error, setError] = useState<string | null>(null);
  const addItems = useAddNegativeItems(projectId);
  const errorId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const [term] = parseNegativeLines(text, matchType);
    const problem = term ? negativeTextProblem(term.text) : 'empty';
    if (!term || problem) return setError(problemText[problem ?? 'empty']);
    addItems.mutate(
      { listId, input: term },
      {
        onSuccess: (answer) => {
          if (answer.added === 0) return setError(messages.negativeSkipReasons.duplicate);
          notifySuccess(messages.negativeItemsSummary(answer));
          setText('');
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 400) {
            setError(errorMessage(failure, messages.failedToAddNegativeTerms));
          } else notifyApiError(failure, messages.failedToAddNegativeTerms);
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate style={{ width: '100%' }}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={messages.negativeTermLabel}
          placeholder={messages.negativeTermPlaceholder}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          error={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          style={{ flex: '1 1 220px' }}
        />
        <SegmentedControl
          aria-label={messages.matchTypeLabel}
          value={matchType}
          onChange={(value) => setMatchType(value as NegativeMatchType)}
          data={matchTypeOptions}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={addItems.isPending}>
          {messages.addNegativeTerm}
        </Button>
      </Group>
      {/* Under the row, so the field, the match type and Add stay level. */}
      {error && (
        <Text id={errorId} size="sm" c="red.9" mt={6} role="alert">
          {error}
        </Text>
      )}
    </form>
  );
}
