import { startTransition, useEffect, useState } from 'react';

/** At most this long a wait for the page's first content to be reported (a hidden tab paints nothing). */
const firstContentPatienceMs = 3_000;
let firstContentShown: Promise<void> | undefined;

/**
 * Settles once the browser reports the page's first contentful paint, at once
 * when it has already: a frame is shown a little after it is drawn, so two
 * frame callbacks alone can still come before the page's first content is.
 */
function whenFirstContentShown(): Promise<void> {
  firstContentShown ??= new Promise<void>((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, firstContentPatienceMs);
  });
  return firstContentShown;
}

/**
 * False until what the component first rendered is on screen (the frame after
 * it is shown, and the page's first content reported), then true: for calls
 * that only fill in detail, so they do not compete with the screen's own files
 * and answers on a slow network.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let cancelled = false;
    // A frame callback runs just before a frame; the next frame's, once that one is shown.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        void whenFirstContentShown().then(() => {
          // A transition: what it brings renders in the background, in slices.
          if (!cancelled) startTransition(() => setPainted(true));
        });
      });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, []);
  return painted;
}
