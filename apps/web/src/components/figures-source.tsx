import { messages } from '@keywright/contract';
import { Badge } from '@mantine/core';
import { useConfig } from '@/lib/config';
import { HintedBadge } from './keyword-figures';
import classes from './keyword-figures.module.css';

/** Whether the server's figures are the offline estimate (the "Google Ads" names then say so beside them). */
export function useFiguresAreEstimates(): boolean {
  return useConfig().metricsSource === 'estimate';
}

/**
 * "Estimates" beside a name SPEC fixes as "Google Ads …" (a nav link, a menu item, a page title)
 * while no Google Ads account is connected; nothing when Google Ads figures are in use. SPEC's name
 * stays the control's whole name: inside a control the badge is its description (`id`, which the
 * control's aria-describedby names), not part of its name. `withHint` makes it focusable with its
 * hint in a tooltip, for a place that is not itself a control.
 */
export function EstimatesSourceBadge({
  id,
  size = 'xs',
  withHint = false,
}: {
  id?: string;
  size?: 'xs' | 'sm' | 'md';
  withHint?: boolean;
}) {
  if (!useFiguresAreEstimates()) return null;
  if (withHint) {
    return (
      <HintedBadge
        label={messages.estimatesLabel}
        hint={messages.estimatesSourceHint}
        color="orange"
        className={classes.estimated}
        size={size}
      />
    );
  }
  return (
    <Badge
      id={id}
      aria-hidden
      size={size}
      variant="light"
      color="orange"
      radius="sm"
      className={classes.estimated}
      style={{ flexShrink: 0 }}
    >
      {messages.estimatesLabel}
    </Badge>
  );
}
