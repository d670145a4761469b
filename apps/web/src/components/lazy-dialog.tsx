import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog most visits never open, whose code (forms, a number input, a
 * dropzone) comes when it is first opened rather than with the screen: the
 * screen then waits for fewer bytes on a slow network. Once opened it stays
 * rendered, so it closes with its transition and keeps its state as before.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const opened = isOpen(props);
    const [hasOpened, setHasOpened] = useState(opened);
    if (opened && !hasOpened) setHasOpened(true);
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
