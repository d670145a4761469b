import { messages, searchIntents, type SearchIntent } from '@keywright/contract';
import { Chip, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { IntentMark } from '@/components/intent-badges';
import { readIntentChoice } from '../intent-filter';
import classes from './keywords.module.css';

/**
 * Intent: a chip per intent, each with its badge's letter and colour (so the chips are also the
 * badges' legend). Keywords carrying any chosen intent stay; none chosen keeps all.
 */
export function IntentFilter({
  value,
  onChange,
}: {
  value: readonly SearchIntent[];
  onChange: (intents: SearchIntent[]) => void;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={classes.intentFilter}>
      <Text id={labelId} size="sm" fw={500} className={classes.intentFilterLabel}>
        {messages.intentHeading}
      </Text>
      <Chip.Group multiple value={[...value]} onChange={(chosen) => onChange(readIntentChoice(chosen))}>
        <Group gap={6} className={classes.intentChips}>
          {searchIntents.map((intent) => (
            <Chip
              key={intent}
              value={intent}
              size="sm"
              variant="outline"
              classNames={{ root: classes.intentChipRoot, label: classes.intentChipButton }}
            >
              <span className={classes.intentChipLabel}>
                <IntentMark intent={intent} size="xs" />
                {messages.intentLabels[intent]}
              </span>
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}
