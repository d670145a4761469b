import { messages, type AddListItemInput, type KeywordList } from '@keywright/contract';
import { errorMessage, isApiError, isUnauthorized } from '../../lib/api-error';

/**
 * What is being saved: a project keyword by its id, or a keyword idea by its
 * text in a project (made there first, as a suggestion).
 */
export type AddToListTarget =
  | { keyword: string; keywordId: number; projectId?: number }
  | { keyword: string; keywordId?: undefined; projectId: number };

export type SaveMode = 'existing' | 'new';

/** Where the keyword goes: a chosen list, or a list made for it. */
export type SaveDestination = { listId: number } | { newListName: string };

export interface SaveFormState {
  mode: SaveMode;
  /** The chosen list (a select's value). */
  listId: string | null;
  newListName: string;
}

/**
 * Save is enabled once a list is chosen, or a name (trimmed) is typed for a new
 * one; not for a list known to hold the keyword already.
 */
export function canSave({ mode, listId, newListName }: SaveFormState, savedListIds: ReadonlySet<number>) {
  if (mode === 'new') return newListName.trim().length > 0;
  return listId !== null && listId !== '' && !savedListIds.has(Number(listId));
}

export function hasKeyword(target: { keyword: string } | null | undefined): boolean {
  return Boolean(target?.keyword.trim());
}

export const keywordCountLabel = (count: number) => (count === 1 ? '1 keyword' : `${count} keywords`);

/** A list in a picker: its name and how many keywords it holds. */
export const listOptionLabel = (list: Pick<KeywordList, 'name' | 'count'>) =>
  `${list.name} (${keywordCountLabel(list.count)})`;

/** More lists than this get a filter above them. */
export const listFilterThreshold = 8;

/** Lists whose name holds the filter text (any case); all of them for a blank filter. */
export function filterLists<T extends Pick<KeywordList, 'name'>>(lists: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLocaleLowerCase();
  return needle ? lists.filter((list) => list.name.toLocaleLowerCase().includes(needle)) : [...lists];
}

/** The add call's body: a project keyword by id; an idea by its text, made in the project first. */
export function addItemInput(target: AddToListTarget, listId: number): AddListItemInput {
  if (target.keywordId !== undefined) return { list_id: listId, keyword_id: target.keywordId };
  return {
    list_id: listId,
    keyword_text: target.keyword.trim(),
    project_id: target.projectId,
    create_keyword: true,
    source: 'suggestion',
  };
}

/** A 409 from adding: the list holds the keyword already (SPEC 7: an info, not an error). */
export const isAlreadyInList = (error: unknown) => isApiError(error) && error.status === 409;

export type SaveOutcome =
  | { status: 'added'; createdListName: string | null }
  | { status: 'already-in-list' }
  | { status: 'failed'; step: 'create' | 'add'; error: unknown };

export interface Toast {
  kind: 'success' | 'info' | 'error';
  message: string;
}

/** The save-to-list popover's toast for an outcome; null: none (a 401 is handled by the app). */
export function saveToListToast(outcome: SaveOutcome, keyword: string): Toast | null {
  switch (outcome.status) {
    case 'added':
      return {
        kind: 'success',
        message: outcome.createdListName
          ? messages.listCreated(outcome.createdListName)
          : messages.addedToList(keyword),
      };
    case 'already-in-list':
      return { kind: 'info', message: messages.keywordAlreadyInList };
    case 'failed':
      return failureToast(outcome.error, messages.failedToSaveKeywordToList);
  }
}

/** The add-to-list dialog's toast for an outcome; null: none. */
export function addToListToast(outcome: SaveOutcome, target: AddToListTarget): Toast | null {
  switch (outcome.status) {
    case 'added': {
      if (outcome.createdListName) return { kind: 'success', message: messages.listCreated(outcome.createdListName) };
      const isIdea = target.keywordId === undefined;
      return {
        kind: 'success',
        message: isIdea ? messages.addedToTheList(target.keyword) : messages.keywordAddedToList,
      };
    }
    case 'already-in-list':
      return { kind: 'info', message: messages.keywordAlreadyInList };
    case 'failed':
      return failureToast(
        outcome.error,
        outcome.step === 'create' ? messages.couldNotCreateList : messages.couldNotAddKeywordToList,
      );
  }
}

// Server text preferred (SPEC 8), e.g. "You already have a list with this name."
function failureToast(error: unknown, fallback: string): Toast | null {
  if (isUnauthorized(error)) return null;
  return { kind: 'error', message: errorMessage(error, fallback) };
}
