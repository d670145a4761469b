import { messages, type SearchIntent } from '@keywright/contract';
import { Badge, Button, Text, VisuallyHidden } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { IntentChips } from '@/components/intent-chips';
import classes from './keywords.module.css';

/**
 * Intent: the intent chips (components/intent-chips.tsx). Keywords carrying any chosen intent
 * stay; none chosen keeps all. On phones the
 * chips fold away behind an Intent button beside the search (open while any is chosen), as the
 * analysis page's filters do, so the rows stay near the top.
 */
export function IntentFilter({
  value,
  onChange,
  isCompact,
}: {
  value: readonly SearchIntent[];
  onChange: (intents: SearchIntent[]) => void;
  isCompact: boolean;
}) {
  const labelId = useId();
  const groupId = useId();
  const [isOpen, setOpen] = useState(value.length > 0);

  const chips = (
    <div id={groupId} role="group" aria-labelledby={labelId} className={classes.intentFilter}>
      {/* On phones the Intent button above says it already. */}
      {isCompact ? (
        <VisuallyHidden id={labelId}>{messages.intentHeading}</VisuallyHidden>
      ) : (
        <Text id={labelId} size="sm" fw={500} className={classes.intentFilterLabel}>
          {messages.intentHeading}
        </Text>
      )}
      <IntentChips value={value} onChange={onChange} />
    </div>
  );
  if (!isCompact) return chips;
  return (
    <>
      <Button
        variant={isOpen || value.length > 0 ? 'light' : 'default'}
        leftSection={<IconFilter size={16} aria-hidden />}
        rightSection={
          value.length > 0 ? (
            <Badge size="sm" circle variant="filled">
              {value.length}
            </Badge>
          ) : undefined
        }
        aria-expanded={isOpen}
        aria-controls={groupId}
        onClick={() => setOpen((open) => !open)}
      >
        {messages.intentHeading}
      </Button>
      {isOpen && chips}
    </>
  );
}
