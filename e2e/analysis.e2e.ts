import { readFile } from 'node:fs/promises';
import {
  analysisCsvColumns,
  constants,
  messages,
  type AnalysisRow,
  type Competition,
  type Project,
  type SearchIntent,
  searchIntents,
} from '@keywright/contract';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiAddKeywords,
  apiAnalysisPage,
  apiCreateProject,
  apiKeywordLists,
  apiLoadMetrics,
  apiSignUp,
  type ApiUser,
} from './support/api';
import {
  closeToast,
  expectHidden,
  expectNoHorizontalScroll,
  expectPath,
  expectTitle,
  expectToast,
  expectVisible,
  noBrowser,
  screenshot,
  signIn,
  signUp,
  usePage,
  viewports,
} from './support/browser';
import { startKeywright, type RunningKeywright } from './support/keywright';

const unique = () => Math.random().toString(36).slice(2, 7);
const pagePath = '/google-ads-analysis';

const trailKeywords = [
  'trail running shoes',
  'waterproof running jacket',
  'hydration vest',
  'ultra marathon training plan',
  'best trail shoes for beginners',
  'mountain running gear',
  'lightweight running vest',
  'trail running poles',
  'running shoes wide feet',
  'gore tex trail shoes',
  'womens trail running shoes',
  'trail running socks',
  'how to start trail running',
  'cheap hydration pack',
  'salomon speedcross 6',
  'hoka speedgoat review',
  'trail running headlamp',
  'running rain jacket',
  'zero drop trail shoes',
  'trail race nutrition',
  'compression socks running',
  'trail running shorts',
  'minimalist running shoes',
  'running belt for phone',
  'waterproof trail shoes mens',
];

/** The analysis CSV's header for a project in the United States: SPEC's columns, the bids in USD, the source. */
const analysisCsvHeader = (() => {
  const [keyword, searches, competition, index, low, high, intent] = analysisCsvColumns;
  return [keyword, searches, competition, index, `${low} (USD)`, `${high} (USD)`, 'Source', intent].join(',');
})();

const keywordsLabelOf = (count: number) => `${count} ${count === 1 ? 'keyword' : 'keywords'}`;

async function createProject(owner: ApiUser, name: string, keywords: readonly string[]): Promise<Project> {
  const project = await apiCreateProject(owner, {
    name,
    description: 'Lightweight trail running shoes, hydration vests and waterproof jackets for mountain runners',
    country: 'United States',
    city: 'Denver',
    language: 'English',
  });
  await apiAddKeywords(owner, project.id, keywords);
  return project;
}

/** The keywords on screen, top to bottom (table rows or cards), read from their checkboxes. */
async function shownKeywords(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('checkbox', { name: /^Select (?!all )/ })
    .evaluateAll((boxes) =>
      boxes.filter((box) => (box as HTMLElement).checkVisibility()).map((box) => box.getAttribute('aria-label')!),
    );
  return labels.map((label) => label.slice('Select '.length));
}

async function expectShownKeywords(page: Page, expected: readonly string[]): Promise<void> {
  await expect.poll(() => shownKeywords(page), { timeout: 15_000 }).toEqual(expected);
}

/** The row (table row or card) of a keyword. */
function rowOf(page: Page, keyword: string): Locator {
  return page
    .getByRole('checkbox', { name: `Select ${keyword}`, exact: true })
    .locator('xpath=ancestor::*[self::tr or self::li][1]');
}

async function chooseProject(page: Page, name: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Project' });
  await select.click();
  await select.fill(name.slice(0, 8));
  await page.getByRole('option', { name, exact: true }).click();
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

/** A CSV download's lines, without the byte order mark and blank lines. */
async function csvLines(download: Download): Promise<string[]> {
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)], 'the UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  return bytes
    .subarray(3)
    .toString('utf8')
    .split(/\r?\n/)
    .filter((line) => line !== '');
}

const keywordsOf = (rows: readonly AnalysisRow[]) => rows.map((row) => row.keyword);

/** A row's intent badges as drawn: the intent (its colour) of each, in order. */
function badgesOf(row: Locator): Promise<string[]> {
  return row
    .locator('[data-intent]')
    .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-intent')!));
}

