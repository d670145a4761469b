import type { KeywordList } from '@keywright/contract';
import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

export const listDetailsId = (list: KeywordList) => `keyword-list-${list.id}-keywords`;

/** Shows or hides a list's keywords; its state is in aria-expanded. */
export function ExpandButton({
  list,
  isExpanded,
  onToggle,
}: {
  list: KeywordList;
  isExpanded: boolean;
  onToggle: (list: KeywordList) => void;
}) {
  return (
    <ActionIcon
      variant={isExpanded ? 'light' : 'subtle'}
      color={isExpanded ? 'indigo' : 'gray'}
      size="lg"
      aria-label={`Show keywords of ${list.name}`}
      aria-expanded={isExpanded}
      aria-controls={isExpanded ? listDetailsId(list) : undefined}
      onClick={() => onToggle(list)}
    >
      {isExpanded ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
    </ActionIcon>
  );
}

/** Clicks on a control inside a row or card do their own thing. */
export function isInteractiveTarget(target: EventTarget): boolean {
  return target instanceof Element && target.closest('a, button, input, [role="menuitem"]') !== null;
}
