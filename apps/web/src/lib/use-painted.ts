import { startTransition, useEffect, useState } from 'react';

/**
 * False until what the component first rendered is on screen (the frame after
 * it is shown), then true: for calls that only fill in detail, so they do not
 * compete with the screen's own files and answers on a slow network.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame callback runs just before a frame; the next frame's, once that one is shown.
    let frame = requestAnimationFrame(() => {
      // A transition: what it brings renders in the background, in slices.
      frame = requestAnimationFrame(() => startTransition(() => setPainted(true)));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}