/** The Intent filter's chip of an intent, clicked where a person does: on its label. */
async function toggleIntent(page: Page, intent: SearchIntent): Promise<void> {
  const group = page.getByRole('group', { name: messages.intentHeading, exact: true });
  await group.locator('label').filter({ hasText: messages.intentLabels[intent] }).click();
}

const isIntentChosen = (page: Page, intent: SearchIntent) =>
  page
    .getByRole('group', { name: messages.intentHeading, exact: true })
    .getByRole('checkbox', { name: messages.intentLabels[intent], exact: true })
    .isChecked();

/** A Keyword Planner "CSV" download: UTF-16 LE with a byte order mark, tab-separated, two title lines. */
function plannerFile(rows: string[][]): Buffer {
  const months = ['Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026'];
  const months2 = ['May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026'];
  const header = [
    'Keyword',
    'Currency',
    'Avg. monthly searches',
    'Three month change',
    'YoY change',
    'Competition',
    'Competition (indexed value)',
    'Top of page bid (low range)',
    'Top of page bid (high range)',
    ...[...months, ...months2].map((month) => `Searches: ${month}`),
  ];
  const lines = [
    'Keyword Stats 2026-11-23 at 10_15_42',
    'All locations',
    header.join('\t'),
    ...rows.map((row) => row.join('\t')),
  ];
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf16le');
}

const plannerRow = (keyword: string, searches: number, competition: string, low: string, high: string) => [
  keyword,
  'USD',
  String(searches),
  '0%',
  '0%',
  competition,
  competition === 'High' ? '80' : competition === 'Medium' ? '50' : '20',
  low,
  high,
  ...Array.from({ length: 12 }, (_, month) => String(Math.max(0, searches - 550 + month * 100))),
];

