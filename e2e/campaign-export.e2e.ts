import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  adTextLength,
  constants,
  messages,
  safeFileName,
  type ClustersAnswer,
  type ClustersPending,
} from '@keywright/contract';
import { parse } from 'csv-parse/sync';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiAddKeywords,
  apiAddToList,
  apiCreateList,
  apiCreateProject,
  apiKeywordPage,
  apiLoadMetrics,
  apiSignUp,
  apiStartGeneration,
  apiWaitForRun,
  type ApiUser,
} from './support/api';
import {
  baseUrl,
  expectAccessible,
  expectHidden,
  expectToast,
  expectVisible,
  expectWithinViewportWidth,
  noBrowser,
  usePage,
  viewports,
  type Viewport,
} from './support/browser';

const unique = () => Math.random().toString(36).slice(2, 7);
const { maxHeadlines, maxDescriptions } = constants.adsEditor;

/** A dentist's keywords in five themes, six each. */
const dentistKeywords = [
  'teeth whitening',
  'teeth whitening near me',
  'teeth whitening price',
  'professional teeth whitening',
  'best teeth whitening',
  'teeth whitening kit',
  'dental implants',
  'dental implants cost',
  'cheap dental implants',
  'dental implants near me',
  'how much do dental implants cost',
  'dental implants financing',
  'emergency dentist',
  'emergency dentist near me',
  'emergency dentist denver',
  '24 hour emergency dentist',
  'emergency dentist open now',
  'emergency dentist weekend',
  'invisalign cost',
  'invisalign near me',
  'invisalign for adults',
  'invisalign before and after',
  'invisalign vs braces',
  'invisalign payment plans',
  'root canal cost',
  'root canal pain',
  'root canal near me',
  'root canal recovery',
  'root canal vs extraction',
  'root canal specialist',
];

const columns = [
  'Campaign',
  'Ad group',
  'Keyword',
  'Criterion Type',
  'Max CPC',
  'Ad type',
  ...Array.from({ length: maxHeadlines }, (_, index) => `Headline ${index + 1}`),
  ...Array.from({ length: maxDescriptions }, (_, index) => `Description ${index + 1}`),
  'Final URL',
  'Path 1',
  'Path 2',
];

type Row = Record<string, string>;

