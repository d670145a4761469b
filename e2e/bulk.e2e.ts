import { constants, messages } from '@keywright/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAddKeyword, apiCreateProject, apiKeywordLists, apiKeywordPage, apiSignUp } from './support/api';
import {
  expectHidden,
  expectNoHorizontalScroll,
  expectToast,
  expectVisible,
  noBrowser,
  screenshot,
  signIn,
  usePage,
  viewports,
} from './support/browser';
import { expectKeywordCount, expectKeywordRows } from './support/keywords';

const unique = () => Math.random().toString(36).slice(2, 7);

const rowCheckbox = (page: Page, keyword: string) =>
  page.getByRole('checkbox', { name: messages.selectKeyword(keyword), exact: true });

const isIndeterminate = (checkbox: Locator) => checkbox.evaluate((input) => (input as HTMLInputElement).indeterminate);

/** The chosen rows' checkboxes can be clicked where they are: the selection bar covers none of them. */
async function expectRowsUncovered(page: Page, keywords: readonly string[]): Promise<void> {
  for (const keyword of keywords) await rowCheckbox(page, keyword).click({ trial: true });
}

describe.skipIf(noBrowser)('bulk work on keywords', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('a pasted list, selection, save to a list, delete, remove from the list, and the wider choice', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await apiCreateProject(owner, {
          name: `Motion Physio ${unique()}`,
          description: 'Physiotherapy clinic in Leeds: sports injuries, back pain and massage',
          country: 'United Kingdom',
          city: 'Leeds',
          language: 'English',
        });
        await apiAddKeyword(owner, project.id, 'physio leeds');

        await signIn(page, owner);
        await page.goto(`/projects/${project.id}/keywords`);
        await expectKeywordCount(page, 1);

        // A pasted list: commas and lines, a repeat and a keyword the project has are skipped.
        await page
          .getByLabel('New keyword')
          .fill('physio near me, back pain physio leeds\nPhysio Leeds\n\nsports massage leeds\nPHYSIO NEAR ME');
        await page.getByRole('button', { name: 'Add Keyword' }).click();
        await expectToast(page, messages.pastedKeywordsSummary({ added: 3, repeated: 1, existing: ['Physio Leeds'] }));
        await expectKeywordCount(page, 4);
        expect(await page.getByLabel('New keyword').inputValue()).toBe('');
        const added = (await apiKeywordPage(owner, project.id, 1)).data.map((row) => row.keyword);
        expect([...added].sort()).toEqual(
          ['back pain physio leeds', 'physio leeds', 'physio near me', 'sports massage leeds'].sort(),
        );
        await expectKeywordRows(page, added);

        // Select all on the page: a dash while some are chosen, then all, then none.
        const selectAll = page.getByRole('checkbox', { name: messages.selectAllOnPage, exact: true });
        await expectVisible(page.getByText(messages.noneSelected, { exact: true }));
        await rowCheckbox(page, 'physio near me').check();
        await rowCheckbox(page, 'sports massage leeds').check();
        await expectVisible(page.getByText(messages.selectedCount(2), { exact: true }));
        expect(await isIndeterminate(selectAll)).toBe(true);
        await screenshot(page, 'bulk-keywords-selected', viewport);
        await expectNoHorizontalScroll(page, 'with keywords selected');
        await expectRowsUncovered(page, added);

        await selectAll.click();
        await expectVisible(page.getByText(messages.selectedCount(4), { exact: true }));
        expect(await isIndeterminate(selectAll)).toBe(false);
        expect(await selectAll.isChecked()).toBe(true);
        await selectAll.click();
        await expectVisible(page.getByText(messages.noneSelected, { exact: true }));

        // Two saved to a new list at once.
        await rowCheckbox(page, 'physio near me').check();
        await rowCheckbox(page, 'back pain physio leeds').check();
        await page.getByRole('button', { name: messages.saveSelectedToList }).click();
        const listDialog = page.getByRole('dialog', { name: messages.addToKeywordListTitle });
        const listName = `Shortlist ${unique()}`;
        await listDialog.getByRole('textbox', { name: messages.createNewList }).fill(listName);
        await listDialog.getByRole('button', { name: 'Create', exact: true }).click();
        await expectToast(page, messages.keywordsAddedToList(2, listName));
        await expectHidden(listDialog);
        await expectVisible(page.getByText(messages.noneSelected, { exact: true }));
        const list = (await apiKeywordLists(owner)).find((row) => row.name === listName);
        expect(list?.count).toBe(2);

        // Two deleted at once, after one confirmation that says how many.
        await rowCheckbox(page, 'physio leeds').check();
        await rowCheckbox(page, 'sports massage leeds').check();
        await page.getByRole('button', { name: messages.deleteSelected }).click();
        const confirm = page.getByRole('dialog', { name: messages.deleteKeywordsTitle });
        await expectVisible(confirm.getByText(messages.deleteKeywordsBody(2), { exact: true }));
        await screenshot(page, 'bulk-delete-confirm', viewport);
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await expectToast(page, messages.keywordsDeleted(2));
        await expectHidden(confirm);
        await expectKeywordCount(page, 2);
        const left = (await apiKeywordPage(owner, project.id, 1)).data.map((row) => row.keyword);
        expect([...left].sort()).toEqual(['back pain physio leeds', 'physio near me']);
        await expectKeywordRows(page, left);

        // Nothing new fits the CPC bounds: the dialog says why and reruns without them in one click.
        await page.getByRole('button', { name: 'More Actions' }).click();
        await page.getByRole('menuitem', { name: 'Generate More Keywords' }).click();
        const generateDialog = page.getByRole('dialog', { name: 'Generate More Keywords' });
        await generateDialog.getByRole('textbox', { name: 'Number of keywords' }).fill('10');
        await generateDialog.getByRole('textbox', { name: 'Min CPC' }).fill(String(constants.limits.maxCpc));
        await generateDialog.getByRole('button', { name: 'Generate', exact: true }).click();
        await expectVisible(generateDialog.getByText(messages.noNewKeywordsTitle, { exact: true }));
        await expectVisible(
          generateDialog.getByText(messages.keywordsShortfall(0, '2-3', { dialog: 'more', byCpcRange: true }), {
            exact: true,
          }),
        );
        await screenshot(page, 'bulk-generate-wider-choice', viewport);
        const answered = page.waitForResponse((response) =>
          response.url().endsWith('/api/google-ads/generate-filtered-keywords'),
        );
        await generateDialog.getByRole('button', { name: messages.generateWithoutCpcBounds }).click();
        const answer = (await (await answered).json()) as { generated: unknown[] };
        expect(answer.generated.length).toBeGreaterThan(0);
        await expectHidden(generateDialog);
        await expectKeywordCount(page, 2 + answer.generated.length);

        // On the list: both chosen and taken out at once; they stay in the project.
        await page.goto('/keyword-lists');
        await page.getByRole('button', { name: `Show keywords of ${listName}` }).click();
        await rowCheckbox(page, 'physio near me').check();
        await rowCheckbox(page, 'back pain physio leeds').check();
        await expectVisible(page.getByText(messages.selectedCount(2), { exact: true }));
        await screenshot(page, 'bulk-list-selected', viewport);
        await page.getByRole('button', { name: messages.removeSelectedFromList }).click();
        const removeDialog = page.getByRole('dialog', { name: messages.removeListKeywordsTitle });
        await expectVisible(removeDialog.getByText(messages.removeListKeywordsBody(2, listName), { exact: true }));
        await removeDialog.getByRole('button', { name: 'Remove', exact: true }).click();
        await expectToast(page, messages.keywordsRemovedFromList(2));
        await expectVisible(page.getByText(messages.noKeywordsInList, { exact: true }));
        expect((await apiKeywordLists(owner)).find((row) => row.name === listName)?.count).toBe(0);
        expect((await apiKeywordPage(owner, project.id, 1)).pagination.totalCount).toBe(2 + answer.generated.length);
      });
    });
  }
});
