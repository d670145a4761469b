import { readFile } from 'node:fs/promises';
import { messages, type KeywordList, type Project } from '@keywright/contract';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiAddTeamMember,
  apiAddToList,
  apiCreateList,
  apiCreateProject,
  apiSignUp,
  type ApiUser,
} from './support/api';
import {
  baseUrl,
  closeToast,
  expectHidden,
  expectTitle,
  expectToast,
  expectVisible,
  expectWithinViewportWidth,
  noBrowser,
  screenshot,
  usePage,
  viewports,
  type Viewport,
} from './support/browser';
import { pageButton } from './support/keywords';

const unique = () => Math.random().toString(36).slice(2, 7);

/** Oldest first, as they are added: a list shows its keywords the latest added first. */
const brandKeywords = ['sourdough bread delivery', 'artisan bakery brooklyn', 'gluten free croissants'];

function createBakery(owner: ApiUser): Promise<Project> {
  return apiCreateProject(owner, {
    name: `Brooklyn Bakery ${unique()}`,
    description: 'Sourdough bread and pastries delivered in Brooklyn',
    country: 'United States',
    city: 'New York',
    language: 'English',
  });
}

async function createList(
  owner: ApiUser,
  name: string,
  project: Project | null,
  keywords: readonly string[] = [],
): Promise<KeywordList> {
  const list = await apiCreateList(owner, name, project?.id ?? null);
  await apiAddToList(owner, list.id, keywords);
  return list;
}

/**
 * Signs in through the sign-in call the page makes (the session cookie lands in
 * the page's browser context) and opens the lists page: the sign-in screen has
 * its own journeys.
 */
async function openListsAs(page: Page, user: Pick<ApiUser, 'email' | 'password'>): Promise<void> {
  const response = await page.context().request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: baseUrl },
  });
  expect(response.status(), `sign-in of ${user.email}`).toBe(200);
  await page.goto('/keyword-lists');
  await expectVisible(page.getByRole('heading', { name: 'Keyword Lists', exact: true }));
}

/** The table row (wide) or card (narrow) of a list. */
function listItem(page: Page, name: string): Locator {
  return expandButton(page, name).locator(
    'xpath=ancestor::*[self::tr or contains(concat(" ", @class, " "), " mantine-Card-root ")][1]',
  );
}

function expandButton(page: Page, name: string): Locator {
  return page.getByRole('button', { name: `Show keywords of ${name}`, exact: true });
}

async function expectExpanded(page: Page, name: string, isExpanded: boolean): Promise<void> {
  await expect.poll(() => expandButton(page, name).getAttribute('aria-expanded')).toBe(String(isExpanded));
}

/** The keywords of an expanded list: a table (wide) or a list (narrow), named after it. */
function keywordsOf(page: Page, name: string): Locator {
  return page.getByLabel(`Keywords of ${name}`, { exact: true });
}

/** The keywords an expanded list shows, top to bottom (each row has its Remove button). */
function shownKeywords(page: Page, name: string): Promise<string[]> {
  return keywordsOf(page, name)
    .getByRole('button', { name: /^Remove .* from list$/ })
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => button.checkVisibility())
        .map((button) => button.getAttribute('aria-label')!.replace(/^Remove (.*) from list$/, '$1')),
    );
}

async function expectKeywords(page: Page, name: string, expected: readonly string[]): Promise<void> {
  await expect.poll(() => shownKeywords(page, name)).toEqual(expected);
  for (const keyword of expected) await expectVisible(keywordsOf(page, name).getByText(keyword, { exact: true }));
}

/** The keyword count a list's row (its Keywords cell) or card ('3 keywords') shows. */
async function expectListCount(page: Page, viewport: Viewport, name: string, count: number): Promise<void> {
  const item = listItem(page, name);
  if (viewport.name === 'wide') {
    await expect.poll(async () => (await item.getByRole('cell').nth(2).innerText()).trim()).toBe(String(count));
  } else {
    await expectVisible(item.getByText(`${count} ${count === 1 ? 'keyword' : 'keywords'}`, { exact: true }));
  }
}

type ListAction = 'Download CSV' | 'Get suggestions' | 'Edit list' | 'Delete list';

