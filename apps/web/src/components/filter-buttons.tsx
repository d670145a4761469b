import { Button, Group } from '@mantine/core';
import { IconFilter, IconX } from '@tabler/icons-react';

/** A filter form's Apply (its submit) and Clear, side by side. */
export function FilterButtons({
  clearLabel,
  isClearDisabled,
  className,
  onClear,
}: {
  clearLabel: string;
  /** Nothing to clear: no filter applied and nothing typed. */
  isClearDisabled: boolean;
  className?: string;
  onClear: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap" className={className}>
      <Button type="submit" leftSection={<IconFilter size={16} />}>
        Apply
      </Button>
      <Button variant="default" leftSection={<IconX size={16} />} onClick={onClear} disabled={isClearDisabled}>
        {clearLabel}
      </Button>
    </Group>
  );
}
