import AxeBuilder from '@axe-core/playwright';
import { messages, type KeywordList } from '@keywright/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAddKeywords, apiCreateProject, apiSignUp, type ApiUser } from './support/api';
import {
  baseUrl,
  expectHidden,
  expectNoHorizontalScroll,
  expectToast,
  expectVisible,
  expectWithinViewportWidth,
  noBrowser,
  screenshot,
  signIn,
  usePage,
  viewports,
} from './support/browser';

const unique = () => Math.random().toString(36).slice(2, 7);

async function apiCreateList(owner: ApiUser, name: string, projectId: number | null): Promise<KeywordList> {
  const response = await fetch(`${baseUrl}/api/keyword-lists`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
    body: JSON.stringify({ name, project_id: projectId }),
  });
  if (!response.ok) throw new Error(`Creating list ${name} answered ${response.status}`);
  return (await response.json()) as KeywordList;
}

async function setUp(keywords: readonly string[], listNames: readonly string[]) {
  const owner = await apiSignUp();
  const project = await apiCreateProject(owner, {
    name: `Bakery ${unique()}`,
    description: 'Sourdough bread and pastries delivered in Brooklyn',
    country: 'United States',
    city: 'New York',
    language: 'English',
  });
  await apiAddKeywords(owner, project.id, keywords);
  for (const name of listNames) await apiCreateList(owner, name, project.id);
  return { owner, project };
}

async function openProject(page: Page, projectId: number): Promise<void> {
  await page.goto(`/projects/${projectId}/keywords`);
  await expectVisible(page.getByRole('heading', { name: 'Keywords', exact: true }));
}

/**
 * axe on an open dialog alone: the dimming overlay lowers the contrast of the
 * page's coloured badges behind it, which nobody reads while the dialog is open.
 */
async function expectDialogAccessible(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .include('.mantine-Modal-content')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => violation.id),
    `axe on ${where}`,
  ).toEqual([]);
}

