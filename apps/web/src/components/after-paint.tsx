import type { ReactNode } from 'react';
import { usePainted } from '@/lib/use-painted';

/**
 * Renders its children once the page's first content is on screen
 * (`usePainted`): for what the first screen does not show (toasts, the closed
 * navigation drawer), so its code is not fetched nor run before that screen.
 */
export function AfterPaint({ children }: { children: ReactNode }) {
  return usePainted() ? children : null;
}
