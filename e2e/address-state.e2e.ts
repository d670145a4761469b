import { constants, messages } from '@keywright/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAddKeywords, apiCreateProject, apiSignUp } from './support/api';
import {
  expectPath,
  expectToast,
  expectVisible,
  noBrowser,
  screenshot,
  signIn,
  toast,
  usePage,
  viewports,
} from './support/browser';
import { expectKeywordRows, keywordPages, pageButton } from './support/keywords';

const unique = () => Math.random().toString(36).slice(2, 7);
const pageSize = constants.projectKeywordsPageSize;

/** `prefix 01`, `prefix 02`, … (A to Z is the order they are added in). */
const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} ${String(i + 1).padStart(2, '0')}`);

const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sort keywords' });
const maxCpcField = (page: Page) => page.getByRole('textbox', { name: 'Max CPC' });

/** Whether two boxes on screen share any pixel. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!first || !second) return false;
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

/** The keyword rows (table rows or list items) on screen. */
function visibleRows(page: Page): Locator {
  return page
    .getByRole('button', { name: /^Delete / })
    .locator('xpath=ancestor::*[self::tr or self::li][1]')
    .filter({ visible: true });
}

describe.skipIf(noBrowser)('state that stays in the address', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('Show CPC, the order, the page and a CPC bound survive a reload, Back and a shared link', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await apiCreateProject(owner, { name: `Motion Physio ${unique()}`, description: 'Leeds' });
        const keywords = numbered('physio leeds', pageSize + 5);
        await apiAddKeywords(owner, project.id, keywords);
        const path = `/projects/${project.id}/keywords`;

        await signIn(page, owner);
        await page.goto(path);
        await expectKeywordRows(page, [...keywords].reverse().slice(0, pageSize));

        await page.getByRole('button', { name: 'Show CPC' }).click();
        await expectToast(page, messages.cpcLoaded);
        await expectPath(page, path, '?cpc=1');
        if (viewport.name === 'narrow') {
          // The toast sits over the header, not over the rows whose figures it reports.
          const shown = toast(page, messages.cpcLoaded).first();
          const rows = await visibleRows(page).all();
          expect(rows.length).toBeGreaterThan(0);
          for (const row of rows) expect(await overlaps(shown, row), 'a toast over a keyword row').toBe(false);
          // Nor over the card that shows them (its figures, the CPC filter it turned on).
          const card = page
            .locator('.mantine-Card-root')
            .filter({ has: page.getByRole('heading', { name: 'Keywords', exact: true }) });
          expect(await overlaps(shown, card), 'a toast over the keywords card').toBe(false);
          await screenshot(page, 'address-state-toast', viewport);
        }

        // A to Z, then page 2: each in the address.
        await sortSelect(page).click();
        await page.getByRole('option', { name: 'A to Z', exact: true }).click();
        await expectPath(page, path, '?cpc=1&sort=keyword');
        await expectKeywordRows(page, keywords.slice(0, pageSize));
        await pageButton(keywordPages(page), 2).click();
        await expectPath(page, path, '?cpc=1&sort=keyword&page=2');
        await expectKeywordRows(page, keywords.slice(pageSize));

        // A reload shows the same view: the figures, the order, the page.
        await page.reload();
        await expectKeywordRows(page, keywords.slice(pageSize));
        await expectVisible(page.getByRole('button', { name: 'Refresh CPC' }));
        await expect.poll(() => sortSelect(page).inputValue()).toBe('A to Z');
        if (viewport.name === 'wide') {
          await expectVisible(page.getByRole('columnheader', { name: messages.competitionIndexLabel, exact: true }));
        }

        // A bound goes into the address (from page 1) and fills its field again after a reload.
        await maxCpcField(page).fill('1000');
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        await expectPath(page, path, '?cpc=1&sort=keyword&maxCpc=1000');
        await page.reload();
        await expect.poll(() => maxCpcField(page).inputValue()).toBe('1000');
        const filtered = page.url();

        // Back: the view before the bound, its field empty again.
        await page.goBack();
        await expectPath(page, path, '?cpc=1&sort=keyword&page=2');
        await expectKeywordRows(page, keywords.slice(pageSize));
        await expect.poll(() => maxCpcField(page).inputValue()).toBe('');
        await screenshot(page, 'address-state-keywords', viewport);

        // A shared link opens the same view for a teammate's browser (here the owner's, signed in afresh).
        const other = await session.newPage();
        await signIn(other, owner);
        await other.goto(filtered);
        await expectVisible(other.getByRole('button', { name: 'Refresh CPC' }));
        await expect.poll(() => maxCpcField(other).inputValue()).toBe('1000');
        await expect.poll(() => sortSelect(other).inputValue()).toBe('A to Z');
        await expectKeywordRows(other, keywords.slice(0, pageSize));
      });

      test('a hand-edited address falls back to the usual view without an error', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await apiCreateProject(owner, {
          name: `Back Pain ${unique()}`,
          description: 'Clinic in Leeds',
        });
        const keywords = numbered('back pain', 3);
        await apiAddKeywords(owner, project.id, keywords);

        await signIn(page, owner);
        await page.goto(
          `/projects/${project.id}/keywords?cpc=maybe&minCpc=abc&maxCpc=-1&sort=cheapest&intent=x&page=0`,
        );
        await expectKeywordRows(page, [...keywords].reverse());
        await expectVisible(page.getByRole('button', { name: 'Show CPC' }));
        await expect.poll(() => sortSelect(page).inputValue()).toBe('Newest first');
      });

      test('the analysis page opened from the menu shows the project and order last seen', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const name = `Sports Massage ${unique()}`;
        const project = await apiCreateProject(owner, { name, description: 'Clinic in Leeds' });
        await apiAddKeywords(owner, project.id, ['sports massage leeds', 'deep tissue massage']);

        await signIn(page, owner);
        await page.goto('/google-ads-analysis');
        await expectVisible(page.getByText(messages.noProjectSelected, { exact: true }));
        await page.goto(`/google-ads-analysis?projectId=${project.id}&order=asc`);
        await expectVisible(page.getByRole('heading', { name, level: 2 }));

        await page.goto('/projects');
        await expectVisible(page.getByRole('heading', { name: 'Projects', level: 1 }));
        await page.goto('/google-ads-analysis');
        await expectPath(page, '/google-ads-analysis', `?projectId=${project.id}&order=asc`);
        await expectVisible(page.getByRole('heading', { name, level: 2 }));
      });
    });
  }
});
