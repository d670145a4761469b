import { messages, type Project } from '@keywright/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiCreateProject, apiSignUp, type ApiUser } from './support/api';
import {
  baseUrl,
  closeToast,
  expectHidden,
  expectNoHorizontalScroll,
  expectPath,
  expectTitle,
  expectToast,
  expectVisible,
  expectWithinViewportWidth,
  noBrowser,
  screenshot,
  usePage,
  viewports,
} from './support/browser';

const unique = () => Math.random().toString(36).slice(2, 7);

function createShop(owner: ApiUser): Promise<Project> {
  return apiCreateProject(owner, {
    name: `Trail Shoes ${unique()}`,
    description: 'Trail running shoes sold online, shipped across the United States',
    country: 'United States',
    city: '',
    language: 'English',
  });
}

/** Signs in through the call the sign-in screen makes (its own journeys cover the screen) and opens a project. */
async function openProjectAs(page: Page, user: ApiUser, project: Project): Promise<void> {
  const response = await page.context().request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: baseUrl },
  });
  expect(response.status(), `sign-in of ${user.email}`).toBe(200);
  await page.goto(`/projects/${project.id}/keywords`);
  await expectVisible(page.getByRole('heading', { name: project.name, exact: true }));
}

/**
 * The terms of the list on screen, as `text (Match type)` (`text (Match type, Ad group: name)` for
 * an ad group's), in the order shown: a table's rows, or a list's lines at 390 px.
 */
async function shownTerms(page: Page, listName: string, isWide: boolean): Promise<string[]> {
  const name = messages.negativeTermsTableLabel(listName);
  const rows = isWide
    ? page.getByRole('table', { name }).locator('tbody tr')
    : page.getByRole('list', { name }).getByRole('listitem');
  const terms: string[] = [];
  for (const row of await rows.all()) {
    const text = (await row.locator('p').first().textContent())?.trim();
    const matchType = (await row.locator('[data-match-type]').textContent())?.trim();
    const level = (await row.locator('[data-level]').textContent())?.trim();
    terms.push(`${text} (${matchType}${level === messages.negativeLevelCampaign ? '' : `, ${level}`})`);
  }
  return terms;
}

/** Polls until the list shows exactly these terms. */
async function expectTerms(page: Page, listName: string, expected: string[], isWide: boolean): Promise<void> {
  await expect.poll(() => shownTerms(page, listName, isWide), { timeout: 5000 }).toEqual(expected);
}

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

