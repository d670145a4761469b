import { messages, type Competition, type KeywordFigures } from '@keywright/contract';
import { Badge, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { competitionColors, formatFigure, formatSearchVolume } from '@/lib/figures';
import classes from './keyword-figures.module.css';
import { LazyTooltip } from './lazy-tooltip';

/** A label whose hint is in a tooltip (hover, focus, touch) and, for screen readers, its description. */
export function HintedBadge({
  label,
  hint,
  color,
  className,
  size,
}: {
  label: string;
  hint: string;
  color: string;
  className: string | undefined;
  size: 'xs' | 'sm' | 'md';
}) {
  const hintId = useId();
  return (
    <>
      <LazyTooltip label={hint} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
        <Badge
          size={size}
          variant="light"
          color={color}
          className={className}
          radius="sm"
          tabIndex={0}
          aria-describedby={hintId}
          style={{ flexShrink: 0, cursor: 'help' }}
        >
          {label}
        </Badge>
      </LazyTooltip>
      <VisuallyHidden id={hintId}>{hint}</VisuallyHidden>
    </>
  );
}

/** "Estimated", on every place that shows the offline model's figures, with its hint. */
export function EstimatedBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <HintedBadge
      label={messages.estimatedLabel}
      hint={messages.estimatedHint}
      color="orange"
      className={classes.estimated}
      size={size}
    />
  );
}

/** "Keyword Planner", where figures come from an imported Keyword Planner file, with its hint. */
export function KeywordPlannerBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <HintedBadge
      label={messages.keywordPlannerSource}
      hint={messages.keywordPlannerSourceHint}
      color="blue"
      className={classes.keywordPlanner}
      size={size}
    />
  );
}

/** Low, Medium, High in their colours; N/A when unknown. */
export function CompetitionBadge({ value, size = 'sm' }: { value: Competition | null; size?: 'xs' | 'sm' }) {
  if (value === null) {
    return (
      <Text span size={size} c="dimmed">
        N/A
      </Text>
    );
  }
  return (
    <Badge
      size={size}
      variant="light"
      color={competitionColors[value]}
      radius="sm"
      className={classes.competition}
      data-level={value}
    >
      {value}
    </Badge>
  );
}

/** One labelled figure of a compact line (narrow screens): `Volume 1,200`. */
export function FigureText({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className={classes.figureItem}>
      <span className={classes.figureLabel}>{label}</span> <span>{children}</span>
    </span>
  );
}

/** A figure in a table cell: a placeholder while the page with figures loads, N/A when none are cached. */
export function FigureCell({
  metrics,
  render,
}: {
  metrics: KeywordFigures | null | undefined;
  render: (figures: KeywordFigures) => ReactNode;
}) {
  if (metrics === undefined) return <Skeleton height={12} width={48} aria-hidden />;
  if (metrics === null) {
    return (
      <Text span size="sm" c="dimmed">
        N/A
      </Text>
    );
  }
  return <>{render(metrics)}</>;
}

/** Narrow screens: the figures as one compact, wrapping line of labelled values under the keyword. */
export function FigureLine({
  metrics,
  withCompetitionIndex = false,
}: {
  /** Undefined while the page with figures loads; null when none are cached. */
  metrics: KeywordFigures | null | undefined;
  withCompetitionIndex?: boolean;
}) {
  if (metrics === undefined) return <Skeleton height={10} width="70%" mt={6} aria-hidden />;
  if (metrics === null) {
    return (
      <Text size="xs" c="dimmed" mt={4}>
        No CPC data
      </Text>
    );
  }
  return (
    <div className={classes.figureLine}>
      <FigureText label="Volume">{formatSearchVolume(metrics.avg_monthly_searches)}</FigureText>
      <FigureText label="Competition">
        <CompetitionBadge value={metrics.competition} size="xs" />
      </FigureText>
      <FigureText label="CPC">{metrics.cpc_range}</FigureText>
      {withCompetitionIndex && (
        <FigureText label={messages.competitionIndexLabel}>{formatFigure(metrics.competition_index)}</FigureText>
      )}
    </div>
  );
}
