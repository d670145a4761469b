import { messages } from '@keywright/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { termsFile, termsRow } from '../apps/server/test/support/search-terms-files';
import { apiAddKeyword, apiCreateProject, apiSignUp } from './support/api';
import {
  expectNoHorizontalScroll,
  expectTitle,
  expectVisible,
  noBrowser,
  screenshot,
  signIn,
  usePage,
  viewports,
} from './support/browser';

const unique = () => Math.random().toString(36).slice(2, 7);

/** A EUR account's month: six terms and a row the import skips. */
const report = termsFile(
  [
    termsRow('wallet repair jobs', { Clicks: '9', 'Impr.': '150', Cost: '84.00', Conversions: '0.00' }),
    termsRow('leather wallet', { Clicks: '40', 'Impr.': '900', Cost: '52.10', Conversions: '3.00' }),
    termsRow('free wallet pattern', { Clicks: '25', 'Impr.': '1,200', Cost: '31.40', Conversions: '0.00' }),
    termsRow('mens wallet', { Clicks: '60', 'Impr.': '2,400', Cost: '12.75', Conversions: '1.50' }),
    termsRow('diy leather wallet', { Clicks: '3', 'Impr.': '80', Cost: '4.20', Conversions: '0.00' }),
    termsRow('cheap wallets', {
      Clicks: '15',
      'Impr.': '640',
      Cost: '9.99',
      Conversions: '0.00',
      'Ad group': 'Budget',
    }),
    termsRow('card holder', { Clicks: '12 clicks' }),
  ].map((row) => ({ ...row, 'Currency code': 'EUR' })),
  { encoding: 'utf-8' },
);

/** The terms shown, in order: the table's first column, or the phone list's first line. */
async function shownTerms(page: Page): Promise<string[]> {
  const terms = page.getByRole('main').locator('[data-term]');
  return (await terms.allInnerTexts()).map((text) => text.trim());
}

describe.skipIf(noBrowser)('Search terms', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);
      const isWide = viewport.name === 'wide';

      test('a person uploads the search terms report, filters the spend without conversions and sorts it', async () => {
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
        // From the project's More Actions.
        await page.goto(`/projects/${project.id}/keywords`);
        await page.getByRole('button', { name: 'More Actions' }).click();
        await page.getByRole('menuitem', { name: messages.searchTermsMenuItem }).click();
        await expectVisible(page.getByRole('heading', { name: `${messages.searchTermsTitle} - ${name}`, level: 1 }));
        await expectTitle(page, `${messages.searchTermsTitle} - ${name} - Keywright`);
        await expectVisible(page.getByText(messages.searchTermsEmptyTitle, { exact: true }));
        await screenshot(page, 'search-terms-empty', viewport);

        // The report: six terms stored, one row skipped with its reason, the month and the currency.
        const upload = page.getByRole('region', { name: messages.searchTermsImportTitle });
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          upload.getByRole('button', { name: 'Browse files' }).click(),
        ]);
        await chooser.setFiles({ name: 'Search terms report.csv', mimeType: 'text/csv', buffer: report });
        await expectVisible(page.getByText('Search terms report.csv', { exact: true }));
        await page.getByRole('button', { name: messages.searchTermsImportButton }).click();
        await expectVisible(page.getByText(messages.searchTermsImported(6, 1), { exact: true }), 20_000);
        const skips = page.getByRole('table', { name: messages.searchTermsSkippedRows });
        await expectVisible(
          skips.getByRole('cell', { name: messages.searchTermsSkipBadNumber('Clicks'), exact: true }),
        );
        await expectVisible(page.getByText(messages.searchTermsCount(6), { exact: true }));
        await expect
          .poll(() => shownTerms(page))
          .toEqual([
            'wallet repair jobs',
            'leather wallet',
            'free wallet pattern',
            'mens wallet',
            'cheap wallets',
            'diy leather wallet',
          ]);
        // Euros, as the report says; the project's own keyword marked.
        await expectVisible(page.getByText(isWide ? /^€84\.00$/ : /Cost €84\.00/));
        await expectVisible(page.getByText(messages.searchTermsKeywordBadge, { exact: true }));
        await expectNoHorizontalScroll(page, 'with the imported report');
        await screenshot(page, 'search-terms-imported', viewport);

        // Spend without a conversion, of at least €30.
        await page.getByRole('switch', { name: messages.searchTermsNoConversions }).check({ force: true });
        await expectVisible(page.getByText(messages.searchTermsCount(4), { exact: true }));
        await page.getByRole('textbox', { name: messages.searchTermsMinCost }).fill('30');
        await expectVisible(page.getByText(messages.searchTermsCount(2), { exact: true }));
        await expect.poll(() => shownTerms(page)).toEqual(['wallet repair jobs', 'free wallet pattern']);

        // Most clicks first.
        if (isWide) {
          await page.getByRole('button', { name: messages.searchTermsColumnClicks, exact: true }).click();
          await expectVisible(
            page
              .getByRole('columnheader', { name: messages.searchTermsColumnClicks })
              .and(page.locator('[aria-sort="descending"]')),
          );
        } else {
          await page.getByRole('combobox', { name: messages.searchTermsSortLabel, exact: true }).click();
          await page.getByRole('option', { name: 'Clicks (highest first)', exact: true }).click();
        }
        await expect.poll(() => shownTerms(page)).toEqual(['free wallet pattern', 'wallet repair jobs']);
        await expectNoHorizontalScroll(page, 'filtered and sorted');
        await screenshot(page, 'search-terms-filtered', viewport);

        // A word the terms contain.
        await page.getByRole('searchbox', { name: messages.searchTermsSearchLabel }).fill('pattern');
        await expect.poll(() => shownTerms(page)).toEqual(['free wallet pattern']);
        await expectVisible(page.getByText(messages.searchTermsCount(1), { exact: true }));
      });
    });
  }
});