async function apiGet<T>(pathname: string, owner: ApiUser): Promise<T> {
  const response = await fetch(`${baseUrl}${pathname}`, {
    headers: { origin: baseUrl, authorization: `Bearer ${owner.token}` },
  });
  expect(response.status, `GET ${pathname}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Dollars with two decimals from micros, as the file writes a Max CPC; empty when unknown. */
const dollars = (micros: number | null) => (micros == null ? '' : (micros / 1_000_000).toFixed(2));

/** The project's keyword groups as the API lists them (asked again while they are worked out). */
async function apiClusters(owner: ApiUser, projectId: number): Promise<ClustersAnswer> {
  let answer: ClustersAnswer | undefined;
  await expect
    .poll(
      async () => {
        const body = await apiGet<ClustersAnswer | ClustersPending>(
          `/api/projects/${projectId}/clusters?pageSize=${constants.limits.maxPageSize}`,
          owner,
        );
        if (body.status === 'ready') answer = body;
        return body.status;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe('ready');
  return answer!;
}

/** Signs in through the page's own context (the cookie lands there) and opens the project's keywords. */
async function openProjectAs(page: Page, user: ApiUser, projectId: number): Promise<void> {
  const response = await page.context().request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: baseUrl },
  });
  expect(response.status(), `sign-in of ${user.email}`).toBe(200);
  await page.goto(`/projects/${projectId}/keywords`);
  await expectVisible(page.getByRole('heading', { name: 'Keywords', exact: true }));
}

/** More Actions > Export campaign: answers the dialog and its parts, found by the names a person reads. */
async function openExportDialog(page: Page) {
  await page.getByRole('button', { name: 'More Actions' }).click();
  await page.getByRole('menuitem', { name: messages.exportCampaign, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: messages.exportCampaign, exact: true });
  await expectVisible(dialog);
  return {
    dialog,
    adGroupsFrom: dialog.getByRole('radiogroup', { name: messages.campaignAdGroupsFrom, exact: true }),
    grouping: dialog.getByRole('radiogroup', { name: messages.campaignGrouping, exact: true }),
    option: (name: string) => dialog.getByRole('radio', { name, exact: true }),
    campaign: dialog.getByRole('textbox', { name: messages.campaignNameLabel }),
    finalUrl: dialog.getByRole('textbox', { name: messages.finalUrlLabel }),
    maxCpc: dialog.getByRole('checkbox', { name: messages.includeMaxCpcFromHighBid }),
    estimatedBids: dialog.getByRole('checkbox', { name: messages.useEstimatedBidsLabel }),
    download: dialog.getByRole('button', { name: messages.downloadCampaign, exact: true }),
    preparing: dialog.getByRole('button', { name: messages.preparingCampaign, exact: true }),
  };
}

/** A SegmentedControl's option: its radio is drawn over by its label, which takes the click. */
async function choose(dialog: Locator, name: string): Promise<void> {
  await dialog
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
  expect(await dialog.getByRole('radio', { name, exact: true }).isChecked(), name).toBe(true);
}

/** The download's rows, each by its header: UTF-8 with a byte order mark, commas, the Editor's columns. */
async function campaignRows(file: Download): Promise<Row[]> {
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)], 'the UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parse(bytes.toString('utf8'), { bom: true, relax_column_count: false }) as string[][];
  expect(header).toEqual(columns);
  return rows.map((cells) => Object.fromEntries(columns.map((name, index) => [name, cells[index]!])));
}

/** Today's file name as the server writes it (UTC), and the minute before's (a run across midnight). */
const campaignFileNames = (projectName: string) =>
  [0, 60_000].map(
    (ago) =>
      `${safeFileName(projectName, 'project')}_campaign_${new Date(Date.now() - ago).toISOString().slice(0, 10)}.csv`,
  );

/**
 * The file's ad groups in order, each with its keyword rows then one responsive search ad: every
 * row of the campaign, headlines within 30 characters and descriptions within 90.
 */
function adGroupsOf(rows: Row[], campaign: string, finalUrl: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  let index = 0;
  while (index < rows.length) {
    const name = rows[index]!['Ad group']!;
    expect(groups.has(name), `ad group ${name} once`).toBe(false);
    const keywordRows: Row[] = [];
    while (index < rows.length && rows[index]!['Ad type'] === '') keywordRows.push(rows[index++]!);
    const ad = rows[index++];
    expect(ad?.['Ad type'], `the ad of ${name}`).toBe('Responsive search ad');
    for (const row of [...keywordRows, ad!]) {
      expect(row.Campaign).toBe(campaign);
      expect(row['Ad group']).toBe(name);
    }
    const headlines = Array.from({ length: maxHeadlines }, (_, i) => ad![`Headline ${i + 1}`]!).filter(Boolean);
    const descriptions = Array.from({ length: maxDescriptions }, (_, i) => ad![`Description ${i + 1}`]!).filter(
      Boolean,
    );
    expect(headlines.length, `headlines of ${name}`).toBeGreaterThanOrEqual(constants.adsEditor.minHeadlines);
    expect(descriptions.length, `descriptions of ${name}`).toBeGreaterThanOrEqual(constants.adsEditor.minDescriptions);
    for (const line of headlines) expect(adTextLength(line), line).toBeLessThanOrEqual(constants.headlines.maxLength);
    for (const line of descriptions) {
      expect(adTextLength(line), line).toBeLessThanOrEqual(constants.descriptions.maxLength);
    }
    expect(ad!['Final URL']).toBe(finalUrl);
    expect(adTextLength(ad!['Path 1']!)).toBeLessThanOrEqual(constants.adsEditor.pathMaxLength);
    groups.set(name, keywordRows);
  }
  return groups;
}

const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));

/**
 * The window as it stands, as e2e/artifacts/{name}-{viewport}.png, then axe: a full-page shot
 * would draw the page under the dialog past the window's bottom.
 */
async function dialogScreenshot(page: Page, name: string, viewport: Viewport): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}-${viewport.name}.png`), animations: 'disabled' });
  await expectAccessible(page, `${name}-${viewport.name}`);
}

/** The dialog's scrolling box. */
const contentOf = (dialog: Locator) =>
  dialog.locator('xpath=ancestor-or-self::*[contains(@class, "mantine-Modal-content")][1]');

