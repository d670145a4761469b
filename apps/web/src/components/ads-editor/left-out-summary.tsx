import type { ExportLeftOut } from '@keywright/contract';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { leftOutText } from './left-out';
import classes from './ads-editor.module.css';

/**
 * Beside an Ads Editor download: the keywords and negatives Google Ads' limits kept out of the
 * file, and the negatives of ad groups the file does not have, with why.
 */
export function LeftOutSummary({ summary }: { summary: ExportLeftOut }) {
  const { title, hints, lines, more } = leftOutText(summary);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={title}
      role="status"
      classNames={{ title: classes.leftOutTitle }}
    >
      {hints.map((hint) => (
        <Text size="sm" key={hint}>
          {hint}
        </Text>
      ))}
      <List size="sm" mt={6} spacing={2} className={classes.leftOutList}>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {more && (
        <Text size="sm" mt={4}>
          {more}
        </Text>
      )}
    </Alert>
  );
}

/** The summary as one toast's text, for when the export's dialog was closed before the file came. */
export function leftOutNotice(summary: ExportLeftOut): { title: string; message: string } {
  const { title, lines, more } = leftOutText(summary);
  return { title, message: [...lines, ...(more ? [more] : [])].join('; ') };
}
