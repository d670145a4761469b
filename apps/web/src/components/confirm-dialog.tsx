import { lazyDialog } from './lazy-dialog';

/**
 * A yes/no question whose confirm button shows progress until the caller
 * closes it. Its code comes when it is first opened (see lazyDialog): every
 * screen that deletes has one, and most visits never open it.
 */
export const ConfirmDialog = lazyDialog(
  () => import('./confirm-modal').then((module) => module.ConfirmModal),
  (props) => props.opened,
);
