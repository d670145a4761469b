import { messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import {
  addItemInput,
  addToListToast,
  canSave,
  filterLists,
  hasKeyword,
  isAlreadyInList,
  listOptionLabel,
  saveToListToast,
} from './save-to-list';

const none = new Set<number>();
const serverError = (status: number, message: string) =>
  new ApiError({ status, code: 'conflict', message, isServerMessage: true });

describe('canSave', () => {
  it('needs a chosen list in existing mode', () => {
    expect(canSave({ mode: 'existing', listId: null, newListName: 'typed' }, none)).toBe(false);
    expect(canSave({ mode: 'existing', listId: '', newListName: '' }, none)).toBe(false);
    expect(canSave({ mode: 'existing', listId: '4', newListName: '' }, none)).toBe(true);
  });

  it('refuses a list known to hold the keyword already', () => {
    expect(canSave({ mode: 'existing', listId: '4', newListName: '' }, new Set([4]))).toBe(false);
    expect(canSave({ mode: 'existing', listId: '5', newListName: '' }, new Set([4]))).toBe(true);
  });

  it('needs a name that is not blank once trimmed in new mode', () => {
    expect(canSave({ mode: 'new', listId: '4', newListName: '   ' }, none)).toBe(false);
    expect(canSave({ mode: 'new', listId: null, newListName: ' Brand ' }, none)).toBe(true);
  });
});

describe('labels', () => {
  it('names a list with its keyword count', () => {
    expect(listOptionLabel({ name: 'Brand', count: 0 })).toBe('Brand (0 keywords)');
    expect(listOptionLabel({ name: 'Brand', count: 1 })).toBe('Brand (1 keyword)');
    expect(listOptionLabel({ name: 'Brand', count: 12 })).toBe('Brand (12 keywords)');
  });
});

describe('filterLists', () => {
  const lists = [{ name: 'Brand terms' }, { name: 'Competitors' }, { name: 'brand NEW' }];
  it('keeps names holding the text, in any case', () => {
    expect(filterLists(lists, ' BRAND ').map((list) => list.name)).toEqual(['Brand terms', 'brand NEW']);
    expect(filterLists(lists, 'zzz')).toEqual([]);
  });
  it('keeps every list for a blank filter', () => {
    expect(filterLists(lists, '  ')).toEqual(lists);
  });
});

describe('hasKeyword', () => {
  it('is false for no target or blank text', () => {
    expect(hasKeyword(null)).toBe(false);
    expect(hasKeyword({ keyword: '  ' })).toBe(false);
    expect(hasKeyword({ keyword: 'crm' })).toBe(true);
  });
});

describe('addItemInput', () => {
  it('adds a project keyword by its id', () => {
    expect(addItemInput({ keyword: 'crm', keywordId: 7, projectId: 3 }, 9)).toEqual({ list_id: 9, keyword_id: 7 });
  });
  it('adds an idea by its text, made in the project as a suggestion', () => {
    expect(addItemInput({ keyword: ' crm tools ', projectId: 3 }, 9)).toEqual({
      list_id: 9,
      keyword_text: 'crm tools',
      project_id: 3,
      create_keyword: true,
      source: 'suggestion',
    });
  });
});

describe('isAlreadyInList', () => {
  it('is true for a 409 only', () => {
    expect(isAlreadyInList(serverError(409, 'x'))).toBe(true);
    expect(isAlreadyInList(serverError(404, 'x'))).toBe(false);
    expect(isAlreadyInList(new Error('x'))).toBe(false);
  });
});

describe('saveToListToast', () => {
  it('says where the keyword went', () => {
    expect(saveToListToast({ status: 'added', createdListName: null }, 'crm')).toEqual({
      kind: 'success',
      message: messages.addedToList('crm'),
    });
    expect(saveToListToast({ status: 'added', createdListName: 'Brand' }, 'crm')).toEqual({
      kind: 'success',
      message: messages.listCreated('Brand'),
    });
  });

  it('gives an info, not an error, when the list has the keyword', () => {
    expect(saveToListToast({ status: 'already-in-list' }, 'crm')).toEqual({
      kind: 'info',
      message: messages.keywordAlreadyInList,
    });
  });

  it('prefers the server text of a failure, else its own; nothing for a 401', () => {
    const taken = serverError(409, messages.listNameTaken);
    expect(saveToListToast({ status: 'failed', step: 'create', error: taken }, 'crm')).toEqual({
      kind: 'error',
      message: messages.listNameTaken,
    });
    expect(saveToListToast({ status: 'failed', step: 'add', error: new TypeError('boom') }, 'crm')).toEqual({
      kind: 'error',
      message: messages.failedToSaveKeywordToList,
    });
    const signedOut = serverError(401, messages.signInRequired);
    expect(saveToListToast({ status: 'failed', step: 'add', error: signedOut }, 'crm')).toBeNull();
  });
});

describe('addToListToast', () => {
  const projectKeyword = { keyword: 'crm', keywordId: 7 };
  const idea = { keyword: 'crm tools', projectId: 3 };

  it('thanks a project keyword and names an idea', () => {
    expect(addToListToast({ status: 'added', createdListName: null }, projectKeyword)?.message).toBe(
      messages.keywordAddedToList,
    );
    expect(addToListToast({ status: 'added', createdListName: null }, idea)?.message).toBe(
      messages.addedToTheList('crm tools'),
    );
    expect(addToListToast({ status: 'added', createdListName: 'Brand' }, idea)?.message).toBe(
      messages.listCreated('Brand'),
    );
  });

  it('tells a failed create from a failed add', () => {
    const opaque = new ApiError({ status: 500, code: 'unknown', message: 'Error 500' });
    expect(addToListToast({ status: 'failed', step: 'create', error: opaque }, idea)).toEqual({
      kind: 'error',
      message: messages.couldNotCreateList,
    });
    expect(addToListToast({ status: 'failed', step: 'add', error: opaque }, idea)).toEqual({
      kind: 'error',
      message: messages.couldNotAddKeywordToList,
    });
    expect(
      addToListToast({ status: 'failed', step: 'create', error: serverError(409, messages.listNameTaken) }, idea),
    ).toEqual({ kind: 'error', message: messages.listNameTaken });
  });

  it('gives an info for a 409 on adding', () => {
    expect(addToListToast({ status: 'already-in-list' }, idea)).toEqual({
      kind: 'info',
      message: messages.keywordAlreadyInList,
    });
  });
});
