import { messages, negativeLimits, parseNegativeLines, type NegativeMatchType } from '@keywright/contract';
import { Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notifyApiError, notifyNotice, notifySuccess } from '@/lib/notify';
import { useAddNegativeItems } from '../api/add-negative-items';
import { matchTypeOptions } from './match-type-options';

/**
 * Paste a list: one term a line, in Google Ads' notation ([exact], "phrase"); a bare line gets the
 * match type chosen here. Mount it with a `key` per opening so the fields start afresh.
 */
export function PasteNegativeTermsModal({
  projectId,
  listId,
  listName,
  opened,
  onClose,
}: {
  projectId: number;
  listId: number;
  listName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [fallback, setFallback] = useState<NegativeMatchType>('phrase');
  const [error, setError] = useState<string | null>(null);
  const addItems = useAddNegativeItems(projectId);
  const fallbackLabelId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const items = parseNegativeLines(text, fallback);
    if (items.length === 0) return setError(messages.negativeItemsRequired);
    if (items.length > negativeLimits.items) return setError(messages.tooManyNegativeItems(negativeLimits.items));
    addItems.mutate(
      { listId, input: { items } },
      {
        onSuccess: (answer) => {
          const summary = messages.negativeItemsSummary(answer);
          if (answer.skipped > 0) notifyNotice(summary, listName);
          else notifySuccess(summary);
          onClose();
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
    <Modal
      opened={opened}
      onClose={addItems.isPending ? () => undefined : onClose}
      title={messages.pasteNegativeTermsTitle}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Textarea
            label={messages.pasteNegativeTermsLabel}
            description={messages.pasteNegativeTermsHint}
            placeholder={'[free trial]\n"how to"\njobs'}
            autosize
            minRows={6}
            maxRows={14}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id={fallbackLabelId}>
              {messages.pasteNegativeTermsDefault}
            </Text>
            <SegmentedControl
              aria-labelledby={fallbackLabelId}
              value={fallback}
              onChange={(value) => setFallback(value as NegativeMatchType)}
              data={matchTypeOptions}
              w="fit-content"
            />
          </Stack>
          <FormDialogActions
            submitLabel={messages.addNegativeTerms}
            isSaving={addItems.isPending}
            mt="sm"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
