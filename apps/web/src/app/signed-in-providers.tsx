import '@mantine/notifications/styles.css';

import { lazy, Suspense, type ReactNode } from 'react';
import { AfterPaint } from '@/components/after-paint';

const Toasts = lazy(() => import('./toasts'));

/** The signed-in screens' toasts. The auth pages show their errors inline. */
export default function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <AfterPaint>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </AfterPaint>
      {children}
    </>
  );
}
