import { constants } from '@keywright/contract';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './toasts.module.css';

/**
 * Where toasts show (SPEC 9: 3 visible, about 4 s). Loaded after the first
 * screen is shown: a toast asked for before then waits in Mantine's store.
 *
 * On a wide screen they sit in the bottom right corner, beside the content. On a
 * phone the content takes the whole width, so they sit at the top, over the app's
 * header (brand and menu), never over the rows, figures or messages they report.
 */
export default function Toasts() {
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  return (
    <Notifications
      limit={constants.toastLimit}
      autoClose={constants.toastAutoCloseMs}
      position={isWide ? 'bottom-right' : 'top-center'}
      classNames={{ root: classes.root }}
    />
  );
}
