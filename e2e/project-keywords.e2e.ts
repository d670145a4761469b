import { readFile } from 'node:fs/promises';
import { constants, messages, type GenerationInput } from '@keywright/contract';
import type { Download, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiAddKeywords,
  apiCreateProject,
  apiKeywordPage,
  apiSignUp,
  apiStartGeneration,
  apiWaitForRun,
  type ApiUser,
} from './support/api';
import {
  expectPath,
  expectTitle,
  expectToast,
  expectVisible,
  noBrowser,
  screenshot,
  signIn,
  usePage,
  viewports,
} from './support/browser';
import { expectKeywordCount, expectKeywordRows, keywordPages, pageButton } from './support/keywords';

const unique = () => Math.random().toString(36).slice(2, 7);
const pageSize = constants.projectKeywordsPageSize;

/** `prefix 01`, `prefix 02`, … in the order they are to be added (oldest first). */
const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} ${String(i + 1).padStart(2, '0')}`);

async function openProject(page: Page, projectId: number, search = ''): Promise<void> {
  await page.goto(`/projects/${projectId}/keywords${search}`);
  await expectVisible(page.getByRole('heading', { name: 'Keywords', exact: true }));
}

/** Runs the generator through the API and answers the run's keywords once it has completed. */
async function generate(owner: ApiUser, input: GenerationInput): Promise<{ projectId: number; keywords: string[] }> {
  const { projectId, runId } = await apiStartGeneration(owner, input);
  const done = await apiWaitForRun(owner, projectId, runId);
  return { projectId, keywords: (done.keywords ?? []).map((keyword) => keyword.keyword) };
}

/** Waits for the download a click starts and answers it. */
async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

describe.skipIf(noBrowser)('project keywords', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('50 keywords: count, newest first, pages in the URL, the latest run marked New', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const name = `Summit Trail ${unique()}`;
        const facts: GenerationInput = {
          projectName: name,
          productService:
            'Lightweight trail running shoes, hydration vests and waterproof jackets for mountain runners',
          targetAudience: 'ultra runners',
          competitors: 'Salomon, Hoka',
          keywordCount: 10,
          // Two runs of ten: two or three words hold enough searches a runner types for both.
          keywordLength: '2-3',
        };
        // An older run, manual keywords, then the latest run: 10 + 30 + 10.
        const older = await generate(owner, facts);
        const manual = numbered('manual keyword', 30);
        await apiAddKeywords(owner, older.projectId, manual);
        const latest = await generate(owner, { ...facts, projectId: older.projectId });
        const projectId = older.projectId;
        expect(older.keywords).toHaveLength(10);
        expect(latest.keywords).toHaveLength(10);

        // The server's order, newest first: the latest run, the manual ones newest first, the older run.
        const { data } = await apiKeywordPage(owner, projectId, 1, 100);
        const order = data.map((keyword) => keyword.keyword);
        expect(order.slice(0, 10).sort()).toEqual([...latest.keywords].sort());
        expect(order.slice(10, 40)).toEqual([...manual].reverse());
        expect(order.slice(40).sort()).toEqual([...older.keywords].sort());

        await signIn(page, owner);
        await openProject(page, projectId);
        await expectTitle(page, `Keywords - ${name} - Keywright`);
        await expectKeywordCount(page, 50);

        // Page 1: 20 rows, newest first; exactly the latest run's rows carry "New".
        const first = await expectKeywordRows(page, order.slice(0, pageSize));
        expect(first.filter((row) => row.isNew).map((row) => row.keyword)).toEqual(order.slice(0, 10));
        await screenshot(page, 'project-keywords-50-page1', viewport);

        const pages = keywordPages(page);
        await expectVisible(pages);
        for (const number of [1, 2, 3]) await expectVisible(pageButton(pages, number));
        expect(await pageButton(pages, 4).count()).toBe(0);

        await pageButton(pages, 2).click();
        await expectPath(page, `/projects/${projectId}/keywords`, '?page=2');
        const second = await expectKeywordRows(page, order.slice(20, 40));
        expect(second.filter((row) => row.isNew)).toEqual([]);

        await pageButton(pages, 3).click();
        await expectPath(page, `/projects/${projectId}/keywords`, '?page=3');
        // The older run's keywords: generated, but not by the latest run, so not New.
        const third = await expectKeywordRows(page, order.slice(40));
        expect(third).toHaveLength(10);
        expect(third.filter((row) => row.isNew)).toEqual([]);
        await screenshot(page, 'project-keywords-50-page3', viewport);

        // The page survives a reload.
        await page.reload();
        await expectPath(page, `/projects/${projectId}/keywords`, '?page=3');
        await expectKeywordRows(page, order.slice(40));
        await expectKeywordCount(page, 50);
      });

      test('Export CSV downloads every keyword with a toast; with none, an error toast and no file', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const tag = unique();
        const project = await apiCreateProject(owner, {
          name: `Café & Bakery ${tag}!`,
          description: 'Sourdough, pastries and coffee',
        });
        const keywords = numbered('sourdough bread', 50);
        await apiAddKeywords(owner, project.id, keywords);
        const empty = await apiCreateProject(owner, { name: `Empty shelf ${tag}`, description: 'Nothing yet' });

        await signIn(page, owner);
        await openProject(page, project.id);
        await expectKeywordCount(page, 50);
        const exportButton = page.getByRole('button', { name: 'Export CSV' });
        const download = await downloadOf(page, () => exportButton.click());
        await expectToast(page, messages.exportedKeywords(50));

        const fileName = download.suggestedFilename();
        const match = new RegExp(`^Cafe_Bakery_${tag}_keywords_(\\d{4}-\\d{2}-\\d{2})\\.csv$`).exec(fileName);
        expect(match, `file name ${fileName}`).not.toBeNull();
        const dayOffset = Math.abs(Date.parse(`${match![1]}T12:00:00Z`) - Date.now()) / 86_400_000;
        expect(dayOffset, `the date in ${fileName} is today's`).toBeLessThan(1.5);

        const bytes = await readFile(await download.path());
        expect([...bytes.subarray(0, 3)], 'the UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
        const lines = bytes
          .subarray(3)
          .toString('utf8')
          .split(/\r?\n/)
          .filter((line) => line !== '');
        expect(lines[0]).toBe('Keyword,Date Added,Intent');
        expect(lines).toHaveLength(1 + keywords.length);
        expect(
          lines
            .slice(1)
            .map((line) => line.split(',')[0])
            .sort(),
        ).toEqual([...keywords].sort());

        // No keywords: nothing to export, and no download starts.
        const downloads: Download[] = [];
        page.on('download', (started) => downloads.push(started));
        await openProject(page, empty.id);
        await expectKeywordCount(page, 0);
        await page.getByRole('button', { name: 'Export CSV' }).click();
        await expectToast(page, messages.noKeywordsToExport, 'Error');
        expect(downloads).toEqual([]);
      });

      test('deleting the only row of the last page goes back a page', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await apiCreateProject(owner, {
          name: `Tea house ${unique()}`,
          description: 'Loose-leaf teas',
        });
        const keywords = numbered('green tea', 2 * pageSize + 1);
        await apiAddKeywords(owner, project.id, keywords);
        const newestFirst = [...keywords].reverse();

        await signIn(page, owner);
        await openProject(page, project.id, '?page=3');
        await expectKeywordCount(page, 41);
        await expectKeywordRows(page, ['green tea 01']);

        page.once('dialog', (dialog) => void dialog.accept());
        await page.getByRole('button', { name: 'Delete green tea 01' }).click();
        await expectToast(page, messages.keywordDeleted);
        await expectPath(page, `/projects/${project.id}/keywords`, '?page=2');
        await expectKeywordRows(page, newestFirst.slice(pageSize, 2 * pageSize));
        await expectKeywordCount(page, 40);
        expect(await pageButton(keywordPages(page), 3).count()).toBe(0);
      });
    });
  }
});
