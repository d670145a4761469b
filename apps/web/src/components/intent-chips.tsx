import { messages, searchIntents, type SearchIntent } from '@keywright/contract';
import { Chip, Group } from '@mantine/core';
import { IntentMark } from '@/components/intent-badges';
import { readIntentChoice } from '@/lib/intent-filter';
import classes from './intent-chips.module.css';

/**
 * A chip per intent, each with its badge's letter and colour (so the chips are also the badges'
 * legend); any number chosen. Wrap it in a group that names it. On phones, two chips a line.
 */
export function IntentChips({
  value,
  onChange,
}: {
  value: readonly SearchIntent[];
  onChange: (intents: SearchIntent[]) => void;
}) {
  return (
    <Chip.Group multiple value={[...value]} onChange={(chosen) => onChange(readIntentChoice(chosen))}>
      <Group gap={6} className={classes.chips}>
        {searchIntents.map((intent) => (
          <Chip
            key={intent}
            value={intent}
            size="sm"
            variant="outline"
            classNames={{ root: classes.chipRoot, label: classes.chipButton }}
          >
            <span className={classes.chipLabel}>
              <IntentMark intent={intent} size="xs" />
              {messages.intentLabels[intent]}
            </span>
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
