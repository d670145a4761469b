import { useCallback, useMemo, useState } from 'react';

/** A dialog's state: whether it shows, what it was opened for, and a fresh key per opening. */
export interface DialogState<T> {
  opened: boolean;
  /** What it was last opened for; kept while it animates closed, so its title does not flip. */
  subject: T | null;
  /** A new number per opening: as the dialog's React `key`, its fields start afresh each time. */
  key: number;
  /** Whether it was ever opened: a dialog whose code loads lazily is mounted from then on. */
  hasOpened: boolean;
  open: (...subject: undefined extends T ? [subject?: T] : [subject: T]) => void;
  close: () => void;
}

/** The `{ opened, subject, key }` state every dialog of a screen keeps, with its open and close. */
export function useDialog<T = undefined>(): DialogState<T> {
  const [state, setState] = useState<{ opened: boolean; subject: T | null; key: number }>({
    opened: false,
    subject: null,
    key: 0,
  });
  const open = useCallback(
    (...args: [subject?: T]) =>
      setState((current) => ({ opened: true, subject: args[0] ?? null, key: current.key + 1 })),
    [],
  );
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  return useMemo(() => ({ ...state, hasOpened: state.key > 0, open, close }), [state, open, close]);
}