/** A call held until `release`, so the busy state can be seen without racing it. */
async function holdCalls(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe.skipIf(noBrowser)('export campaign on the project keywords page', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);
      const isWide = viewport.name === 'wide';

      test("the project's keyword groups as one Google Ads Editor campaign", async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await apiCreateProject(owner, {
          name: `Bright Smile Dental ${unique()}`,
          description: 'Family dentist in Denver: teeth whitening, dental implants, invisalign and emergency care',
          country: 'United States',
          city: 'Denver',
          language: 'English',
        });
        await apiAddKeywords(owner, project.id, dentistKeywords);
        // Figures cached, as after Show CPC: each keyword's Max CPC is its high bid.
        await apiLoadMetrics(owner, project.id);
        const exports: string[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith('/campaign-export')) exports.push(request.postData() ?? '');
        });

        await openProjectAs(page, owner, project.id);
        const form = await openExportDialog(page);

        // The defaults: keyword groups (balanced), the project's name, phrase match, Max CPC; no site, no URL.
        expect(await form.option(messages.campaignAdGroupsFromClusters).isChecked()).toBe(true);
        expect(await form.option(messages.campaignGroupingLabels.balanced).isChecked()).toBe(true);
        await expectVisible(form.dialog.getByText(messages.campaignGroupingHints.balanced, { exact: true }));
        expect(await form.campaign.inputValue()).toBe(project.name);
        expect(await form.option('Phrase').isChecked()).toBe(true);
        expect(await form.maxCpc.isChecked()).toBe(true);
        // Estimated bids are no Max CPC unless asked for (issue 24).
        expect(await form.estimatedBids.isChecked()).toBe(false);
        expect(await form.finalUrl.inputValue()).toBe('');
        await expectVisible(form.adGroupsFrom);
        await expectVisible(form.grouping);

        // Full screen on phones; inside the window on wide screens.
        const box = await form.dialog.boundingBox();
        if (isWide) await expectWithinViewportWidth(page, form.dialog, 'the export dialog');
        else expect(box?.width, 'full screen at 390 px').toBe(viewport.width);
        const [scrollWidth, clientWidth] = await contentOf(form.dialog).evaluate((element) => [
          element.scrollWidth,
          element.clientWidth,
        ]);
        expect(scrollWidth, 'the dialog does not scroll sideways').toBeLessThanOrEqual(clientWidth);
        await dialogScreenshot(page, 'campaign-export', viewport);

        // No final URL: the contract's text, and nothing sent.
        await form.download.click();
        await expectVisible(form.dialog.getByText(messages.finalUrlInvalid, { exact: true }));
        expect(await form.finalUrl.getAttribute('aria-invalid')).toBe('true');
        expect(await form.finalUrl.evaluate((input) => input === document.activeElement), 'focus on the field').toBe(
          true,
        );
        expect(exports, 'nothing is sent without a final URL').toEqual([]);
        await dialogScreenshot(page, 'campaign-export-no-url', viewport);
        const finalUrl = 'https://brightsmile.example/book';
        await form.finalUrl.fill(finalUrl);
        await expectHidden(form.dialog.getByText(messages.finalUrlInvalid, { exact: true }));
        await form.option('Exact').check();
        // This server's figures are estimates: written as Max CPC only because the person asks.
        await form.estimatedBids.check();

        // Busy while the ads are written, then the file under the server's name, a toast, and the dialog closes.
        const release = await holdCalls(page, '**/campaign-export');
        const [file] = await Promise.all([
          page.waitForEvent('download', { timeout: 30_000 }),
          (async () => {
            await form.download.click();
            await expectVisible(form.preparing);
            expect(await form.preparing.getAttribute('aria-disabled')).toBe('true');
            // Pressed again while busy: still one request (counted below).
            await form.preparing.click({ force: true });
            await expectVisible(form.dialog.getByRole('status').getByText(messages.preparingCampaignHint));
            await dialogScreenshot(page, 'campaign-export-preparing', viewport);
            release();
          })(),
        ]);
        await page.unroute('**/campaign-export');
        expect(exports).toHaveLength(1);
        expect(JSON.parse(exports[0]!)).toEqual({
          groupBy: 'clusters',
          tightness: 'balanced',
          campaign: project.name,
          matchType: 'Exact',
          includeMaxCpc: true,
          useEstimatedBids: true,
          finalUrl,
        });
        await expectToast(page, messages.campaignExported);
        await expectHidden(form.dialog);
        expect(campaignFileNames(project.name)).toContain(file.suggestedFilename());

        // One ad group per group the API lists, with its keywords; every keyword once, at the match type chosen.
        const rows = await campaignRows(file);
        const groups = adGroupsOf(rows, project.name, finalUrl);
        const { clusters } = await apiClusters(owner, project.id);
        expect(clusters.length, 'a few themes, a few groups').toBeGreaterThanOrEqual(3);
        expect([...groups.keys()].sort()).toEqual(clusters.map((cluster) => cluster.name).sort());
        for (const cluster of clusters) {
          expect(
            groups.get(cluster.name)!.map((row) => ({ keyword: row.Keyword, maxCpc: row['Max CPC'] })),
            `the keywords of ${cluster.name}`,
          ).toEqual(
            cluster.keywords.map((keyword) => ({ keyword: keyword.keyword, maxCpc: dollars(keyword.cpc_high) })),
          );
        }
        const keywordRows = [...groups.values()].flat();
        expect(keywordRows.map((row) => row.Keyword).sort()).toEqual([...dentistKeywords].sort());
        for (const row of keywordRows) expect(row['Criterion Type'], row.Keyword).toBe('Exact');
        expect(
          keywordRows.filter((row) => row['Max CPC'] !== '').length,
          'Max CPC where figures are loaded',
        ).toBeGreaterThan(0);
      });

      test('ad groups from keyword lists: none says so and downloads nothing; two lists are two ad groups', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        // A project with a site (only the generator takes one): the final URL starts from it.
        const name = `Brooklyn Bakery ${unique()}`;
        const run = await apiStartGeneration(owner, {
          projectName: name,
          siteUrl: 'bakery.example.com',
          targetAudience: 'busy families in Brooklyn',
          productService: 'Sourdough bread and pastries baked daily and delivered in Brooklyn',
          country: 'United States',
          city: 'New York',
          language: 'English',
          keywordCount: constants.generatorKeywordCount.min,
        });
        await apiWaitForRun(owner, run.projectId, run.runId);
        const downloads: string[] = [];
        page.on('download', (download) => downloads.push(download.suggestedFilename()));

        await openProjectAs(page, owner, run.projectId);
        const form = await openExportDialog(page);
        expect(await form.finalUrl.inputValue()).toBe('https://bakery.example.com');
        await choose(form.adGroupsFrom, messages.campaignAdGroupsFromLists);
        await expectHidden(form.grouping);
        await expectVisible(form.dialog.getByText(messages.campaignListsHint, { exact: true }));

        // A failure with no text of its own: the dialog's.
        await page.route('**/campaign-export', (route) => route.fulfill({ status: 400, body: '' }));
        await form.download.click();
        const failed = form.dialog.getByRole('alert').filter({ hasText: messages.failedToExportCampaign });
        await expectVisible(failed);
        await page.unroute('**/campaign-export');

        // No lists yet: the server's text in the dialog, and no file.
        const [answer] = await Promise.all([
          page.waitForResponse((response) => response.url().endsWith('/campaign-export')),
          form.download.click(),
        ]);
        expect(answer.status()).toBe(409);
        const alert = form.dialog.getByRole('alert').filter({ hasText: messages.noListsToExport });
        await expectVisible(alert);
        await expectHidden(failed);
        await expectVisible(form.download);
        expect(downloads, 'no file without lists').toEqual([]);
        await dialogScreenshot(page, 'campaign-export-no-lists', viewport);

        // Two lists of the project: two ad groups named after them, with their keywords.
        const { data } = await apiKeywordPage(owner, run.projectId, 1, 100);
        const keywords = data.map((keyword) => keyword.keyword);
        expect(keywords.length).toBeGreaterThanOrEqual(4);
        const lists = { 'Brand terms': keywords.slice(0, 2), Delivery: keywords.slice(2, 4) };
        for (const [listName, listKeywords] of Object.entries(lists)) {
          const list = await apiCreateList(owner, listName, run.projectId);
          await apiAddToList(owner, list.id, listKeywords);
        }
        const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), form.download.click()]);
        await expectHidden(alert);
        await expectToast(page, messages.campaignExported);
        expect(campaignFileNames(name)).toContain(file.suggestedFilename());
        const groups = adGroupsOf(await campaignRows(file), name, 'https://bakery.example.com');
        expect([...groups.keys()].sort()).toEqual(Object.keys(lists).sort());
        for (const [listName, listKeywords] of Object.entries(lists)) {
          const rows = groups.get(listName)!;
          expect(rows.map((row) => row.Keyword).sort(), `the keywords of ${listName}`).toEqual(
            [...listKeywords].sort(),
          );
          for (const row of rows) expect(row['Criterion Type']).toBe('Phrase');
        }
      });
    });
  }
});