/** A list's action: its icon button on wide screens, its card's menu on narrow ones. */
async function listAction(page: Page, viewport: Viewport, name: string, action: ListAction): Promise<void> {
  if (viewport.name === 'wide') {
    const label = {
      'Download CSV': `Download CSV of ${name}`,
      'Get suggestions': `Get suggestions for ${name}`,
      'Edit list': `Edit ${name}`,
      'Delete list': `Delete ${name}`,
    }[action];
    await page.getByRole('button', { name: label, exact: true }).click();
    return;
  }
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await expectVisible(menu);
  await expectWithinViewportWidth(page, menu, `the actions menu of ${name}`);
  await menu.getByRole('menuitem', { name: action, exact: true }).click();
  await expectHidden(menu);
}

/** The actions offered for a list, as their names say them (wide: icon buttons; narrow: the menu's items). */
async function offeredActions(page: Page, viewport: Viewport, name: string): Promise<string[]> {
  if (viewport.name === 'wide') {
    const actionsCell = listItem(page, name).getByRole('cell').last();
    return actionsCell
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  }
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await expectVisible(menu);
  const items = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await expectHidden(menu);
  return items;
}

async function addKeyword(page: Page, listName: string, keyword: string): Promise<void> {
  await page.getByRole('textbox', { name: `Keyword to add to ${listName}`, exact: true }).fill(keyword);
  await page.getByRole('button', { name: `Add keyword to ${listName}`, exact: true }).click();
}

/** Fails when the page can be scrolled sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const [scrollWidth, clientWidth] = await page.evaluate(() => {
    const scrolling = document.scrollingElement ?? document.documentElement;
    return [scrolling.scrollWidth, scrolling.clientWidth];
  });
  expect(scrollWidth, `the page scrolls sideways ${where}`).toBeLessThanOrEqual(clientWidth);
}

async function download(page: Page, start: () => Promise<void>): Promise<Download> {
  const [started] = await Promise.all([page.waitForEvent('download'), start()]);
  return started;
}

/** A CSV download's lines, without the byte order mark and the last line break. */
async function csvLines(file: Download): Promise<string[]> {
  const text = (await readFile(await file.path())).toString('utf8').replace(/^\uFEFF/, '');
  return text.split(/\r?\n/).filter((line) => line !== '');
}

/** Today's date as the server writes it in file names (UTC), and the day before (a run across midnight). */
function fileDates(): string[] {
  const now = Date.now();
  return [now, now - 60_000].map((time) => new Date(time).toISOString().slice(0, 10));
}

