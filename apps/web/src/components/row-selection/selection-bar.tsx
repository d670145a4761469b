import { messages } from '@keywright/contract';
import { Button, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './row-selection.module.css';

export interface SelectionAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/**
 * A table's selection bar: how many rows are chosen, the bulk actions (off while none is), and
 * Clear selection. `selectAll` leads it where the rows have no header (narrow screens); `aside`
 * ends it (what the page shows, say).
 */
export function SelectionBar({
  count,
  actions,
  onClear,
  selectAll,
  aside,
}: {
  count: number;
  actions: readonly SelectionAction[];
  onClear: () => void;
  selectAll?: ReactNode;
  aside?: ReactNode;
}) {
  const hasSelection = count > 0;
  return (
    <div className={classes.bar} data-active={hasSelection || undefined}>
      <div className={classes.choice}>
        <div className={classes.status}>
          {selectAll}
          <Text
            size="sm"
            fw={hasSelection ? 600 : undefined}
            c={hasSelection ? undefined : 'dimmed'}
            aria-live="polite"
          >
            {hasSelection ? messages.selectedCount(count) : messages.noneSelected}
          </Text>
          {hasSelection && (
            <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
              {messages.clearSelection}
            </Button>
          )}
        </div>
        <div className={classes.actions}>
          {actions.map((action) => (
            <Button
              key={action.label}
              size="xs"
              variant="default"
              leftSection={action.icon}
              disabled={!hasSelection}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          ))}
        </div>
      </div>
      {aside && <div className={classes.aside}>{aside}</div>}
    </div>
  );
}
