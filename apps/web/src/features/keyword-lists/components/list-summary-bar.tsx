import { messages, type KeywordListSummary } from '@keywright/contract';
import { Group, Paper, Text } from '@mantine/core';
import { EstimatedBadge } from '@/components/keyword-figures';
import { formatListSummary } from '../list-summary';
import classes from './keyword-lists.module.css';

/**
 * After Load CPC: the list's total reach and average low and high CPC in the bids' currency, over all
 * its keywords; bids in several currencies are not averaged, and a line says why.
 */
export function ListSummaryBar({ summary, keywordCount }: { summary: KeywordListSummary; keywordCount: number }) {
  const figures = formatListSummary(summary);
  const stats = [
    { label: 'Total reach', value: figures.totalReach },
    { label: 'Avg. low CPC', value: figures.avgLowCpc },
    { label: 'Avg. high CPC', value: figures.avgHighCpc },
  ];
  return (
    <Paper withBorder px="md" py="sm">
      <div className={classes.summary}>
        <dl className={classes.stats} aria-label="List summary">
          {stats.map((stat) => (
            <div key={stat.label} className={classes.stat}>
              <dt className={classes.statLabel}>{stat.label}</dt>
              <dd className={classes.statValue}>{stat.value}</dd>
            </div>
          ))}
        </dl>
        <Group gap="xs" wrap="wrap" justify="flex-end">
          {figures.isMixedCurrencies && (
            <Text size="xs" c="dimmed">
              {messages.mixedCurrenciesHint}
            </Text>
          )}
          {summary.with_figures < keywordCount && (
            <Text size="xs" c="dimmed">
              Figures for {summary.with_figures} of {keywordCount} keywords
            </Text>
          )}
          {figures.isEstimate && <EstimatedBadge />}
        </Group>
      </div>
    </Paper>
  );
}