describe.skipIf(noBrowser)('keyword lists', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);
      const isWide = viewport.name === 'wide';

      test("an owner's lists: the team toggle (kept across a reload) and Refresh lists", async () => {
        const { page } = session;
        const me = await apiSignUp({ name: 'Olivia Owner' });
        const colleague = await apiSignUp({ name: 'Carl Colleague' });
        const project = await createBakery(me);
        await createList(me, 'Brand terms', project, brandKeywords);
        await createList(me, 'Loose ideas', null);
        await createList(colleague, 'Shared campaign', null, []);
        await apiAddTeamMember(colleague, me.email);

        await openListsAs(page, me);
        await expectTitle(page, 'Keyword Lists - Keywright');
        await expectVisible(page.getByText('Group keywords into lists to bid on or write for'));
        const toggle = page.getByRole('checkbox', { name: messages.showTeamLists });
        expect(await toggle.isChecked()).toBe(true);

        // Mine and the colleague's, each with what it is for and whose it is.
        const brandTerms = listItem(page, 'Brand terms');
        await expectVisible(brandTerms);
        await expectVisible(brandTerms.getByText(project.name, { exact: true }));
        await expectVisible(brandTerms.getByText('You', { exact: true }));
        await expectListCount(page, viewport, 'Brand terms', 3);
        await expectVisible(listItem(page, 'Loose ideas').getByText(messages.noProject, { exact: true }));
        await expectListCount(page, viewport, 'Loose ideas', 0);
        const shared = listItem(page, 'Shared campaign');
        await expectVisible(shared.getByText(colleague.email, { exact: true }));
        if (isWide) {
          for (const column of ['Name', 'Project', 'Keywords', 'Owner', 'Created', 'Actions']) {
            await expectVisible(page.getByRole('columnheader', { name: column, exact: true }));
          }
          // Without Delete, the colleague's list keeps its other actions in line with mine.
          const editX = async (name: string) =>
            (await page.getByRole('button', { name: `Edit ${name}`, exact: true }).boundingBox())?.x;
          expect(await editX('Shared campaign')).toBe(await editX('Brand terms'));
        } else {
          expect(await page.getByRole('table').count(), 'cards, not a table, at 390 px').toBe(0);
          await expectNoSidewaysScroll(page, 'with the list cards');
        }
        await screenshot(page, 'keyword-lists', viewport);

        // Off: only mine; the choice is kept in the browser.
        await toggle.uncheck();
        await expectHidden(shared);
        await expectVisible(brandTerms);
        expect(await page.evaluate(() => localStorage.getItem('showTeamLists'))).toBe('false');
        await page.reload();
        await expectVisible(listItem(page, 'Loose ideas'));
        expect(await toggle.isChecked()).toBe(false);
        expect(await expandButton(page, 'Shared campaign').count()).toBe(0);

        await toggle.check();
        await expectVisible(listItem(page, 'Shared campaign'));

        await page.getByRole('button', { name: 'Refresh lists', exact: true }).click();
        await expectToast(page, messages.cacheRefreshed);
        await expectVisible(listItem(page, 'Brand terms'));
      });

      test('one list open at a time: add (twice), remove, and a long list 20 keywords a page', async () => {
        const { page } = session;
        const me = await apiSignUp();
        const project = await createBakery(me);
        await createList(me, 'Brand terms', project, brandKeywords);
        const longTail = Array.from(
          { length: 45 },
          (_, index) => `bakery keyword ${String(index + 1).padStart(2, '0')}`,
        );
        await createList(me, 'Long tail', project, longTail);

        await openListsAs(page, me);
        await expandButton(page, 'Brand terms').click();
        await expectExpanded(page, 'Brand terms', true);
        await expectKeywords(page, 'Brand terms', [...brandKeywords].reverse());

        // Opening another closes the first.
        await expandButton(page, 'Long tail').click();
        await expectExpanded(page, 'Long tail', true);
        await expectExpanded(page, 'Brand terms', false);
        await expectHidden(keywordsOf(page, 'Brand terms'));
        const newestFirst = [...longTail].reverse();
        await expectKeywords(page, 'Long tail', newestFirst.slice(0, 20));
        const pages = page.getByRole('navigation', { name: 'Pages of Long tail', exact: true });
        await expectVisible(pageButton(pages, 3));
        expect(await pageButton(pages, 4).count()).toBe(0);
        await pageButton(pages, 2).click();
        await expectKeywords(page, 'Long tail', newestFirst.slice(20, 40));
        await pageButton(pages, 3).click();
        await expectKeywords(page, 'Long tail', newestFirst.slice(40));
        if (!isWide) await expectNoSidewaysScroll(page, 'with a long list open');

        // Clicking the row (not only its chevron) opens it too.
        await listItem(page, 'Brand terms').getByText('Brand terms', { exact: true }).click();
        await expectExpanded(page, 'Brand terms', true);
        await expectExpanded(page, 'Long tail', false);
        await expectHidden(keywordsOf(page, 'Long tail'));

        await addKeyword(page, 'Brand terms', '   ');
        await expectVisible(page.getByText('Please enter a keyword', { exact: true }));

        await addKeyword(page, 'Brand terms', 'sourdough starter kit');
        await expectToast(page, messages.addedToTheList('sourdough starter kit'));
        await expectKeywords(page, 'Brand terms', ['sourdough starter kit', ...[...brandKeywords].reverse()]);
        await expectListCount(page, viewport, 'Brand terms', 4);
        const input = page.getByRole('textbox', { name: 'Keyword to add to Brand terms', exact: true });
        expect(await input.inputValue(), 'the input is emptied after an add').toBe('');

        await addKeyword(page, 'Brand terms', 'Sourdough Starter Kit');
        await expectToast(page, messages.keywordAlreadyInList);
        await expectListCount(page, viewport, 'Brand terms', 4);
        await closeToast(page, messages.keywordAlreadyInList);

        await page.getByRole('button', { name: 'Remove artisan bakery brooklyn from list', exact: true }).click();
        await expectToast(page, messages.keywordRemovedFromList);
        await expectKeywords(page, 'Brand terms', [
          'sourdough starter kit',
          'gluten free croissants',
          'sourdough bread delivery',
        ]);
        await expectListCount(page, viewport, 'Brand terms', 3);
      });

      test('Load CPC shows figures and the summary; the CSV follows; suggestions add to the list', async () => {
        const { page } = session;
        const me = await apiSignUp();
        const project = await createBakery(me);
        // Figures are cached per place for everyone: keywords of this test alone start without any.
        const tag = unique();
        const keywords = brandKeywords.map((keyword) => `${keyword} ${tag}`);
        const newestFirst = [...keywords].reverse();
        await createList(me, 'Brand terms', project, keywords);
        await createList(me, 'Loose ideas', null);

        await openListsAs(page, me);
        await expandButton(page, 'Brand terms').click();
        await expectKeywords(page, 'Brand terms', newestFirst);

        // The CSV before any figures: the keywords alone.
        const dates = fileDates();
        const plain = await download(page, () => listAction(page, viewport, 'Brand terms', 'Download CSV'));
        expect(dates.map((date) => `Brand_terms_${date}.csv`)).toContain(plain.suggestedFilename());
        const plainLines = await csvLines(plain);
        expect(plainLines[0]).toBe('Keyword,Intent');
        expect(plainLines.slice(1).map((line) => line.split(',')[0])).toEqual(newestFirst);

        await page.getByRole('button', { name: 'Load CPC', exact: true }).click();
        await expectToast(page, messages.cpcLoaded);
        await closeToast(page, messages.cpcLoaded);
        await expectVisible(page.getByRole('button', { name: 'Refresh CPC', exact: true }));
        if (isWide) {
          const table = keywordsOf(page, 'Brand terms');
          for (const column of ['Search Volume', 'Competition', 'CPC']) {
            await expectVisible(table.getByRole('columnheader', { name: column, exact: true }));
          }
        }
        for (const keyword of keywords) {
          const row = keywordsOf(page, 'Brand terms')
            .getByRole('button', { name: `Remove ${keyword} from list`, exact: true })
            .locator('xpath=ancestor::*[self::tr or self::li][1]');
          const text = await row.innerText();
          expect(text, `the figures of ${keyword}`).toMatch(/\d/);
          expect(text, `the competition of ${keyword}`).toMatch(/\b(Low|Medium|High)\b/i);
          expect(text, `the CPC of ${keyword}`).toMatch(/\$\d+\.\d\d/);
          if (!isWide) expect(text).toMatch(/Volume[\s\S]*Competition[\s\S]*CPC/);
        }
        const summary = page.getByLabel('List summary', { exact: true });
        await expectVisible(summary);
        const figures = await summary.evaluate((list) =>
          Array.from(list.querySelectorAll('dt')).map((term) => [
            term.textContent?.trim(),
            term.nextElementSibling?.textContent?.trim(),
          ]),
        );
        expect(figures.map(([label]) => label)).toEqual(['Total reach', 'Avg. low CPC', 'Avg. high CPC']);
        expect(figures[0]![1]).toMatch(/^[1-9][\d,]*$/);
        expect(figures[1]![1]).toMatch(/^\$\d+\.\d\d$/);
        expect(figures[2]![1]).toMatch(/^\$\d+\.\d\d$/);
        await expectVisible(page.getByText(messages.estimatedLabel, { exact: true }).first());
        if (!isWide) await expectNoSidewaysScroll(page, 'with figures and the summary');
        await screenshot(page, 'keyword-lists-figures', viewport);

        // With figures cached, the CSV has their columns.
        const withFigures = await download(page, () => listAction(page, viewport, 'Brand terms', 'Download CSV'));
        const lines = await csvLines(withFigures);
        expect(lines[0]).toBe('Keyword,Search Volume,Competition,Low CPC (USD),High CPC (USD),Source,Intent');
        expect(lines).toHaveLength(4);

        // Reopened (a reload, another visit), the list shows the figures the server keeps.
        await page.reload();
        await expandButton(page, 'Brand terms').click();
        await expectVisible(page.getByRole('button', { name: 'Refresh CPC', exact: true }));
        await expectVisible(page.getByLabel('List summary', { exact: true }));
        expect(await page.getByRole('button', { name: 'Load CPC', exact: true }).count()).toBe(0);

        // Suggestions: add one, its button turns into a check, the list has it.
        await listAction(page, viewport, 'Brand terms', 'Get suggestions');
        const panel = page.getByRole('region', { name: 'Suggestions', exact: true });
        await expectVisible(panel);
        const ideas = panel.getByLabel('Suggestions for Brand terms', { exact: true });
        const firstAdd = ideas.getByRole('button', { name: /^Add .* to the list$/ }).first();
        await expectVisible(firstAdd, 20_000);
        const idea = (await firstAdd.getAttribute('aria-label'))!.replace(/^Add (.*) to the list$/, '$1');
        await expectVisible(ideas.getByText(idea, { exact: true }));
        await firstAdd.click();
        await expectToast(page, messages.addedToTheList(idea));
        await expectVisible(ideas.getByRole('button', { name: `${idea} added to the list`, exact: true }));
        await expectVisible(
          keywordsOf(page, 'Brand terms').getByRole('button', { name: `Remove ${idea} from list`, exact: true }),
        );
        await expectListCount(page, viewport, 'Brand terms', 4);
        await closeToast(page, messages.addedToTheList(idea));
        if (!isWide) await expectNoSidewaysScroll(page, 'with the suggestions panel');
        await screenshot(page, 'keyword-lists-suggestions', viewport);
        await panel.getByRole('button', { name: 'Hide suggestions' }).click();
        await expectHidden(panel);

        // A list without a project: no suggestions, and no adding by name.
        await listAction(page, viewport, 'Loose ideas', 'Get suggestions');
        await expectToast(page, messages.listNeedsProject, 'Error');
        await expandButton(page, 'Loose ideas').click();
        await expectVisible(page.getByText(messages.listTextNeedsProject));
        expect(await page.getByRole('button', { name: 'Add keyword to Loose ideas', exact: true }).isDisabled()).toBe(
          true,
        );
        await expectVisible(page.getByText(messages.noKeywordsInList));
      });

      test('edit (a blank name is refused, then rename and No Project) and delete after a confirmation', async () => {
        const { page } = session;
        const me = await apiSignUp();
        const project = await createBakery(me);
        await createList(me, 'Brand terms', project, brandKeywords.slice(0, 1));
        await createList(me, 'Spare list', project);

        await openListsAs(page, me);
        await expectVisible(listItem(page, 'Brand terms').getByText(project.name, { exact: true }));
        await listAction(page, viewport, 'Brand terms', 'Edit list');
        const dialog = page.getByRole('dialog', { name: 'Edit list', exact: true });
        await expectVisible(dialog);
        const name = dialog.getByRole('textbox', { name: 'Name' });
        expect(await name.inputValue()).toBe('Brand terms');
        const projectSelect = dialog.getByRole('combobox', { name: 'Project' });
        await expect.poll(() => projectSelect.inputValue()).toBe(project.name);

        await name.fill('   ');
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await expectVisible(dialog.getByText(messages.listNameRequired));
        await expectVisible(dialog);
        await expectWithinViewportWidth(page, dialog, 'the edit dialog');
        await screenshot(page, 'keyword-lists-edit-dialog', viewport);

        await name.fill('Brand terms 2026');
        await expectHidden(dialog.getByText(messages.listNameRequired));
        await projectSelect.click();
        await page.getByRole('option', { name: messages.noProject, exact: true }).click();
        await expect.poll(() => projectSelect.inputValue()).toBe(messages.noProject);
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await expectToast(page, messages.listUpdated);
        await closeToast(page, messages.listUpdated);
        await expectHidden(dialog);
        const renamed = listItem(page, 'Brand terms 2026');
        await expectVisible(renamed.getByText(messages.noProject, { exact: true }));
        await expectListCount(page, viewport, 'Brand terms 2026', 1);
        expect(await expandButton(page, 'Brand terms').count()).toBe(0);

        // Delete: the confirmation first; Cancel keeps the list.
        await listAction(page, viewport, 'Spare list', 'Delete list');
        const confirm = page.getByRole('dialog', { name: messages.deleteListTitle, exact: true });
        await expectVisible(confirm.getByText(messages.deleteListBody('Spare list')));
        await expectWithinViewportWidth(page, confirm, 'the delete confirmation');
        await screenshot(page, 'keyword-lists-delete-dialog', viewport);
        await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
        await expectHidden(confirm);
        await expectVisible(listItem(page, 'Spare list'));

        await listAction(page, viewport, 'Spare list', 'Delete list');
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await expectToast(page, messages.listDeleted);
        await expectHidden(confirm);
        await expectHidden(listItem(page, 'Spare list'));
        await expectVisible(renamed);

        // Gone on the server too.
        await page.reload();
        await expectVisible(listItem(page, 'Brand terms 2026'));
        expect(await expandButton(page, 'Spare list').count()).toBe(0);
      });

      test("a teammate opens the owner's list and adds to it, but cannot delete it", async () => {
        const { page } = session;
        const owner = await apiSignUp({ name: 'Olivia Owner' });
        const teammate = await apiSignUp({ name: 'Tom Mate' });
        const project = await createBakery(owner);
        await createList(owner, 'Launch keywords', project, brandKeywords.slice(0, 2));
        await apiAddTeamMember(owner, teammate.email);

        await openListsAs(page, teammate);
        const item = listItem(page, 'Launch keywords');
        await expectVisible(item.getByText(owner.email, { exact: true }));
        await expectVisible(item.getByText(project.name, { exact: true }));
        const actions = await offeredActions(page, viewport, 'Launch keywords');
        expect(actions).toEqual(
          isWide
            ? ['Download CSV of Launch keywords', 'Get suggestions for Launch keywords', 'Edit Launch keywords']
            : ['Download CSV', 'Get suggestions', 'Edit list'],
        );

        await expandButton(page, 'Launch keywords').click();
        await expectKeywords(page, 'Launch keywords', ['artisan bakery brooklyn', 'sourdough bread delivery']);
        await addKeyword(page, 'Launch keywords', 'bakery gift card');
        await expectToast(page, messages.addedToTheList('bakery gift card'));
        await expectKeywords(page, 'Launch keywords', [
          'bakery gift card',
          'artisan bakery brooklyn',
          'sourdough bread delivery',
        ]);
        await expectListCount(page, viewport, 'Launch keywords', 3);
        await closeToast(page, messages.addedToTheList('bakery gift card'));
        if (!isWide) await expectNoSidewaysScroll(page, "with the owner's list open");
        await screenshot(page, 'keyword-lists-teammate', viewport);

        // With team lists hidden, the teammate has none of their own: the page says so.
        await page.getByRole('checkbox', { name: messages.showTeamLists }).uncheck();
        await expectVisible(page.getByRole('heading', { name: 'None of your own lists' }));
        await page.getByRole('button', { name: messages.showTeamLists, exact: true }).click();
        await expectVisible(listItem(page, 'Launch keywords'));
      });

      test('a new user has no lists: the page says how to make one', async () => {
        const { page } = session;
        const me = await apiSignUp();
        await openListsAs(page, me);
        await expectVisible(page.getByRole('heading', { name: 'No keyword lists yet', exact: true }));
        await expectVisible(page.getByText(/Save keywords to a list from a project's keywords page/));
        await screenshot(page, 'keyword-lists-empty', viewport);

        const emptyState = page.getByRole('heading', { name: 'No keyword lists yet' }).locator('..');
        await emptyState.getByRole('button', { name: 'New list', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'New list', exact: true });
        await dialog.getByRole('textbox', { name: 'Name' }).fill('Spring campaign');
        await dialog.getByRole('button', { name: 'Create list', exact: true }).click();
        await expectToast(page, messages.listCreated('Spring campaign'));
        await expectHidden(dialog);
        await expectVisible(listItem(page, 'Spring campaign'));
        await expectHidden(page.getByRole('heading', { name: 'No keyword lists yet' }));
      });
    });
  }
});
