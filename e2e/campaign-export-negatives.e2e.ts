import { readFile } from 'node:fs/promises';
import { messages, negativeCriterionType, type NegativeList } from '@keywright/contract';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { termsFile, termsRow } from '../apps/server/test/support/search-terms-files';
import { apiAddKeywords, apiAddToList, apiCreateList, apiCreateProject, apiSignUp, type ApiUser } from './support/api';
import {
  baseUrl,
  expectHidden,
  expectPath,
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

/** A keyword of 81 characters and one of 11 words: Google Ads takes neither. */
const tooLong = `${'whitening '.repeat(7)}whitening11`;
const tooManyWords = 'best teeth whitening kit for sensitive teeth at home near me today';
const whitening = ['teeth whitening', 'teeth whitening price', 'professional teeth whitening', tooLong, tooManyWords];

/** POST as the owner, through the API (set-up the journey is not about). */
async function apiPost<T>(owner: ApiUser, pathname: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
    body: JSON.stringify(body),
  });
  expect(response.status, `POST ${pathname}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function apiNegativeList(
  owner: ApiUser,
  projectId: number,
  name: string,
  items: Array<{ text: string; match_type: 'exact' | 'phrase' }>,
): Promise<NegativeList> {
  const list = await apiPost<NegativeList>(owner, `/api/projects/${projectId}/negative-lists`, { name });
  await apiPost(owner, `/api/negative-lists/${list.id}/items`, { items });
  return list;
}

/** A SegmentedControl's option: its radio is drawn over by its label, which takes the click. */
async function choose(page: Page, name: string): Promise<void> {
  await page
    .getByRole('dialog')
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
}

/** A Leather shop's month of search terms, in euros. */
const report = termsFile(
  [
    termsRow('wallet repair jobs', { Clicks: '9', 'Impr.': '150', Cost: '84.00', Conversions: '0.00' }),
    termsRow('leather wallet', { Clicks: '40', 'Impr.': '900', Cost: '52.10', Conversions: '3.00' }),
  ].map((row) => ({ ...row, 'Currency code': 'EUR' })),
  { encoding: 'utf-8' },
);

describe.skipIf(noBrowser)(
  'negative lists in the campaign export, and the search terms report from the analysis page',
  () => {
    for (const viewport of viewports) {
      describe(`at ${viewport.width} px`, () => {
        const session = usePage(viewport);

        test('a person exports the campaign with the negative lists chosen and reads what was left out', async () => {
          const { page } = session;
          const owner = await apiSignUp();
          const name = `Bright Smile Dental ${unique()}`;
          const project = await apiCreateProject(owner, {
            name,
            description: 'Family dentist in Denver: teeth whitening and dental implants',
            country: 'United States',
            city: 'Denver',
            language: 'English',
          });
          await apiAddKeywords(owner, project.id, whitening);
          const list = await apiCreateList(owner, 'Whitening', project.id);
          await apiAddToList(owner, list.id, whitening);
          const jobs = await apiNegativeList(owner, project.id, 'Job seekers', [
            { text: 'dentist jobs', match_type: 'exact' },
            { text: 'dental assistant salary', match_type: 'phrase' },
          ]);
          await apiNegativeList(owner, project.id, 'Free stuff', [{ text: 'free', match_type: 'phrase' }]);
          const sent: string[] = [];
          page.on('request', (request) => {
            if (request.url().endsWith('/campaign-export')) sent.push(request.postData() ?? '');
          });

          await signIn(page, owner);
          await page.goto(`/projects/${project.id}/keywords`);
          await page.getByRole('button', { name: 'More Actions' }).click();
          await page.getByRole('menuitem', { name: messages.exportCampaign, exact: true }).click();
          const dialog = page.getByRole('dialog', { name: messages.exportCampaign, exact: true });
          await expectVisible(dialog);
          await choose(page, messages.campaignAdGroupsFromLists);
          await dialog.getByRole('textbox', { name: messages.finalUrlLabel }).fill('https://brightsmile.example');

          // Every negative list of the project, checked, with its term count.
          const negativeLists = dialog.getByRole('group', { name: messages.negativeListsInExport });
          await expectVisible(negativeLists);
          const free = negativeLists.getByRole('checkbox', { name: messages.negativeListInExport('Free stuff', 1) });
          const jobSeekers = negativeLists.getByRole('checkbox', {
            name: messages.negativeListInExport('Job seekers', 2),
          });
          expect(await free.isChecked()).toBe(true);
          expect(await jobSeekers.isChecked()).toBe(true);
          await free.uncheck();
          await negativeLists.scrollIntoViewIfNeeded();
          await screenshot(page, 'campaign-export-negative-lists', viewport, { fullPage: false });

          const [file] = await Promise.all([
            page.waitForEvent('download', { timeout: 30_000 }),
            dialog.getByRole('button', { name: messages.downloadCampaign, exact: true }).click(),
          ]);
          expect(JSON.parse(sent[0]!)).toMatchObject({ groupBy: 'lists', negativeListIds: [jobs.id] });
          await expectToast(page, messages.campaignExported);

          // The file: the chosen list's terms as campaign negatives (no ad group); the other list's not.
          const [header, ...cells] = parse(await readFile(await file.path(), 'utf8'), { bom: true }) as string[][];
          const rows = cells.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]!])));
          const negatives = rows
            .filter((row) => row['Criterion Type']!.startsWith('Negative'))
            .map((row) => [row.Campaign, row['Ad group'], row.Keyword, row['Criterion Type']]);
          expect(negatives).toEqual([
            [name, '', 'dental assistant salary', negativeCriterionType.phrase],
            [name, '', 'dentist jobs', negativeCriterionType.exact],
          ]);
          const keywords = rows.filter((row) => row['Ad group'] === 'Whitening' && row.Keyword !== '');
          expect(keywords.map((row) => row.Keyword).sort()).toEqual(whitening.slice(0, 3).sort());

          // Beside the button: the two keywords Google Ads would refuse, each with why; the dialog stays.
          const summary = dialog.getByRole('status').filter({ hasText: messages.leftOutTitle(2, 0) });
          await expectVisible(summary);
          await expectVisible(summary.getByText(`“${tooLong}”: ${messages.leftOutReasons.too_long}`));
          await expectVisible(summary.getByText(`“${tooManyWords}”: ${messages.leftOutReasons.too_many_words}`));
          if (viewport.name === 'wide') await expectWithinViewportWidth(page, dialog, 'the export dialog');
          const content = dialog.locator('xpath=ancestor-or-self::*[contains(@class, "mantine-Modal-content")][1]');
          const [scrollWidth, clientWidth] = await content.evaluate((element) => [
            element.scrollWidth,
            element.clientWidth,
          ]);
          expect(scrollWidth, 'long keywords wrap: no sideways scroll').toBeLessThanOrEqual(clientWidth);
          await summary.scrollIntoViewIfNeeded();
          await screenshot(page, 'campaign-export-left-out', viewport, { fullPage: false });
          await page.keyboard.press('Escape');
          await expectHidden(dialog);
        });

        test("a list's Google Ads Editor file carries the project's negative lists and names what was left out", async () => {
          const { page } = session;
          const owner = await apiSignUp();
          const project = await apiCreateProject(owner, {
            name: `Bright Smile Dental ${unique()}`,
            description: 'Family dentist in Denver: teeth whitening and dental implants',
            country: 'United States',
            city: 'Denver',
            language: 'English',
          });
          await apiAddKeywords(owner, project.id, whitening);
          const list = await apiCreateList(owner, 'Whitening', project.id);
          await apiAddToList(owner, list.id, whitening);
          await apiNegativeList(owner, project.id, 'Job seekers', [
            { text: 'dentist jobs', match_type: 'exact' },
            { text: 'dental assistant salary', match_type: 'phrase' },
          ]);

          await signIn(page, owner);
          await page.goto('/keyword-lists');
          await page.getByRole('button', { name: 'Show keywords of Whitening', exact: true }).click();
          await page
            .getByRole('group', { name: messages.adCopyFor('Whitening'), exact: true })
            .getByRole('button', { name: messages.adPreview, exact: true })
            .click();
          const dialog = page.getByRole('dialog', { name: messages.adPreviewTitle('Whitening'), exact: true });
          await expectVisible(dialog.getByRole('article', { name: messages.adPreview, exact: true }), 30_000);
          await dialog
            .getByRole('textbox', { name: messages.finalUrlLabel, exact: true })
            .fill('https://brightsmile.example');
          const jobSeekers = dialog
            .getByRole('group', { name: messages.negativeListsInExport })
            .getByRole('checkbox', { name: messages.negativeListInExport('Job seekers', 2) });
          expect(await jobSeekers.isChecked()).toBe(true);

          const [file] = await Promise.all([
            page.waitForEvent('download', { timeout: 30_000 }),
            dialog.getByRole('button', { name: messages.downloadForAdsEditor, exact: true }).click(),
          ]);
          const [header, ...cells] = parse(await readFile(await file.path(), 'utf8'), { bom: true }) as string[][];
          const rows = cells.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]!])));
          expect(
            rows
              .filter((row) => row['Criterion Type']!.startsWith('Negative'))
              .map((row) => [row['Ad group'], row.Keyword, row['Criterion Type']]),
          ).toEqual([
            ['', 'dental assistant salary', negativeCriterionType.phrase],
            ['', 'dentist jobs', negativeCriterionType.exact],
          ]);
          const summary = dialog.getByRole('status').filter({ hasText: messages.leftOutTitle(2, 0) });
          await expectVisible(summary);
          await expectVisible(summary.getByText(`“${tooLong}”: ${messages.leftOutReasons.too_long}`));
          await summary.scrollIntoViewIfNeeded();
          await screenshot(page, 'ad-preview-left-out', viewport, { fullPage: false });
        });

        test('a person imports the search terms report from the analysis page and goes to its terms', async () => {
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
          await apiAddKeywords(owner, project.id, ['leather wallet']);

          await signIn(page, owner);
          await page.goto(`/google-ads-analysis?projectId=${project.id}`);
          await expectVisible(page.getByRole('heading', { name, level: 2 }));
          const importReport = page.getByRole('button', { name: messages.analysisImportSearchTerms });
          await expectVisible(importReport);
          await screenshot(page, 'analysis-import-search-terms-action', viewport, { fullPage: false });
          await importReport.click();
          const dialog = page.getByRole('dialog', { name: messages.analysisImportSearchTerms });
          await expectVisible(dialog);
          // The Search terms screen's own upload.
          const [chooser] = await Promise.all([
            page.waitForEvent('filechooser'),
            dialog.getByRole('button', { name: 'Browse files' }).click(),
          ]);
          await chooser.setFiles({ name: 'Search terms report.csv', mimeType: 'text/csv', buffer: report });
          await dialog.getByRole('button', { name: messages.searchTermsImportButton }).click();
          await expectVisible(dialog.getByText(messages.searchTermsImported(2, 0), { exact: true }), 20_000);
          await expectVisible(dialog.getByText(messages.analysisSearchTermsImported, { exact: true }));
          await screenshot(page, 'analysis-search-terms-import', viewport, { fullPage: false });

          await dialog.getByRole('link', { name: messages.analysisGoToSearchTerms }).click();
          await expectPath(page, `/projects/${project.id}/search-terms`);
          await expectVisible(page.getByRole('heading', { name: `${messages.searchTermsTitle} - ${name}`, level: 1 }));
          await expectVisible(page.getByText(messages.searchTermsCount(2), { exact: true }));
        });
      });
    }
  },
);
