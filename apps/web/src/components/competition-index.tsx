import { messages } from '@keywright/contract';
import type { ReactElement } from 'react';
import { LazyTooltip } from './lazy-tooltip';
import classes from './keyword-figures.module.css';

/** What the 0-100 figure is, shown when its name (or the control holding it) is pointed at or focused. */
export function CompetitionIndexHint({ children }: { children: ReactElement }) {
  return (
    <LazyTooltip
      label={messages.competitionIndexHint}
      multiline
      maw={300}
      openDelay={700}
      events={{ hover: true, focus: true, touch: true }}
    >
      {children}
    </LazyTooltip>
  );
}

/** The 0-100 figure's one name, as a column heading: focusable, its hint in a tooltip. */
export function CompetitionIndexLabel() {
  return (
    <CompetitionIndexHint>
      <span tabIndex={0} className={classes.hinted}>
        {messages.competitionIndexLabel}
      </span>
    </CompetitionIndexHint>
  );
}
