import '@mantine/notifications/styles.css';

import { constants } from '@keywright/contract';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/**
 * Toasts (SPEC 9: 3 visible, about 4 s) and the modals manager. Only signed-in
 * screens show toasts; the auth pages show their errors inline.
 */
export default function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <Notifications limit={constants.toastLimit} autoClose={constants.toastAutoCloseMs} />
      {children}
    </ModalsProvider>
  );
}
