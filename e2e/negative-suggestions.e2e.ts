import { messages } from '@keywright/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { termsFile, termsRow } from '../apps/server/test/support/search-terms-files';
import { apiAddKeyword, apiCreateProject, apiSignUp } from './support/api';
import {
  expectNoHorizontalScroll,
  expectTitle,
  expectToast,
  expectVisible,
  noBrowser,
  screenshot,
  signIn,
  usePage,
  viewports,
} from './support/browser';

const unique = () => Math.random().toString(36).slice(2, 7);

/** A EUR account's month of a shop of new leather goods: spend without a result, job seekers, do-it-yourselfers. */
const report = termsFile(
  [
    termsRow('wallet repair jobs', { Clicks: '9', 'Impr.': '150', Cost: '84.00', Conversions: '0.00' }),
    termsRow('leather wallet', { Clicks: '40', 'Impr.': '900', Cost: '52.10', Conversions: '3.00' }),
    termsRow('free wallet pattern', { Clicks: '25', 'Impr.': '1,200', Cost: '31.40', Conversions: '0.00' }),
    termsRow('free engraving wallet', { Clicks: '14', 'Impr.': '300', Cost: '20.00', Conversions: '2.00' }),
    termsRow('used leather wallet', { Clicks: '8', 'Impr.': '210', Cost: '15.00', Conversions: '0.00' }),
    termsRow('diy leather wallet', { Clicks: '3', 'Impr.': '80', Cost: '4.20', Conversions: '0.00' }),
  ].map((row) => ({ ...row, 'Currency code': 'EUR' })),
  { encoding: 'utf-8' },
);

/** The suggestions shown, as Google Ads writes them, in order. */
async function shownSuggestions(page: Page): Promise<string[]> {
  const rows = page.getByRole('region', { name: messages.negativeSuggestionsTitle }).locator('[data-suggestion]');
  return Promise.all((await rows.all()).map(async (row) => (await row.getAttribute('data-suggestion')) ?? ''));
}

const suggestion = (page: Page, notation: string) =>
  page.getByRole('region', { name: messages.negativeSuggestionsTitle }).locator(`[data-suggestion='${notation}']`);

describe.skipIf(noBrowser)('negative keyword suggestions', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('a person reviews the suggestions of a report, leaves the over-blocking one out and adds the rest to a new list', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const name = `Leather Shop ${unique()}`;
        const project = await apiCreateProject(owner, {
          name,
          description: 'Handmade leather wallets and belts, sold online.',
          country: 'Germany',
          city: 'Berlin',
          language: 'English',
        });
        await apiAddKeyword(owner, project.id, 'leather wallet');

        await signIn(page, owner);
        await page.goto(`/projects/${project.id}/search-terms`);
        await expectTitle(page, `${messages.searchTermsTitle} - ${name} - Keywright`);
        const upload = page.getByRole('region', { name: messages.searchTermsImportTitle });
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          upload.getByRole('button', { name: 'Browse files' }).click(),
        ]);
        await chooser.setFiles({ name: 'Search terms report.csv', mimeType: 'text/csv', buffer: report });
        await page.getByRole('button', { name: messages.searchTermsImportButton }).click();
        await expectVisible(page.getByText(messages.searchTermsImported(6, 0), { exact: true }), 20_000);

        // Spend of at least €10 without a conversion, and the words of searchers a shop of new goods does not serve.
        const panel = page.getByRole('region', { name: messages.negativeSuggestionsTitle });
        await expect
          .poll(() => shownSuggestions(page), { timeout: 10_000 })
          // "jobs" and "used" cover the searches that spent on them: no exact negative is suggested beside them.
          .toEqual(['"jobs"', '"free"', '[free wallet pattern]', '"used"', '"diy"']);
        await expectVisible(suggestion(page, '[free wallet pattern]').getByText('€31.40 spent, 0 conversions'));
        await expectVisible(suggestion(page, '"jobs"').getByText('job seekers', { exact: true }));
        // "free" would block a search that converts: it is named, and the suggestion is not chosen.
        const free = suggestion(page, '"free"');
        await expectVisible(free.getByText(messages.negativeSuggestionBlocks(['free engraving wallet'], 1)));
        await expect.poll(() => free.getByRole('checkbox').isChecked()).toBe(false);
        await expect.poll(() => suggestion(page, '"jobs"').getByRole('checkbox').isChecked()).toBe(true);
        await expectVisible(panel.getByText(messages.negativeSuggestionsCount(5), { exact: true }));
        await expectVisible(panel.getByText(messages.selectedCount(4), { exact: true }));
        await expectNoHorizontalScroll(page, 'with the suggestions');
        await screenshot(page, 'negative-suggestions', viewport);

        // "diy" too is left out, by hand.
        await suggestion(page, '"diy"').getByRole('checkbox').uncheck();
        await expectVisible(panel.getByText(messages.selectedCount(3), { exact: true }));

        await panel.getByRole('button', { name: messages.negativeSuggestionsAddToList }).click();
        const dialog = page.getByRole('dialog', { name: messages.negativeSuggestionsAddTitle });
        const listName = `Wasted clicks ${unique()}`;
        await dialog.getByRole('textbox', { name: messages.negativeSuggestionsNewListName }).fill(listName);
        await screenshot(page, 'negative-suggestions-add', viewport);
        await dialog.getByRole('button', { name: messages.negativeSuggestionsAddButton(3) }).click();
        await expectToast(page, messages.negativeSuggestionsAdded(3, 0, listName));
        // What is in a list now is no longer suggested; what it blocks already neither.
        await expect.poll(() => shownSuggestions(page)).toEqual(['"free"', '"diy"']);
        // The person's own choice stands: neither is chosen.
        await expectVisible(panel.getByText(messages.noneSelected, { exact: true }));

        // The converting search that is not a keyword yet, added as one.
        await page.getByRole('checkbox', { name: messages.chooseConvertingTerm('free engraving wallet') }).check();
        await page.getByRole('button', { name: messages.addTermsAsKeywords(1) }).click();
        await expectToast(page, messages.termsAddedAsKeywords(1, 0));
        await expect
          .poll(() =>
            page.getByRole('checkbox', { name: messages.chooseConvertingTerm('free engraving wallet') }).count(),
          )
          .toBe(0);
        await expectNoHorizontalScroll(page, 'after adding');
        await screenshot(page, 'negative-suggestions-added', viewport);

        // The list on the Negative keywords screen.
        await page.goto(`/projects/${project.id}/negative-keywords`);
        await expectVisible(page.getByText(listName, { exact: true }).first());
        for (const text of ['jobs', 'free wallet pattern', 'used']) {
          await expectVisible(page.getByText(text, { exact: true }).first());
        }
        await expectNoHorizontalScroll(page, 'the negative keywords screen');
        await screenshot(page, 'negative-suggestions-list', viewport);
      });
    });
  }
});
