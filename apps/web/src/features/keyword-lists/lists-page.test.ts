import type { KeywordList } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { listsPage } from './lists-page';

const me = 'user-me';
const teammate = 'user-team';

const list = (id: number, userId: string): KeywordList => ({
  id,
  name: `List ${id}`,
  count: 0,
  project_id: null,
  project_name: null,
  user_id: userId,
  owner_email: userId === me ? 'me@example.com' : 'team@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
});

const ids = (lists: readonly KeywordList[]) => lists.map((item) => item.id);

describe('lists page', () => {
  const lists = [list(1, me), list(2, teammate), list(3, me), list(4, teammate), list(5, me)];

  it('shows the team lists with the toggle on, only the own lists with it off', () => {
    const options = { currentUserId: me, page: 1, pageSize: 50 };
    expect(ids(listsPage(lists, { ...options, showTeamLists: true }).lists)).toEqual([1, 2, 3, 4, 5]);
    const own = listsPage(lists, { ...options, showTeamLists: false });
    expect(ids(own.lists)).toEqual([1, 3, 5]);
    expect(own.visibleCount).toBe(3);
  });

  it('slices a page of the visible lists', () => {
    const options = { currentUserId: me, showTeamLists: true, pageSize: 2 };
    expect(ids(listsPage(lists, { ...options, page: 1 }).lists)).toEqual([1, 2]);
    expect(ids(listsPage(lists, { ...options, page: 3 }).lists)).toEqual([5]);
    expect(listsPage(lists, { ...options, page: 3 }).totalPages).toBe(3);
  });

  it('keeps the page within range when lists go away', () => {
    const options = { currentUserId: me, showTeamLists: false, pageSize: 2 };
    const past = listsPage(lists, { ...options, page: 5 });
    expect(past.page).toBe(2);
    expect(ids(past.lists)).toEqual([5]);
    expect(listsPage(lists, { ...options, page: 0 }).page).toBe(1);
  });

  it('has one empty page without lists', () => {
    expect(listsPage([], { currentUserId: me, showTeamLists: true, page: 1, pageSize: 50 })).toEqual({
      lists: [],
      page: 1,
      totalPages: 1,
      visibleCount: 0,
    });
  });
});