describe.skipIf(noBrowser)('saving keywords to lists', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('a row saves to a list from its popover, then the picker shows where it is', async () => {
        const { page } = session;
        const { owner, project } = await setUp(['sourdough delivery', 'croissant brooklyn'], ['Brand terms']);
        await signIn(page, owner);
        await openProject(page, project.id);
        await expectNoHorizontalScroll(page, 'with four actions per row');

        // The popover: an existing list.
        const saveButton = page.getByRole('button', { name: messages.saveToListTitle('sourdough delivery') });
        await saveButton.click();
        const popover = page.getByRole('dialog', { name: messages.saveToListTitle('sourdough delivery') });
        await expectVisible(popover);
        await expectWithinViewportWidth(page, popover, 'the save-to-list popover');
        const save = popover.getByRole('button', { name: 'Save', exact: true });
        expect(await save.isDisabled()).toBe(true);
        await popover.getByRole('combobox', { name: 'List' }).click();
        await page.getByRole('option', { name: /Brand terms \(0 keywords\)/ }).click();
        await save.click();
        await expectToast(page, messages.addedToList('sourdough delivery'));
        await expectHidden(popover);

        // Opened again: the list shows the keyword is there; a new list instead.
        await saveButton.click();
        await popover.getByRole('combobox', { name: 'List' }).click();
        await expectVisible(page.getByRole('option', { name: /Brand terms \(1 keyword\).*already saved/ }));
        await popover.getByText(messages.createNewList, { exact: true }).click();
        expect(await save.isDisabled()).toBe(true);
        await popover.getByRole('textbox', { name: 'List name' }).fill('  Delivery  ');
        await screenshot(page, 'save-to-list-popover', viewport, { keepScroll: true, fullPage: false });
        await save.click();
        await expectToast(page, messages.listCreated('Delivery'));
        await expectHidden(popover);

        // The picker: both lists hold it; adding again is an info, not an error.
        await page.getByRole('button', { name: 'Add sourdough delivery to a keyword list', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: messages.addToKeywordListTitle });
        await expectVisible(dialog.getByText(messages.addToKeywordListSubtitle));
        const brandTerms = dialog.getByRole('button', {
          name: /^Add sourdough delivery to Brand terms\s*1 keyword\s+already saved$/,
        });
        await expectVisible(brandTerms);
        await expectVisible(dialog.getByRole('button', { name: /to Delivery\s*1 keyword\s+already saved$/ }));
        await screenshot(page, 'add-to-list-dialog', viewport, { keepScroll: true });
        await brandTerms.click();
        await expectToast(page, messages.keywordAlreadyInList);
        await expectHidden(dialog);

        // Another keyword: a taken name says so; a list button adds it.
        await page.getByRole('button', { name: 'Add croissant brooklyn to a keyword list', exact: true }).click();
        const create = dialog.getByRole('button', { name: 'Create', exact: true });
        expect(await create.isDisabled()).toBe(true);
        await dialog.getByRole('textbox', { name: messages.createNewList }).fill('Delivery');
        await create.click();
        await expectToast(page, messages.listNameTaken);
        await dialog.getByRole('button', { name: /^Add croissant brooklyn to Brand terms\s*1 keyword$/ }).click();
        await expectToast(page, messages.keywordAddedToList);
        await expectHidden(dialog);

        // Back on the page later: the saved rows show it without being opened.
        await openProject(page, project.id);
        for (const keyword of ['sourdough delivery', 'croissant brooklyn']) {
          await expectVisible(
            page.locator('[data-saved]').and(page.getByRole('button', { name: messages.saveToListTitle(keyword) })),
          );
        }
      });

      test('by keyboard: the row button opens its popover at the first press, says so, and has the focus back on Escape', async () => {
        const { page } = session;
        const { owner, project } = await setUp(['sourdough delivery'], ['Brand terms']);
        await signIn(page, owner);
        await openProject(page, project.id);

        const saveButton = page.getByRole('button', { name: messages.saveToListTitle('sourdough delivery') });
        const popover = page.getByRole('dialog', { name: messages.saveToListTitle('sourdough delivery') });
        const isFocused = () => saveButton.evaluate((element) => element === document.activeElement);
        for (const round of ['first', 'second']) {
          await saveButton.focus();
          await page.keyboard.press('Enter');
          await expectVisible(popover);
          expect(await saveButton.getAttribute('aria-expanded'), `${round} opening`).toBe('true');
          expect(await saveButton.getAttribute('aria-controls'), `${round} opening`).toBe(
            await popover.getAttribute('id'),
          );
          // The focus moves into the popover, to its list field.
          await expectVisible(popover.getByRole('combobox', { name: 'List' }));
          await expect
            .poll(() => popover.evaluate((element) => element.contains(document.activeElement)), {
              message: `the focus in the popover at the ${round} opening`,
            })
            .toBe(true);
          await page.keyboard.press('Escape');
          await expectHidden(popover);
          expect(await saveButton.getAttribute('aria-expanded'), `${round} closing`).toBe('false');
          await expect.poll(isFocused, { message: `the focus after the ${round} Escape` }).toBe(true);
        }
      });

      test('an idea goes to a list by its text, and into the project; no lists warns', async () => {
        const { page } = session;
        const { owner, project } = await setUp(['sourdough bread', 'bakery brooklyn'], []);
        await signIn(page, owner);
        await openProject(page, project.id);
        await page.getByRole('button', { name: 'More Actions' }).click();
        await page.getByRole('menuitem', { name: 'Get Google Ads Suggestions' }).click();
        const panel = page.getByRole('region', { name: 'Google Ads suggestions' });
        const toList = panel.getByRole('button', { name: / to a keyword list$/ }).first();
        await expectVisible(toList, 20_000);
        const idea = (await toList.getAttribute('aria-label'))!.replace(/^Add (.*) to a keyword list$/, '$1');

        await toList.click();
        const dialog = page.getByRole('dialog', { name: messages.addToKeywordListTitle });
        await expectVisible(dialog.getByText(messages.noListsAvailable));
        await expectVisible(dialog.getByText(idea, { exact: true }));
        await screenshot(page, 'add-to-list-no-lists', viewport, { keepScroll: true, axe: false });
        await expectDialogAccessible(page, 'the dialog without lists');
        await dialog.getByRole('textbox', { name: messages.createNewList }).fill('Ideas');
        await dialog.getByRole('button', { name: 'Create', exact: true }).click();
        await expectToast(page, messages.listCreated('Ideas'));
        await expectHidden(dialog);
        // Made in the project too: its add button is a check.
        await expectVisible(panel.getByRole('button', { name: `${idea} added`, exact: true }));
        await expectNoHorizontalScroll(page, 'with the suggestions panel');
      });
    });
  }
});
