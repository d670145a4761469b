import { Tooltip, type TooltipProps } from '@mantine/core';
import { useState, type FocusEvent, type PointerEvent } from 'react';
import classes from './lazy-tooltip.module.css';

/**
 * Mantine's Tooltip for a control repeated on every row: the Tooltip itself is
 * rendered only once its target is first pointed at (or focused, with
 * `events.focus`), and attached to it by `target`, so the control's element is
 * never replaced. A page of keyword rows has a hundred tooltips, and rendering
 * them cost as much as the rows (Lighthouse's blocking time on a phone).
 */
export function LazyTooltip({
  children,
  events = { hover: true, focus: false, touch: false },
  disabled,
  ...props
}: Omit<TooltipProps, 'target' | 'opened' | 'defaultOpened'>) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const show = (element: Element | null, set: (value: boolean) => void) => {
    if (element instanceof HTMLElement) setTarget(element);
    set(true);
  };
  const onPointerEnter = (event: PointerEvent<HTMLSpanElement>) => {
    if (event.pointerType === 'touch' ? events.touch : events.hover)
      show(event.currentTarget.firstElementChild, setHovered);
  };
  const onFocus = (event: FocusEvent<HTMLSpanElement>) => {
    if (events.focus && event.target.matches(':focus-visible')) show(event.currentTarget.firstElementChild, setFocused);
  };
  return (
    <>
      <span
        className={classes.target}
        onPointerEnter={onPointerEnter}
        onPointerLeave={() => setHovered(false)}
        onFocus={onFocus}
        onBlur={() => setFocused(false)}
      >
        {children}
      </span>
      {target && <Tooltip {...props} target={target} opened={!disabled && (hovered || focused)} />}
    </>
  );
}
