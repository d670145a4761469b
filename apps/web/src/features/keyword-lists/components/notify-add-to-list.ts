import { messages } from '@keywright/contract';
import { isApiError } from '@/lib/api-error';
import { notifyApiError, notifyInfo } from '@/lib/notify';

/** SPEC 7: a 409 is the info that the keyword is already there; else the server's text, or ours. */
export function notifyAddToListError(error: unknown): void {
  if (isApiError(error) && error.status === 409) {
    notifyInfo(messages.keywordAlreadyInList);
    return;
  }
  notifyApiError(error, messages.failedToAddKeywordToList, { preferServerText: true });
}
