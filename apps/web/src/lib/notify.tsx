import { constants, messages } from '@keywright/contract';
import { notifications } from '@mantine/notifications';
import { errorMessage, isUnauthorized } from './api-error';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';

/** Toasts: the screens decide the text; these keep the look consistent. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', icon: <IconCheck size={18} stroke={2.5} />, message });
}

export function notifyError(message: string, title: string = messages.genericError): void {
  notifications.show({ color: 'red', icon: <IconAlertTriangle size={18} />, title, message });
}

export function notifyInfo(message: string): void {
  notifications.show({ color: 'blue', icon: <IconInfoCircle size={18} />, message });
}

/** Information to read and act on (such as a run that fell short): up longer than a plain toast. */
export function notifyNotice(message: string, title?: string): void {
  notifications.show({
    color: 'blue',
    icon: <IconInfoCircle size={18} />,
    title,
    message,
    autoClose: constants.noticeToastAutoCloseMs,
  });
}

/**
 * A failed call's toast. A 401 shows nothing: the app is already going to the
 * sign-in screen. `preferServerText` uses the server's message when it sent one.
 */
export function notifyApiError(error: unknown, fallback: string, { preferServerText = false } = {}): void {
  if (isUnauthorized(error)) return;
  notifyError(preferServerText ? errorMessage(error, fallback) : fallback);
}