describe.skipIf(noBrowser)('Google Ads analysis', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);
      const isWide = viewport.name === 'wide';

      test('a person picks a project, sees figures and trends, sorts, filters, deletes and lists rows, exports; the project survives a reload', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const name = `Summit Trail ${unique()}`;
        const project = await createProject(owner, name, trailKeywords);
        await createProject(owner, `Bakery ${unique()}`, ['sourdough bread']);

        await signIn(page, owner);
        await page.goto(pagePath);
        await expectVisible(page.getByRole('heading', { name: 'Google Ads Analysis', exact: true, level: 1 }));
        await expectVisible(page.getByText(messages.noProjectSelected, { exact: true }));
        await expectTitle(page, 'Google Ads Analysis - Keywright');
        // No Google Ads account on this server: SPEC's names stay as they are, the source beside them.
        const estimates = (where: Locator) => where.getByText(messages.estimatesLabel, { exact: true });
        await expectVisible(estimates(page.getByRole('main')));
        if (isWide) {
          const navLink = page.getByRole('banner').getByRole('link', { name: 'Google Ads Analysis', exact: true });
          await expectVisible(estimates(navLink));
        } else {
          await page.getByRole('button', { name: 'Open navigation menu' }).click();
          const drawer = page.getByRole('dialog', { name: 'Menu' });
          await expectVisible(estimates(drawer.getByRole('link', { name: 'Google Ads Analysis', exact: true })));
          await screenshot(page, 'navigation-estimates', viewport);
          await page.keyboard.press('Escape');
          await expectHidden(drawer);
        }
        await screenshot(page, 'analysis-no-project', viewport);

        // Choosing the project: its figures are fetched, then its first page, most searched first.
        const metricsCall = page.waitForRequest(
          (request) =>
            request.url().endsWith('/api/google-ads/keyword-metrics') && request.postDataJSON().pageSize === 1,
        );
        await chooseProject(page, name);
        await metricsCall;
        await expectPath(page, pagePath, `?projectId=${project.id}`);
        await expectVisible(page.getByRole('heading', { name, level: 2 }));
        await expectTitle(page, `Google Ads Analysis - ${name} - Keywright`);
        // The rows come once every keyword has its figures.
        await expectVisible(page.getByRole('checkbox', { name: /^Select (?!all )/ }).first(), 20_000);

        const firstPage = await apiAnalysisPage(owner, project.id);
        expect(firstPage.pagination.totalCount).toBe(trailKeywords.length);
        expect(firstPage.withoutFigures).toBe(0);
        expect(firstPage.data).toHaveLength(constants.analysisPageSize);
        await expectShownKeywords(page, keywordsOf(firstPage.data));

        // Figures as the server has them: searches, competition, index, bids in dollars, and the trend.
        for (const row of firstPage.data.slice(0, 3)) {
          const figures = row.metrics!;
          const shown = rowOf(page, row.keyword);
          await expectVisible(shown.getByText(figures.avg_monthly_searches!.toLocaleString('en-US'), { exact: true }));
          await expectVisible(shown.getByText(`$${(figures.cpc_low! / 1e6).toFixed(2)}`, { exact: true }).first());
          await expectVisible(shown.getByText(`$${(figures.cpc_high! / 1e6).toFixed(2)}`, { exact: true }).first());
          if (figures.trend?.length) {
            const [first] = figures.trend;
            const month = new Date(Date.UTC(first!.year, first!.month - 1, 1)).toLocaleString('en-US', {
              month: 'short',
              timeZone: 'UTC',
            });
            const trendName = `Searches by month: ${month} ${first!.year} ${first!.searches.toLocaleString('en-US')};`;
            await expectVisible(shown.getByRole('img', { name: trendName }));
          }
        }
        await expectVisible(page.getByText(messages.estimatedLabel, { exact: true }).first());
        await expectNoHorizontalScroll(page, 'with the figures shown');
        await screenshot(page, 'analysis-figures', viewport);

        // Sorting by volume, fewest first: the server's order, and the header says so.
        const ascending = await apiAnalysisPage(owner, project.id, { sort: 'avg_monthly_searches', order: 'asc' });
        if (isWide) {
          const header = page.getByRole('columnheader', { name: 'Avg. Monthly Searches' });
          expect(await header.getAttribute('aria-sort')).toBe('descending');
          await header.getByRole('button').click();
          await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
        } else {
          await page.getByText('Low to high', { exact: true }).click();
        }
        await expectPath(page, pagePath, `?projectId=${project.id}&order=asc`);
        await expectShownKeywords(page, keywordsOf(ascending.data));

        // Competition: one level, as the server filters it. On phones the filters fold away until asked for.
        if (!isWide) {
          await expectHidden(page.getByRole('group', { name: 'Competition' }));
          await page.getByRole('button', { name: 'Show filters' }).click();
        }
        const levels = new Set(firstPage.data.map((row) => row.metrics?.competition).filter(Boolean));
        const level = [...constants.competitionLevels].find((candidate) => levels.has(candidate)) as Competition;
        const byLevel = await apiAnalysisPage(owner, project.id, {
          competition: level,
          sort: 'avg_monthly_searches',
          order: 'asc',
        });
        const competition = page.getByRole('group', { name: 'Competition' });
        await competition.getByText(level, { exact: true }).click();
        await expect.poll(() => competition.getByRole('checkbox', { name: level, exact: true }).isChecked()).toBe(true);
        await expectShownKeywords(page, keywordsOf(byLevel.data));
        expect(byLevel.data.every((row) => row.metrics?.competition === level)).toBe(true);
        await competition.getByText(level, { exact: true }).click();
        await expectShownKeywords(page, keywordsOf(ascending.data));

        // Intent: each row's badges, strongest first, with their full names for screen readers.
        if (isWide) await expectVisible(page.getByRole('columnheader', { name: messages.intentHeading, exact: true }));
        for (const row of ascending.data.slice(0, 6)) {
          const shown = rowOf(page, row.keyword);
          expect(row.intent.length, `${row.keyword} has its intents`).toBeGreaterThan(0);
          await expect.poll(() => badgesOf(shown)).toEqual(row.intent);
          for (const intent of row.intent) {
            await expectVisible(shown.getByText(messages.intentLabels[intent], { exact: true }));
          }
        }
        // The filter: an intent some keywords carry and others not, kept in the address, as the server filters it.
        const everyRow = (await apiAnalysisPage(owner, project.id, { pageSize: 100 })).data;
        const carrying = (intent: SearchIntent) => everyRow.filter((row) => row.intent.includes(intent));
        // The rarest intent any keyword carries: fewer rows than a page, all on screen at once.
        const intent = searchIntents
          .filter((candidate) => carrying(candidate).length > 0 && carrying(candidate).length < everyRow.length)
          .sort((a, b) => carrying(a).length - carrying(b).length)[0]!;
        expect(intent, 'an intent that narrows the rows').toBeDefined();
        const byIntent = await apiAnalysisPage(owner, project.id, {
          intent,
          sort: 'avg_monthly_searches',
          order: 'asc',
        });
        expect(byIntent.pagination.totalCount).toBe(carrying(intent).length);
        await toggleIntent(page, intent);
        await expect.poll(() => isIntentChosen(page, intent)).toBe(true);
        await expectPath(page, pagePath, `?projectId=${project.id}&intent=${intent}&order=asc`);
        await expectShownKeywords(page, keywordsOf(byIntent.data));
        await expectVisible(page.getByText(`of ${keywordsLabelOf(byIntent.pagination.totalCount)}`, { exact: false }));
        for (const row of byIntent.data) await expect.poll(() => badgesOf(rowOf(page, row.keyword))).toContain(intent);
        await expectNoHorizontalScroll(page, 'with the intent filter');
        await screenshot(page, 'analysis-intent-filtered', viewport);

        // Its export: only those keywords, each with the intent in the last column.
        const intentDownload = await downloadOf(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
        await expectToast(page, messages.exportedKeywords(byIntent.pagination.totalCount));
        await closeToast(page, messages.exportedKeywords(byIntent.pagination.totalCount));
        const intentLines = await csvLines(intentDownload);
        expect(intentLines[0]).toBe(analysisCsvHeader);
        expect(byIntent.pagination.totalPages).toBe(1);
        expect(intentLines.slice(1).map((line) => line.split(',')[0])).toEqual(keywordsOf(byIntent.data));
        for (const line of intentLines.slice(1)) {
          expect(line.split(',').at(-1)!.split('; ')).toContain(messages.intentLabels[intent]);
        }

        // A reload keeps it (it is in the address); choosing it again lets it go.
        await page.reload();
        await expectShownKeywords(page, keywordsOf(byIntent.data));
        await expect.poll(() => isIntentChosen(page, intent)).toBe(true);
        await toggleIntent(page, intent);
        await expectPath(page, pagePath, `?projectId=${project.id}&order=asc`);
        await expectShownKeywords(page, keywordsOf(ascending.data));

        // CPC: min above max is said and nothing changes; then bounds that keep some rows.
        await page.getByRole('textbox', { name: 'Min CPC' }).fill('5');
        await page.getByRole('textbox', { name: 'Max CPC' }).fill('1');
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        await expectVisible(page.getByText(messages.minCpcAboveMax, { exact: true }));
        await page.getByRole('textbox', { name: 'Min searches' }).fill('900');
        await page.getByRole('textbox', { name: 'Max searches' }).fill('100');
        await page.getByRole('textbox', { name: 'Min CPC' }).fill('');
        await page.getByRole('textbox', { name: 'Max CPC' }).fill('');
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        await expectVisible(page.getByText(messages.minVolumeAboveMax, { exact: true }));
        await page.getByRole('textbox', { name: 'Min searches' }).fill('');
        await page.getByRole('textbox', { name: 'Max searches' }).fill('');
        const highs = firstPage.data.map((row) => row.metrics!.cpc_high!).sort((a, b) => a - b);
        const minCpc = (Math.floor(highs[Math.floor(highs.length / 2)]! / 10_000) / 100).toFixed(2);
        await page.getByRole('textbox', { name: 'Min CPC' }).fill(`$${minCpc}`);
        expect(await page.getByRole('textbox', { name: 'Min CPC' }).inputValue()).toBe(minCpc);
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        const byCpc = await apiAnalysisPage(owner, project.id, { minCpc, sort: 'avg_monthly_searches', order: 'asc' });
        expect(byCpc.pagination.totalCount).toBeGreaterThan(0);
        expect(byCpc.pagination.totalCount).toBeLessThan(trailKeywords.length);
        await expectShownKeywords(page, keywordsOf(byCpc.data));
        await expectVisible(page.getByText(`of ${byCpc.pagination.totalCount} keywords`, { exact: false }));
        await expectNoHorizontalScroll(page, 'with filters applied');
        await screenshot(page, 'analysis-filtered', viewport);

        // Export: the filtered set, in the analysis CSV's columns.
        const download = await downloadOf(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
        await expectToast(page, messages.exportedKeywords(byCpc.pagination.totalCount));
        const lines = await csvLines(download);
        expect(lines[0]).toBe(analysisCsvHeader);
        expect(lines).toHaveLength(1 + byCpc.pagination.totalCount);

        await page.getByRole('button', { name: 'Clear filters' }).first().click();
        await expectPath(page, pagePath, `?projectId=${project.id}&order=asc`);
        await expectShownKeywords(page, keywordsOf(ascending.data));

        // Two rows selected and deleted, after the confirmation.
        const [gone1, gone2, listed1, listed2, listed3] = keywordsOf(ascending.data);
        for (const keyword of [gone1!, gone2!]) {
          await page.getByRole('checkbox', { name: `Select ${keyword}`, exact: true }).check();
        }
        await expectVisible(page.getByText('2 selected', { exact: true }));
        await page.getByRole('button', { name: messages.deleteSelected }).click();
        const confirm = page.getByRole('dialog', { name: messages.deleteKeywordsTitle });
        await expectVisible(confirm.getByText(messages.deleteKeywordsBody(2), { exact: true }));
        await screenshot(page, 'analysis-delete-confirm', viewport);
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await expectToast(page, messages.keywordsDeleted(2));
        await expectHidden(confirm);
        const afterDelete = await apiAnalysisPage(owner, project.id, { sort: 'avg_monthly_searches', order: 'asc' });
        expect(afterDelete.pagination.totalCount).toBe(trailKeywords.length - 2);
        expect(keywordsOf(afterDelete.data)).not.toContain(gone1);
        await expectShownKeywords(page, keywordsOf(afterDelete.data));
        await expectVisible(page.getByText('None selected', { exact: true }));

        // Three rows to a new list.
        for (const keyword of [listed1!, listed2!, listed3!]) {
          await page.getByRole('checkbox', { name: `Select ${keyword}`, exact: true }).check();
        }
        await page.getByRole('button', { name: messages.saveSelectedToList }).click();
        const listDialog = page.getByRole('dialog', { name: messages.addToKeywordListTitle });
        const listName = `Shortlist ${unique()}`;
        await listDialog.getByRole('textbox', { name: messages.createNewList }).fill(listName);
        await screenshot(page, 'analysis-add-to-list', viewport);
        await listDialog.getByRole('button', { name: 'Create' }).click();
        await expectToast(page, messages.keywordsAddedToList(3, listName));
        await expectHidden(listDialog);
        const lists = await apiKeywordLists(owner);
        expect(lists.find((list) => list.name === listName)?.count).toBe(3);

        // One row deleted on its own, with the browser's confirmation.
        page.once('dialog', (dialog) => {
          expect(dialog.message()).toBe(messages.deleteKeywordConfirm);
          void dialog.accept();
        });
        await page.getByRole('button', { name: `Delete ${listed1}`, exact: true }).click();
        await expectToast(page, messages.keywordDeleted);
        await expect.poll(() => shownKeywords(page)).not.toContain(listed1);

        // The project, the order, all in the address: a reload shows the same.
        await page.reload();
        await expectPath(page, pagePath, `?projectId=${project.id}&order=asc`);
        await expectVisible(page.getByRole('heading', { name, level: 2 }));
        const reloaded = await apiAnalysisPage(owner, project.id, { sort: 'avg_monthly_searches', order: 'asc' });
        await expectShownKeywords(page, keywordsOf(reloaded.data));

        // An id that is no project of the caller's: back to none selected.
        await page.goto(`${pagePath}?projectId=987654321`);
        await expectVisible(page.getByText(messages.noProjectSelected, { exact: true }));
        await expectPath(page, pagePath, '');
      });

      test('generates keywords, adds a suggestion and imports a Keyword Planner file', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const name = `Peak Gear ${unique()}`;
        const project = await createProject(owner, name, trailKeywords.slice(0, 6));
        await apiLoadMetrics(owner, project.id);

        await signIn(page, owner);
        await page.goto(`${pagePath}?projectId=${project.id}`);
        await expectVisible(page.getByRole('heading', { name, level: 2 }));
        await expect.poll(() => shownKeywords(page).then((shown) => shown.length)).toBe(6);

        // Generate: 1-500, 50 by default.
        await page.getByRole('button', { name: 'Generate Keywords' }).click();
        const generate = page.getByRole('dialog', { name: 'Generate Keywords' });
        const countInput = generate.getByRole('textbox', { name: 'Number of keywords' });
        expect(await countInput.inputValue()).toBe(String(constants.analysisGenerateCount.default));
        await expectVisible(generate.getByText('Between 1 and 500', { exact: true }));
        await countInput.fill('5');
        await screenshot(page, 'analysis-generate', viewport);
        await generate.getByRole('button', { name: 'Generate', exact: true }).click();
        await expectHidden(generate, 30_000);
        let afterGenerate = await apiAnalysisPage(owner, project.id, { pageSize: 100 });
        const generated = afterGenerate.pagination.totalCount - 6;
        expect(generated).toBeGreaterThan(0);
        expect(generated).toBeLessThanOrEqual(5);
        await expectToast(page, messages.generatedKeywords(generated));
        await expect.poll(() => shownKeywords(page).then((shown) => shown.length)).toBe(6 + generated);

        // A suggestion added to the project.
        await page.getByRole('button', { name: 'Get Suggestions' }).click();
        const panel = page.getByRole('region', { name: 'Google Ads suggestions' });
        const addButton = panel.getByRole('button', { name: /^Add (?!.* to a keyword list)/ }).first();
        await expectVisible(addButton, 20_000);
        const suggestion = (await addButton.getAttribute('aria-label'))!.slice('Add '.length);
        await addButton.click();
        await expectToast(page, messages.keywordAdded(suggestion));
        await expectVisible(panel.getByRole('button', { name: `${suggestion} added` }));
        afterGenerate = await apiAnalysisPage(owner, project.id, { pageSize: 100 });
        expect(keywordsOf(afterGenerate.data)).toContain(suggestion);
        await expect.poll(() => shownKeywords(page)).toContain(suggestion);
        await screenshot(page, 'analysis-suggestions', viewport);
        await panel.getByRole('button', { name: 'Hide' }).click();

        // A Keyword Planner file: two new keywords, one already there, a blank row and a repeat.
        await page.getByRole('button', { name: messages.importFromKeywordPlanner }).click();
        const importDialog = page.getByRole('dialog', { name: messages.importFromKeywordPlanner });
        await expectVisible(importDialog.getByText('Drop a Keyword Planner file here'));
        const file = plannerFile([
          plannerRow('alpine trail runners', 2400, 'High', '1.20', '3.45'),
          plannerRow('scree running gaiters', 320, 'Low', '0.40', '0.95'),
          plannerRow(trailKeywords[0]!, 12100, 'Medium', '0.80', '2.10'),
          plannerRow('', 100, 'Low', '0.10', '0.20'),
          plannerRow('alpine trail runners', 2400, 'High', '1.20', '3.45'),
        ]);
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          importDialog.getByRole('button', { name: 'Browse files' }).click(),
        ]);
        await chooser.setFiles({ name: 'Keyword Stats 2026-11-23.csv', mimeType: 'text/csv', buffer: file });
        await expectVisible(importDialog.getByText('Keyword Stats 2026-11-23.csv', { exact: true }));
        await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
        await expectVisible(
          importDialog.getByText(messages.keywordPlannerImported(5, 2, 1, 2), { exact: true }),
          20_000,
        );
        await expectVisible(importDialog.getByText('Currency: USD', { exact: true }));
        const skips = importDialog.getByRole('table', { name: /Skipped rows/ });
        await expectVisible(skips.getByRole('cell', { name: messages.keywordPlannerSkipBlank, exact: true }));
        await expectVisible(skips.getByRole('cell', { name: messages.keywordPlannerSkipDuplicate, exact: true }));
        await screenshot(page, 'analysis-import-summary', viewport);
        await importDialog.getByRole('button', { name: 'Done' }).click();
        await expectHidden(importDialog);

        // The imported keywords, with their figures and the Keyword Planner label.
        await page.getByRole('textbox', { name: 'Search', exact: true }).fill('alpine');
        await expectShownKeywords(page, ['alpine trail runners']);
        const imported = rowOf(page, 'alpine trail runners');
        await expectVisible(imported.getByText(messages.keywordPlannerSource, { exact: true }));
        await expectVisible(imported.getByText('2,400', { exact: true }));
        await expectVisible(imported.getByText('$3.45', { exact: true }));
        await expectVisible(imported.getByRole('img', { name: /^Searches by month: Nov 2025 1,850; Dec 2025 1,950;/ }));
        await expectNoHorizontalScroll(page, 'with the imported keyword');
        await screenshot(page, 'analysis-imported', viewport);
      });

      test('the project keywords page imports a Keyword Planner file from More Actions and shows a Trend column once asked', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const name = `Ridge Runner ${unique()}`;
        const project = await createProject(owner, name, trailKeywords.slice(0, 4));

        await signIn(page, owner);
        await page.goto(`/projects/${project.id}/keywords`);
        await expectVisible(page.getByRole('heading', { name: 'Keywords', exact: true }));
        await page.getByRole('button', { name: 'More Actions' }).click();
        await page.getByRole('menuitem', { name: messages.importFromKeywordPlanner }).click();
        const importDialog = page.getByRole('dialog', { name: messages.importFromKeywordPlanner });
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          importDialog.getByRole('button', { name: 'Browse files' }).click(),
        ]);
        await chooser.setFiles({
          name: 'ideas.csv',
          mimeType: 'text/csv',
          buffer: plannerFile([plannerRow('ridge trail shoes', 880, 'Medium', '0.60', '1.90')]),
        });
        await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
        await expectVisible(importDialog.getByText(messages.keywordPlannerImported(1, 1, 0, 0), { exact: true }));
        await importDialog.getByRole('button', { name: 'Done' }).click();
        await expectHidden(importDialog);
        await expectVisible(page.getByText('ridge trail shoes', { exact: true }));

        // The Trend column: off until turned on, then kept over a reload.
        await page.getByRole('button', { name: 'Show CPC' }).click();
        await expectToast(page, messages.cpcLoaded);
        const trendSwitch = page.getByRole('switch', { name: 'Show trend' });
        expect(await trendSwitch.isChecked()).toBe(false);
        expect(await page.getByRole('img', { name: /^Searches by month: / }).count()).toBe(0);
        await trendSwitch.check();
        if (isWide) await expectVisible(page.getByRole('columnheader', { name: 'Trend', exact: true }));
        await expectVisible(page.getByRole('img', { name: /^Searches by month: Nov 2025 330; Dec 2025 430;/ }));
        await expectVisible(page.getByText(messages.keywordPlannerSource, { exact: true }).first());
        await expectNoHorizontalScroll(page, 'with the Trend column');
        await screenshot(page, 'project-keywords-trend', viewport);
        // A reload keeps the figures shown (Show CPC is in the address) and the Trend column.
        await page.reload();
        await expectVisible(page.getByRole('button', { name: 'Refresh CPC' }));
        await expectVisible(page.getByRole('img', { name: /^Searches by month: Nov 2025 330;/ }));
        expect(await page.getByRole('switch', { name: 'Show trend' }).isChecked()).toBe(true);
      });
    });
  }
});

