import { readFile } from 'node:fs/promises';
import { constants, messages, type KeywordPageRow, type SearchIntent } from '@keywright/contract';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAddKeywords, apiCreateProject, apiKeywordPage, apiSignUp } from './support/api';
import {
  closeToast,
  expectAccessible,
  expectHidden,
  expectNoHorizontalScroll,
  expectPath,
  expectToast,
  expectVisible,
  noBrowser,
  screenshot,
  signIn,
  usePage,
  viewports,
} from './support/browser';
import { expectKeywordCount, expectKeywordRows } from './support/keywords';

const pageSize = constants.projectKeywordsPageSize;
const projectName = 'Ridgeline Runners';

/** Keywords whose intent is plain, and the intent the server must put first for each. */
const clearIntents: ReadonlyArray<[string, SearchIntent]> = [
  ['how to clean trail running shoes', 'informational'],
  ['what is a trail running shoe', 'informational'],
  ['best trail running shoes', 'commercial'],
  ['hoka speedgoat review', 'commercial'],
  ['buy trail running shoes', 'transactional'],
  ['trail running shoes near me', 'transactional'],
  ['ridgeline runners coupon', 'transactional'],
  // The project's own name: someone looking for its site.
  [projectName.toLowerCase(), 'navigational'],
];

/** Older keywords, enough for a second page, so a filter can be seen to go back to page 1. */
const fillers = Array.from({ length: 16 }, (_, index) => `trail running socks ${String(index + 1).padStart(2, '0')}`);

async function openProject(page: Page, projectId: number, search = ''): Promise<void> {
  await page.goto(`/projects/${projectId}/keywords${search}`);
  await expectVisible(page.getByRole('heading', { name: 'Keywords', exact: true }));
}

/** The row (table row or list item) of a keyword. */
function rowOf(page: Page, keyword: string): Locator {
  return page
    .getByRole('button', { name: `Delete ${keyword}`, exact: true })
    .locator('xpath=ancestor::*[self::tr or self::li][1]');
}

/** A row's intent badges as drawn: each one's intent (its colour) and the letter on it. */
function badgesOf(row: Locator): Promise<Array<{ intent: string; letter: string }>> {
  return row.locator('[data-intent]').evaluateAll((badges) =>
    badges.map((badge) => ({
      intent: badge.getAttribute('data-intent') ?? '',
      letter: Array.from(badge.querySelectorAll('[aria-hidden="true"]'), (part) => part.textContent).join(''),
    })),
  );
}

/** The count badge next to the "Keywords" heading. */
function countBadge(page: Page): Locator {
  return page
    .getByRole('heading', { name: 'Keywords', exact: true })
    .locator('..')
    .locator('.mantine-Badge-root')
    .first();
}

function intentFilter(page: Page): Locator {
  return page.getByRole('group', { name: messages.intentHeading, exact: true });
}

/** An intent's chip in the Intent filter (its checkbox, to read whether it is chosen). */
function intentChip(page: Page, intent: SearchIntent): Locator {
  return intentFilter(page).getByRole('checkbox', { name: messages.intentLabels[intent], exact: true });
}

/** On phones the chips fold away behind an Intent button beside the search: opens them. */
async function openIntentFilter(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^Intent\b/ });
  await expectVisible(button);
  expect(await intentFilter(page).count(), 'the chips are folded away at first').toBe(0);
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  await button.click();
  await expectVisible(intentFilter(page));
}

/** Clicks an intent's chip where a person does: on its label (the checkbox itself is hidden). */
async function toggleIntent(page: Page, intent: SearchIntent): Promise<void> {
  await intentFilter(page).locator('label').filter({ hasText: messages.intentLabels[intent] }).click();
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

/** One CSV line's cells (quoted cells may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (const match of line.matchAll(pattern)) {
    const cell = match[1]!;
    cells.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
    if (match[2] === '') break;
  }
  return cells;
}

/** A CSV download's rows of cells, without the byte order mark and blank lines. */
async function csvRows(download: Download): Promise<string[][]> {
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)], 'the UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  return bytes
    .subarray(3)
    .toString('utf8')
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map(csvCells);
}

const carriesAny = (row: KeywordPageRow, intents: readonly SearchIntent[]) =>
  row.intent.some((intent) => intents.includes(intent));

