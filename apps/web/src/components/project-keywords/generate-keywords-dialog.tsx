import {
  currencySymbol,
  messages,
  moreKeywordsLengthOptions,
  type GenerateFilteredKeywordsAnswer,
} from '@keywright/contract';
import { Button, Group, Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { notifyApiError } from '@/lib/notify';
import { useGenerateFilteredKeywords } from './api/generate-filtered-keywords';
import {
  clampGenerateCount,
  generateCpcError,
  generateKeywordsDefaults,
  generateKeywordsRequest,
  lengthLabels,
  type GenerateCountRange,
  type GenerateKeywordsValues,
  type MoreKeywordsLength,
} from './generate-keywords-form';
import { NoNewKeywordsAlert, type WiderSettings } from './no-new-keywords-alert';

const lengthData = moreKeywordsLengthOptions.map((value) => ({ value, label: lengthLabels[value] }));

interface GenerateKeywordsOptions {
  /** The dialog's title. */
  title: string;
  countRange: GenerateCountRange;
  /** The failure toast's text when the server sends none. */
  failureMessage: string;
  /** Shows the page's suggestions: the next step when nothing is wider to generate with. */
  onShowSuggestions?: () => void;
  /** The project's currency: the CPC bounds are in it. */
  currency?: string;
}

function GenerateKeywordsForm({
  projectId,
  generate,
  countRange,
  failureMessage,
  onShowSuggestions,
  currency,
  onCancel,
  onGenerated,
}: Omit<GenerateKeywordsOptions, 'title'> & {
  projectId: number;
  generate: ReturnType<typeof useGenerateFilteredKeywords>;
  onCancel: () => void;
  onGenerated: (answer: GenerateFilteredKeywordsAnswer) => void;
}) {
  const { min: minCount, max: maxCount } = countRange;
  const [values, setValues] = useState<GenerateKeywordsValues>(() => generateKeywordsDefaults(countRange));
  const cpcError = generateCpcError(values);
  const lengthLabelId = useId();
  const cpcHintId = useId();
  const setField =
    <K extends keyof GenerateKeywordsValues>(field: K) =>
    (value: GenerateKeywordsValues[K]) =>
      setValues((current) => ({ ...current, [field]: value }));

  // A run that added nothing: the dialog stays, saying why and offering the wider choice.
  const [nothingNew, setNothingNew] = useState<{
    answer: GenerateFilteredKeywordsAnswer;
    askedLength: MoreKeywordsLength;
  } | null>(null);

  const run = (asked: GenerateKeywordsValues) => {
    const request = generateKeywordsRequest(asked, countRange);
    setValues({ ...asked, count: request.count });
    setNothingNew(null);
    generate.mutate(
      { projectId, ...request },
      {
        onSuccess: (answer) => {
          if (answer.generated.length === 0) setNothingNew({ answer, askedLength: asked.keywordLength });
          else onGenerated(answer);
        },
        onError: (error) => notifyApiError(error, failureMessage, { preferServerText: true }),
      },
    );
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cpcError || generate.isPending) return;
    run(values);
  };

  const handleWiden = (wider: WiderSettings) => {
    if (generate.isPending) return;
    run({ ...values, keywordLength: wider.keywordLength, minCpc: wider.minCpc ?? '', maxCpc: wider.maxCpc ?? '' });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Stack gap={8}>
          <NumberInput
            label="Number of keywords"
            description={`Between ${minCount} and ${maxCount}`}
            value={values.count}
            onChange={setField('count')}
            onBlur={() =>
              setValues((current) => ({ ...current, count: clampGenerateCount(current.count, countRange) }))
            }
            min={minCount}
            max={maxCount}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="blur"
            data-autofocus
          />
          <Group gap={6} role="group" aria-label="Preset counts">
            {countRange.presets.map((preset) => (
              <Button
                key={preset}
                size="compact-sm"
                radius="xl"
                variant={values.count === preset ? 'filled' : 'default'}
                aria-pressed={values.count === preset}
                onClick={() => setField('count')(preset)}
              >
                {preset}
              </Button>
            ))}
          </Group>
        </Stack>

        <Stack gap={6}>
          <SimpleGrid cols={2} spacing="sm" role="group" aria-label="CPC range" aria-describedby={cpcHintId}>
            {(['minCpc', 'maxCpc'] as const).map((field) => (
              <NumberInput
                key={field}
                label={field === 'minCpc' ? 'Min CPC' : 'Max CPC'}
                placeholder="Any"
                value={values[field]}
                onChange={setField(field)}
                min={0}
                step={0.01}
                decimalScale={2}
                allowNegative={false}
                leftSection={<span aria-hidden>{currencySymbol(currency)}</span>}
                leftSectionWidth={currencySymbol(currency).length > 1 ? 44 : undefined}
                error={cpcError !== null}
              />
            ))}
          </SimpleGrid>
          <Text id={cpcHintId} size="xs" c={cpcError ? 'red.8' : 'dimmed'} aria-live="polite">
            {cpcError ?? messages.cpcBoundsHint(currency ?? 'USD')}
          </Text>
        </Stack>

        <Stack gap={6}>
          <Text component="div" id={lengthLabelId} size="sm" fw={500}>
            Words per keyword
          </Text>
          <SegmentedControl
            aria-labelledby={lengthLabelId}
            data={lengthData}
            value={values.keywordLength}
            onChange={(value) => setField('keywordLength')(value as MoreKeywordsLength)}
            fullWidth
          />
        </Stack>

        {nothingNew && (
          <NoNewKeywordsAlert
            answer={nothingNew.answer}
            askedLength={nothingNew.askedLength}
            isRunning={generate.isPending}
            onWiden={handleWiden}
            onShowSuggestions={onShowSuggestions}
          />
        )}

        <Stack gap="xs" mt="xs">
          {generate.isPending && (
            <Text size="sm" c="dimmed" role="status" ta="right">
              Generating keywords; this can take a few seconds…
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={generate.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              leftSection={<IconSparkles size={16} />}
              loading={generate.isPending}
              disabled={cpcError !== null}
            >
              Generate
            </Button>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}

/**
 * Generates keywords for a project: a count in the dialog's range, CPC bounds, words per keyword;
 * the keywords join the project as New. Mount it with a new `key` per opening, so it starts from
 * the defaults.
 */
export function GenerateKeywordsDialog({
  opened,
  projectId,
  title,
  countRange,
  failureMessage,
  onShowSuggestions,
  currency,
  onClose,
  onGenerated,
}: GenerateKeywordsOptions & {
  opened: boolean;
  projectId: number;
  onClose: () => void;
  onGenerated: (answer: GenerateFilteredKeywordsAnswer) => void;
}) {
  const generate = useGenerateFilteredKeywords();
  // The call runs synchronously on the server: the dialog stays until it answers.
  const isBusy = generate.isPending;
  return (
    <Modal
      opened={opened}
      onClose={isBusy ? () => undefined : onClose}
      title={title}
      size="md"
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
    >
      <GenerateKeywordsForm
        projectId={projectId}
        generate={generate}
        countRange={countRange}
        failureMessage={failureMessage}
        onShowSuggestions={onShowSuggestions}
        currency={currency}
        onCancel={onClose}
        onGenerated={onGenerated}
      />
    </Modal>
  );
}
