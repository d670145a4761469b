import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The count badge next to the "Keywords" heading of the project page. */
export async function expectKeywordCount(page: Page, count: number): Promise<void> {
  const heading = page.getByRole('heading', { name: 'Keywords', exact: true });
  await expect
    .poll(async () => (await heading.locator('..').locator('.mantine-Badge-root').first().textContent())?.trim())
    .toBe(String(count));
}

export interface KeywordRow {
  keyword: string;
  /** The keyword's text is shown in its row (not only in the delete button's label). */
  shown: boolean;
  /** The row carries a visible "New" badge. */
  isNew: boolean;
}

/**
 * The keyword rows on screen, top to bottom, whatever the layout (table rows
 * on wide screens, a compact list on narrow ones): each row is the largest
 * element around a visible "Delete {keyword}" button that holds no other one.
 */
export function keywordRows(page: Page): Promise<KeywordRow[]> {
  return page.evaluate(() => {
    const selector = 'button[aria-label^="Delete "]';
    const buttons = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((button) =>
      button.checkVisibility(),
    );
    return buttons.map((button) => {
      let row: HTMLElement = button;
      while (row.parentElement && row.parentElement.querySelectorAll(selector).length === 1) row = row.parentElement;
      const keyword = button.getAttribute('aria-label')!.slice('Delete '.length);
      const isNew = Array.from(row.querySelectorAll<HTMLElement>('*')).some(
        (element) =>
          element.children.length === 0 && element.textContent?.trim() === 'New' && element.checkVisibility(),
      );
      return { keyword, shown: row.innerText.includes(keyword), isNew };
    });
  });
}

/** Waits until the rows on screen are exactly `expected` (top to bottom) and answers them. */
export async function expectKeywordRows(page: Page, expected: readonly string[]): Promise<KeywordRow[]> {
  let rows: KeywordRow[] = [];
  await expect
    .poll(async () => {
      rows = await keywordRows(page);
      return rows.map((row) => row.keyword);
    })
    .toEqual(expected);
  expect(
    rows.filter((row) => !row.shown).map((row) => row.keyword),
    'keywords whose text is not in their row',
  ).toEqual([]);
  return rows;
}

/** The pagination of the keyword rows (aria-label "Keyword pages"). */
export function keywordPages(page: Page) {
  return page.getByLabel('Keyword pages');
}

/** A numbered page button of a Mantine Pagination (named "2", or "Page 2"). */
export function pageButton(pagination: ReturnType<Page['getByLabel']>, number: number) {
  return pagination.getByRole('button', { name: new RegExp(`^(Page )?${number}$`) });
}
