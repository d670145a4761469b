import { isUnauthorized } from '@/lib/api-error';
import { notifyApiError } from '@/lib/notify';

/** SPEC 7: a 401 in the team area is only logged (the app signs out); other errors are toasts. */
export function reportTeamError(error: unknown, fallback: string, options?: { preferServerText?: boolean }): void {
  if (isUnauthorized(error)) {
    console.info('Team request was not authorised', error);
    return;
  }
  notifyApiError(error, fallback, options);
}
