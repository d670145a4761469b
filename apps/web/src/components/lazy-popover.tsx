import { Popover, type PopoverProps } from '@mantine/core';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';

type ControlRef = RefObject<HTMLButtonElement | null>;

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * What Popover.Target clones in place of the control: it hands Mantine the
 * control's element and writes the attributes Mantine gives it (`aria-expanded`,
 * `aria-controls`, `aria-haspopup`, `id`) onto that element.
 */
function ControlBridge({ control, ref, ...props }: { control: ControlRef; ref?: Ref<HTMLElement> }) {
  const attributes = Object.entries(props as Record<string, unknown>).filter(
    ([name]) => name.startsWith('aria-') || name === 'id',
  );
  useLayoutEffect(() => {
    const element = control.current;
    if (!element) return;
    for (const [name, value] of attributes) {
      if (value === undefined || value === null) element.removeAttribute(name);
      else element.setAttribute(name, String(value));
    }
  });
  useLayoutEffect(() => {
    assignRef(ref, control.current);
    return () => assignRef(ref, null);
  }, [ref, control]);
  return null;
}

export interface LazyPopoverProps extends Omit<PopoverProps, 'children' | 'opened' | 'onChange'> {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The control that opens it, given the ref to put on its element. */
  control: (ref: ControlRef) => ReactElement;
  /** Popover.Dropdown with its content. */
  dropdown: ReactNode;
}

/**
 * Mantine's Popover for a control repeated on every row: the Popover (and its
 * positioning, which measures the page) is made only when the control first
 * opens it, and attached to the control's element, which stays the same
 * element throughout, so it keeps focus and its place in the tab order. Placed
 * as a row's popover (below the button's end, kept on screen, with an arrow),
 * with the focus trapped in it and given back on closing.
 */
export function LazyPopover({ opened, control, dropdown, returnFocus = true, ...props }: LazyPopoverProps) {
  const controlRef = useRef<HTMLButtonElement>(null);
  const [isMade, setMade] = useState(opened);
  if (opened && !isMade) setMade(true);
  // `returnFocus` as Mantine's (whose popover, made open, does not note what had the focus): what
  // had it when the popover opened has it back on closing, unless the focus has gone elsewhere.
  const focusedOnOpening = useRef<Element | null>(null);
  useEffect(() => {
    if (opened) {
      focusedOnOpening.current = document.activeElement;
      return;
    }
    const focused = focusedOnOpening.current;
    focusedOnOpening.current = null;
    if (!returnFocus || !(focused instanceof HTMLElement)) return;
    const focusedOnClosing = document.activeElement;
    const timeout = setTimeout(() => {
      const current = document.activeElement;
      if (current === null || current === document.body || current === focusedOnClosing) {
        focused.focus({ preventScroll: true });
      }
    }, 10);
    return () => clearTimeout(timeout);
  }, [opened, returnFocus]);
  return (
    <>
      {control(controlRef)}
      {isMade && (
        <Popover
          // A row's popover: below its button, kept on screen, the focus in it.
          position="bottom-end"
          shadow="md"
          withArrow
          trapFocus
          middlewares={{ flip: true, shift: { padding: 16 } }}
          {...props}
          opened={opened}
          returnFocus={false}
        >
          <Popover.Target>
            <ControlBridge control={controlRef} />
          </Popover.Target>
          {dropdown}
        </Popover>
      )}
    </>
  );
}