describe.skipIf(noBrowser)('search intent on the project keywords page', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('badges with their full names, the Intent filter from page 1, a filtered export, and clearing it', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await apiCreateProject(owner, {
          name: projectName,
          description: 'Trail running shoes, hydration vests and waterproof jackets for mountain runners',
          country: 'United States',
          city: 'Denver',
          language: 'English',
        });
        await apiAddKeywords(owner, project.id, [...fillers, ...clearIntents.map(([keyword]) => keyword)]);
        const total = fillers.length + clearIntents.length;

        // What the server says: every keyword has its intents, the plain ones as expected.
        const { data: all } = await apiKeywordPage(owner, project.id, 1, 100);
        expect(all).toHaveLength(total);
        const intentsOf = new Map(all.map((row) => [row.keyword, row.intent]));
        for (const [keyword, intent] of clearIntents) {
          expect(intentsOf.get(keyword)?.[0], `the first intent of ${keyword}`).toBe(intent);
        }
        expect(
          all.filter((row) => row.intent.length === 0).map((row) => row.keyword),
          'keywords without intent',
        ).toEqual([]);
        const newestFirst = all.map((row) => row.keyword);

        await signIn(page, owner);
        await openProject(page, project.id);
        await expectKeywordCount(page, total);
        await expectKeywordRows(page, newestFirst.slice(0, pageSize));
        if (viewport.name === 'wide') {
          await expectVisible(page.getByRole('columnheader', { name: messages.intentHeading, exact: true }));
        }

        // Each row: its intents' letters in their colours, strongest first, and their full names for screen readers.
        for (const keyword of newestFirst.slice(0, pageSize)) {
          const intents = intentsOf.get(keyword)!;
          const row = rowOf(page, keyword);
          await expect
            .poll(() => badgesOf(row), { timeout: 5_000 })
            .toEqual(intents.map((intent) => ({ intent, letter: messages.intentShortLabels[intent] })));
          for (const intent of intents) {
            await expectVisible(row.getByText(messages.intentLabels[intent], { exact: true }));
          }
        }
        // Two intents are read as two names (each badge is a box of its own), not run together.
        const twoIntents = all.find((row) => row.intent.length === 2 && newestFirst.indexOf(row.keyword) < pageSize);
        expect(twoIntents, 'a keyword on page 1 with two intents').toBeDefined();
        if (viewport.name === 'wide') {
          const names = twoIntents!.intent.map((intent) => messages.intentLabels[intent]).join(' ');
          await expectVisible(rowOf(page, twoIntents!.keyword).getByRole('cell', { name: names, exact: true }));
        }

        // The full name in a tooltip when pointed at.
        const buyBadge = rowOf(page, 'buy trail running shoes').locator('[data-intent="transactional"]');
        await buyBadge.hover();
        const tooltip = page.getByRole('tooltip', { name: messages.intentLabels.transactional, exact: true });
        await expectVisible(tooltip);
        await screenshot(page, 'intent-tooltip', viewport, { keepScroll: true });
        await page.mouse.move(0, 0);
        await expectHidden(tooltip);
        await expectNoHorizontalScroll(page, 'with the intent badges');
        await screenshot(page, 'intent-rows', viewport);

        // The filter starts from page 1 and asks the server for the chosen intents.
        await openProject(page, project.id, '?page=2');
        await expectKeywordRows(page, newestFirst.slice(pageSize));
        const chosen: SearchIntent[] = ['commercial', 'transactional'];
        const kept = all.filter((row) => carriesAny(row, chosen)).map((row) => row.keyword);
        expect(kept.length).toBeGreaterThan(0);
        expect(kept.length).toBeLessThan(total);
        if (viewport.name === 'narrow') await openIntentFilter(page);
        const filteredCall = page.waitForRequest(
          (request) =>
            request.url().includes(`/api/projects/${project.id}/keywords/page?`) &&
            new URL(request.url()).searchParams.get('intent') === 'commercial,transactional',
        );
        await toggleIntent(page, 'transactional');
        await expectPath(page, `/projects/${project.id}/keywords`, '?intent=transactional');
        await toggleIntent(page, 'commercial');
        await filteredCall;
        await expect.poll(() => intentChip(page, 'commercial').isChecked()).toBe(true);
        if (viewport.name === 'narrow') {
          // The folded filter's button says how many intents are chosen.
          await expectVisible(page.getByRole('button', { name: 'Intent 2', exact: true }));
        }
        await expectKeywordRows(page, kept.slice(0, pageSize));
        await expectVisible(
          page.getByText(
            `1–${Math.min(pageSize, kept.length)} of ${kept.length} ${kept.length === 1 ? 'match' : 'matches'}`,
            {
              exact: true,
            },
          ),
        );
        await expect
          .poll(async () => (await countBadge(page).textContent())?.trim())
          .toBe(`${kept.length} of ${total}`);
        await expectNoHorizontalScroll(page, 'with the intent filter');
        await screenshot(page, 'intent-filtered', viewport);

        // Export CSV: the filtered file holds only the kept keywords, with their intents last.
        await page.getByRole('button', { name: 'Export CSV' }).click();
        await expectVisible(page.getByRole('menuitem', { name: `All keywords (${total})` }));
        const filteredItem = page.getByRole('menuitem', { name: `Filtered keywords (${kept.length})` });
        const filtered = await downloadOf(page, () => filteredItem.click());
        await expectToast(page, messages.exportedKeywords(kept.length));
        const [header, ...lines] = await csvRows(filtered);
        expect(header!.join(',')).toMatch(/,Intent$/);
        expect(lines.map((cells) => cells[0]).sort()).toEqual([...kept].sort());
        for (const cells of lines) {
          const names = intentsOf.get(cells[0]!)!.map((intent) => messages.intentLabels[intent]);
          expect(cells.at(-1), `the Intent cell of ${cells[0]}`).toBe(names.join('; '));
        }

        // A search within the filter that finds nothing says so.
        await page.getByRole('textbox', { name: 'Search keywords' }).fill('how to');
        await expectVisible(page.getByText(messages.noKeywordsMatchFilters('how to'), { exact: true }));
        await page.getByRole('button', { name: 'Clear search' }).first().click();
        await expectKeywordRows(page, kept.slice(0, pageSize));

        // Navigational only: the project's own name (and any keyword naming a competitor).
        await toggleIntent(page, 'commercial');
        await toggleIntent(page, 'transactional');
        await toggleIntent(page, 'navigational');
        const navigational = all.filter((row) => carriesAny(row, ['navigational'])).map((row) => row.keyword);
        expect(navigational).toContain(projectName.toLowerCase());
        await expectKeywordRows(page, navigational.slice(0, pageSize));

        // Clearing the filter brings every keyword back.
        await toggleIntent(page, 'navigational');
        await expect.poll(() => intentChip(page, 'navigational').isChecked()).toBe(false);
        await expectKeywordRows(page, newestFirst.slice(0, pageSize));
        await expectKeywordCount(page, total);
        await expectAccessible(page, `the intent filter cleared at ${viewport.width} px`);
        const everything = await downloadOf(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
        await expectToast(page, messages.exportedKeywords(total));
        expect(await csvRows(everything)).toHaveLength(1 + total);

        // With CPC shown, the filter sits with the figures and the CPC filter, and still narrows the rows.
        await page.getByRole('button', { name: 'Show CPC' }).click();
        await expectToast(page, messages.cpcLoaded);
        // The toasts would cover the rows in the screenshot.
        await closeToast(page, messages.cpcLoaded);
        await closeToast(page, messages.exportedKeywords(total));
        const withFiguresCall = page.waitForRequest((request) => {
          const query = new URL(request.url()).searchParams;
          return query.get('metrics') === 'true' && query.get('intent') === 'transactional';
        });
        await toggleIntent(page, 'transactional');
        await withFiguresCall;
        const transactional = all.filter((row) => carriesAny(row, ['transactional'])).map((row) => row.keyword);
        await expectKeywordRows(page, transactional.slice(0, pageSize));
        await expectVisible(page.getByRole('textbox', { name: 'Min CPC' }));
        await expectNoHorizontalScroll(page, 'with CPC shown and the intent filter');
        await screenshot(page, 'intent-with-cpc', viewport);
      });
    });
  }
});
