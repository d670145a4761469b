import { adLineLimit, messages, type AdLineKind } from '@keywright/contract';
import { Alert, Checkbox, Group, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, type KeyboardEvent } from 'react';
import { keptCount, lineLength, type AdLine } from '../ad-preview';
import classes from './ad-copy.module.css';

const texts = {
  headlines: {
    title: messages.adHeadlinesTitle,
    kept: messages.headlinesKept,
    keep: messages.keepHeadline,
    label: messages.headlineLabel,
  },
  descriptions: {
    title: messages.adDescriptionsTitle,
    kept: messages.descriptionsKept,
    keep: messages.keepDescription,
    label: messages.descriptionLabel,
  },
} as const;

/** A line is one line: Enter does not break it (the server would make the break a space). */
const keepOnOneLine = (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * The written headlines or descriptions: a box to keep each (at most `maxKept`, then the others
 * wait for an untick), its text to edit and its length against the limit, counted by grapheme.
 */
export function AdLineList({
  kind,
  lines,
  maxKept,
  error,
  onKeptChange,
  onTextChange,
}: {
  kind: AdLineKind;
  lines: readonly AdLine[];
  maxKept: number;
  /** What the export found wrong with the kept lines, once it was asked for. */
  error: string | undefined;
  onKeptChange: (index: number, isKept: boolean) => void;
  onTextChange: (index: number, text: string) => void;
}) {
  const headingId = useId();
  const limit = adLineLimit[kind];
  const kept = keptCount(lines);
  const isFull = kept >= maxKept;
  const { title, kept: keptText, keep, label } = texts[kind];

  return (
    <section aria-labelledby={headingId} className={classes.lineSection}>
      <Group justify="space-between" align="baseline" gap="xs" mb="xs">
        <Title order={3} id={headingId} size="h4">
          {title}
        </Title>
        <Text size="sm" fw={600} c={isFull ? 'indigo.8' : 'gray.7'} aria-live="polite">
          {keptText(kept, maxKept)}
        </Text>
      </Group>
      {isFull && (
        <Text size="xs" c="dimmed" mt={-6} mb="xs" ta="right">
          {messages.keepLimitReached}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mb="sm" role="alert">
          {error}
        </Alert>
      )}
      <ol className={kind === 'headlines' ? classes.headlineGrid : classes.descriptionGrid}>
        {lines.map((line, index) => (
          <AdLineRow
            key={index}
            kind={kind}
            line={line}
            limit={limit}
            keepLabel={keep(index + 1)}
            textLabel={label(index + 1)}
            canKeep={line.isKept || !isFull}
            onKeptChange={(isKept) => onKeptChange(index, isKept)}
            onTextChange={(text) => onTextChange(index, text)}
          />
        ))}
      </ol>
    </section>
  );
}

function AdLineRow({
  kind,
  line,
  limit,
  keepLabel,
  textLabel,
  canKeep,
  onKeptChange,
  onTextChange,
}: {
  kind: AdLineKind;
  line: AdLine;
  limit: number;
  keepLabel: string;
  textLabel: string;
  canKeep: boolean;
  onKeptChange: (isKept: boolean) => void;
  onTextChange: (text: string) => void;
}) {
  const countId = useId();
  const errorId = useId();
  const { length, isOver } = lineLength(line.text, limit);
  const describedBy = isOver ? `${errorId} ${countId}` : countId;
  const count = (
    <Text
      id={countId}
      size="xs"
      fw={isOver ? 700 : 500}
      c={isOver ? 'var(--mantine-color-error)' : 'dimmed'}
      className={classes.count}
    >
      {messages.characterCount(length, limit)}
    </Text>
  );
  const field = {
    'aria-label': textLabel,
    'aria-describedby': describedBy,
    value: line.text,
    error: isOver,
    rightSection: count,
    rightSectionWidth: 52,
    rightSectionPointerEvents: 'none' as const,
    className: classes.lineInput,
  };

  return (
    <li className={classes.lineRow}>
      <Checkbox
        aria-label={keepLabel}
        checked={line.isKept}
        disabled={!canKeep}
        onChange={(event) => onKeptChange(event.currentTarget.checked)}
        className={classes.lineCheckbox}
      />
      <div className={classes.lineField}>
        {kind === 'headlines' ? (
          <TextInput {...field} onChange={(event) => onTextChange(event.currentTarget.value)} />
        ) : (
          <Textarea
            {...field}
            autosize
            minRows={1}
            maxRows={4}
            onKeyDown={keepOnOneLine}
            onChange={(event) => onTextChange(event.currentTarget.value)}
          />
        )}
        {isOver && (
          <Text id={errorId} size="xs" c="var(--mantine-color-error)" fw={600} mt={4}>
            {messages.adLineTooLong(limit)}
          </Text>
        )}
      </div>
    </li>
  );
}