describe.skipIf(noBrowser)('negative keyword lists', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);
      const isWide = viewport.name === 'wide';

      test('a list made, filled one term and a pasted list at a time, trimmed, renamed and deleted', async () => {
        const { page } = session;
        const me = await apiSignUp({ name: 'Nora Negative' });
        const project = await createShop(me);
        await openProjectAs(page, me, project);

        // From the project page's actions.
        await page.getByRole('button', { name: 'More Actions' }).click();
        await page.getByRole('menuitem', { name: messages.negativeKeywordsTitle }).click();
        await expectPath(page, `/projects/${project.id}/negative-keywords`);
        await expectTitle(page, `${messages.negativeKeywordsTitle} - ${project.name} - Keywright`);
        await expectVisible(page.getByRole('heading', { name: messages.negativeKeywordsTitle, level: 1 }));
        await expectVisible(page.getByText(messages.noNegativeLists));
        await screenshot(page, 'negative-lists-empty', viewport);

        // Create.
        await page.getByRole('button', { name: messages.newNegativeList }).click();
        const form = dialog(page, messages.newNegativeList);
        await form.getByRole('button', { name: messages.createNegativeList }).click();
        await expectVisible(form.getByText(messages.listNameRequired));
        await form.getByLabel(messages.negativeListNameLabel).fill('Job seekers');
        await form.getByRole('button', { name: messages.createNegativeList }).click();
        await expectToast(page, messages.negativeListCreated('Job seekers'));
        await closeToast(page, messages.negativeListCreated('Job seekers'));
        await expectHidden(form);
        await expectVisible(page.getByRole('heading', { name: 'Job seekers', level: 2 }));
        await expectVisible(page.getByText(messages.noNegativeItems));

        // Add one term, exact.
        const term = page.getByLabel(messages.negativeTermLabel, { exact: true });
        await term.fill('salary');
        await page.getByRole('radiogroup', { name: messages.matchTypeLabel }).getByText('Exact').click();
        await page.getByRole('button', { name: messages.addNegativeTerm, exact: true }).click();
        await expectToast(page, 'Added 1 negative keyword.');
        await closeToast(page, 'Added 1 negative keyword.');
        await expectTerms(page, 'Job seekers', ['salary (Exact)'], isWide);
        expect(await term.inputValue()).toBe('');
        // The same again is already there: said under the field.
        await term.fill('Salary');
        await page.getByRole('button', { name: messages.addNegativeTerm, exact: true }).click();
        await expectVisible(page.getByText(messages.negativeSkipReasons.duplicate, { exact: true }));
        await term.fill('');
        await expectHidden(page.getByText(messages.negativeSkipReasons.duplicate, { exact: true }));

        // Paste several in Google Ads' notation; what cannot be added is counted.
        await page.getByRole('button', { name: messages.pasteNegativeTerms }).click();
        const paste = dialog(page, messages.pasteNegativeTermsTitle);
        await expectVisible(paste.getByText(messages.pasteNegativeTermsHint));
        await paste
          .getByLabel(messages.pasteNegativeTermsLabel)
          .fill(['[jobs]', '"work from home"', 'hiring', '[salary]', 'x'.repeat(81)].join('\n'));
        await expectWithinViewportWidth(page, paste, 'the paste dialog');
        await screenshot(page, 'negative-lists-paste', viewport);
        await paste.getByRole('button', { name: messages.addNegativeTerms }).click();
        const summary = 'Added 3 negative keywords; skipped 1 already in the list and 1 longer than 80 characters.';
        await expectToast(page, summary, 'Job seekers');
        await closeToast(page, summary);
        await expectHidden(paste);
        await expectTerms(
          page,
          'Job seekers',
          ['hiring (Phrase)', 'jobs (Exact)', 'salary (Exact)', 'work from home (Phrase)'],
          isWide,
        );
        await expectVisible(page.getByText('4 terms', { exact: true }));

        // A term for one ad group (as a suggestion adds it) sits beside the same term for the campaign.
        const lists = await page.context().request.get(`/api/projects/${project.id}/negative-lists`);
        const [list] = (await lists.json()) as Array<{ id: number }>;
        const added = await page.context().request.post(`/api/negative-lists/${list!.id}/items`, {
          data: { text: 'salary', match_type: 'exact', ad_group: 'Trail running shoes for women' },
          headers: { origin: baseUrl },
        });
        expect(added.status()).toBe(200);
        await page.reload();
        await expectTerms(
          page,
          'Job seekers',
          [
            'hiring (Phrase)',
            'jobs (Exact)',
            'salary (Exact)',
            `salary (Exact, ${messages.negativeLevelAdGroup('Trail running shoes for women')})`,
            'work from home (Phrase)',
          ],
          isWide,
        );

        // Remove one.
        await page.getByRole('button', { name: messages.removeNegativeTerm('[jobs]') }).click();
        await expectToast(page, messages.negativeTermRemoved('[jobs]'));
        await closeToast(page, messages.negativeTermRemoved('[jobs]'));
        await expectTerms(
          page,
          'Job seekers',
          [
            'hiring (Phrase)',
            'salary (Exact)',
            `salary (Exact, ${messages.negativeLevelAdGroup('Trail running shoes for women')})`,
            'work from home (Phrase)',
          ],
          isWide,
        );

        // Rename.
        await page.getByRole('button', { name: messages.renameNegativeList }).click();
        const rename = dialog(page, messages.renameNegativeListTitle);
        await rename.getByLabel(messages.negativeListNameLabel).fill('Job hunters');
        await rename.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, messages.negativeListRenamed('Job hunters'));
        await closeToast(page, messages.negativeListRenamed('Job hunters'));
        await expectVisible(page.getByRole('heading', { name: 'Job hunters', level: 2 }));
        await expectVisible(page.getByText('4 terms', { exact: true }));
        if (viewport.name === 'narrow') await expectNoHorizontalScroll(page, 'with a negative list');
        // Each line's Remove is on screen, not cut off by the card.
        const removeSalary = page.getByRole('button', { name: messages.removeNegativeTerm('[salary]'), exact: true });
        await expectWithinViewportWidth(page, removeSalary, 'Remove [salary]');
        const removeGroupSalary = page.getByRole('button', {
          name: messages.removeNegativeTerm(
            messages.negativeTermOfAdGroup('[salary]', 'Trail running shoes for women'),
          ),
        });
        await expectWithinViewportWidth(page, removeGroupSalary, 'Remove [salary] for the ad group');
        await screenshot(page, 'negative-lists', viewport);

        // Delete, asked first.
        await page.getByRole('button', { name: messages.deleteNegativeList }).click();
        const confirm = dialog(page, messages.deleteNegativeListTitle);
        await expectVisible(confirm.getByText(messages.deleteNegativeListBody('Job hunters', 4)));
        await confirm.getByRole('button', { name: 'Delete' }).click();
        await expectToast(page, messages.negativeListDeleted('Job hunters'));
        await expectVisible(page.getByText(messages.noNegativeLists));
        await expectHidden(page.getByRole('heading', { name: 'Job hunters', level: 2 }));

        // Another's project (or none) is not found, as on the project page.
        const stranger = await createShop(await apiSignUp({ name: 'Sam Stranger' }));
        await page.goto(`/projects/${stranger.id}/negative-keywords`);
        await expectVisible(page.getByRole('heading', { name: messages.projectNotFound, level: 1 }));
      });
    });
  }
});
