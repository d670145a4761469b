import { constants } from '@keywright/contract';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts show (SPEC 9: 3 visible, about 4 s). Loaded after the first
 * screen is shown: a toast asked for before then waits in Mantine's store.
 */
export default function Toasts() {
  return <Notifications limit={constants.toastLimit} autoClose={constants.toastAutoCloseMs} />;
}
