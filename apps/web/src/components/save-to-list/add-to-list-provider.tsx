import { messages } from '@keywright/contract';
import { ActionIcon } from '@mantine/core';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { notifyError } from '@/lib/notify';
import { LazyTooltip } from '../lazy-tooltip';
import { AddToListDialog } from '../lazy-dialogs';
import { hasKeyword, type AddToListTarget } from './save-to-list';

interface AddToList {
  open: (target: AddToListTarget) => void;
  /** While the dialog is open, a popover under it stays open too. */
  isOpen: boolean;
}

const AddToListContext = createContext<AddToList | null>(null);

/**
 * One Add to Keyword List dialog for a screen; buttons anywhere under it open
 * it. `onAdded` hears of each keyword added (an idea is then in the project too).
 */
export function AddToListProvider({
  children,
  onAdded,
}: {
  children: ReactNode;
  onAdded?: (target: AddToListTarget) => void;
}) {
  const [target, setTarget] = useState<AddToListTarget | null>(null);
  const open = useCallback((next: AddToListTarget) => {
    if (!hasKeyword(next)) {
      notifyError(messages.noKeywordToAdd);
      return;
    }
    setTarget(next);
  }, []);
  const value = useMemo(() => ({ open, isOpen: target !== null }), [open, target]);
  return (
    <AddToListContext value={value}>
      {children}
      <AddToListDialog target={target} onClose={() => setTarget(null)} onAdded={onAdded} />
    </AddToListContext>
  );
}

export function useAddToList(): AddToList {
  const value = useContext(AddToListContext);
  if (!value) throw new Error('useAddToList needs an AddToListProvider above it');
  return value;
}

/** Opens the Add to Keyword List dialog for one keyword. */
export function AddToListButton({ size = 'lg', ...target }: AddToListTarget & { size?: 'md' | 'lg' }) {
  const { open } = useAddToList();
  return (
    <LazyTooltip label="Add to a keyword list">
      <ActionIcon
        size={size}
        color="grape"
        variant={size === 'md' ? 'light' : undefined}
        aria-label={`Add ${target.keyword} to a keyword list`}
        aria-haspopup="dialog"
        onClick={() => open(target)}
      >
        <IconPlaylistAdd size={size === 'md' ? 16 : 18} />
      </ActionIcon>
    </LazyTooltip>
  );
}
