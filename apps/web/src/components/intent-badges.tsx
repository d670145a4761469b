import { messages, type SearchIntent } from '@keywright/contract';
import { Badge, Text, VisuallyHidden } from '@mantine/core';
import classes from './intent-badges.module.css';
import { LazyTooltip } from './lazy-tooltip';

/** One colour per intent, the same in every place that shows one. */
export const intentColors: Record<SearchIntent, string> = {
  informational: 'blue',
  navigational: 'violet',
  commercial: 'orange',
  transactional: 'green',
};

type BadgeSize = 'xs' | 'sm';

/** An intent badge's look: its letter's colour and size, the same for the mark and the named badge. */
const intentBadgeProps = (intent: SearchIntent, size: BadgeSize) =>
  ({
    component: 'span',
    size,
    variant: 'light',
    radius: 'sm',
    color: intentColors[intent],
    className: classes.badge,
    'data-intent': intent,
    'data-size': size,
  }) as const;

/**
 * An intent's letter in its colour, hidden from screen readers and without the name's tooltip:
 * a plain mark (e.g. inside a control that says the name already).
 */
export function IntentMark({ intent, size = 'sm' }: { intent: SearchIntent; size?: BadgeSize }) {
  return (
    <Badge {...intentBadgeProps(intent, size)} aria-hidden>
      {messages.intentShortLabels[intent]}
    </Badge>
  );
}

function IntentBadge({ intent, size }: { intent: SearchIntent; size: BadgeSize }) {
  const label = messages.intentLabels[intent];
  return (
    <LazyTooltip label={label} events={{ hover: true, focus: false, touch: true }}>
      <Badge {...intentBadgeProps(intent, size)}>
        <span aria-hidden>{messages.intentShortLabels[intent]}</span>
        <VisuallyHidden>{label}</VisuallyHidden>
      </Badge>
    </LazyTooltip>
  );
}

/**
 * A keyword's intents, strongest first, as one-letter badges with the full name in a tooltip
 * (hover or touch) and for screen readers. None known yet: a dimmed dash (`empty="dash"`) or nothing.
 */
export function IntentBadges({
  intents,
  size = 'sm',
  empty = 'dash',
}: {
  intents: readonly SearchIntent[];
  size?: BadgeSize;
  empty?: 'dash' | 'nothing';
}) {
  if (intents.length === 0) {
    if (empty === 'nothing') return null;
    return (
      <Text span size={size} c="dimmed">
        <span aria-hidden>–</span>
        <VisuallyHidden>{messages.intentNotKnown}</VisuallyHidden>
      </Text>
    );
  }
  return (
    <span className={classes.badges}>
      {/* Each badge is a box of its own: its name is read apart from the next ("Commercial Transactional"). */}
      {intents.map((intent) => (
        <IntentBadge key={intent} intent={intent} size={size} />
      ))}
    </span>
  );
}
