import { visibleLists, type KeywordList } from '@keywright/contract';

export interface ListsPage {
  lists: KeywordList[];
  /** The page shown: the one asked for, kept within 1..totalPages. */
  page: number;
  totalPages: number;
  /** Lists shown with the team toggle as it is (all pages). */
  visibleCount: number;
}

/** One page of the lists the toggle leaves visible (client-side paging). */
export function listsPage(
  lists: readonly KeywordList[],
  {
    currentUserId,
    showTeamLists,
    page,
    pageSize,
  }: { currentUserId: string; showTeamLists: boolean; page: number; pageSize: number },
): ListsPage {
  const visible = visibleLists(lists, currentUserId, showTeamLists);
  const totalPages = Math.max(1, Math.ceil(visible.length / pageSize));
  const shownPage = Math.min(Math.max(1, Math.floor(page)), totalPages);
  const start = (shownPage - 1) * pageSize;
  return { lists: visible.slice(start, start + pageSize), page: shownPage, totalPages, visibleCount: visible.length };
}