describe.skipIf(noBrowser)('Google Ads analysis with metrics turned off', () => {
  let keywright: RunningKeywright | undefined;

  beforeAll(async () => {
    keywright = await startKeywright({ METRICS_PROVIDER: 'none' });
  });

  afterAll(async () => {
    await keywright?.stop();
  });

  const viewport = viewports[0]!;
  const session = usePage(viewport, { server: () => keywright!.url });

  test('the keywords show with N/A and the server says why', async () => {
    const { page } = session;
    await signUp(page);
    const created = await page.request.post('/api/projects', {
      headers: { origin: keywright!.url },
      data: { name: 'Quiet Server', description: 'Trail shoes', country: '', city: '', language: '' },
    });
    expect(created.status()).toBe(201);
    const project = (await created.json()) as Project;
    for (const keyword of ['trail shoes', 'hiking boots']) {
      const added = await page.request.post(`/api/projects/${project.id}/keywords`, {
        headers: { origin: keywright!.url },
        data: { keyword },
      });
      expect(added.ok()).toBe(true);
    }

    await page.goto(`${pagePath}?projectId=${project.id}`);
    await expectVisible(page.getByText(messages.metricsOff, { exact: false }));
    await expect.poll(async () => (await shownKeywords(page)).sort()).toEqual(['hiking boots', 'trail shoes']);
    expect(await rowOf(page, 'trail shoes').getByText('N/A', { exact: true }).count()).toBeGreaterThanOrEqual(5);

    await screenshot(page, 'analysis-metrics-off', viewport);

    // The metrics call's 503 is the server saying metrics are off, as it should (Chromium logs it).
    const expected = /keyword-metrics/;
    session.problems.splice(0, session.problems.length, ...session.problems.filter((line) => !expected.test(line)));
  });
});
