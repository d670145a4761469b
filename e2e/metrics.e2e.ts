import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { constants, cpcRangeOverlaps, messages, type KeywordPageRow, type Project } from '@keywright/contract';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiAddKeywords,
  apiCreateProject,
  apiKeywordPage,
  apiKeywordPageWithMetrics,
  apiSignUp,
  type ApiUser,
} from './support/api';
import {
  expectHidden,
  expectNoHorizontalScroll,
  expectPath,
  expectToast,
  expectVisible,
  expectWithinViewportWidth,
  noBrowser,
  signIn,
  usePage,
  viewports,
  type Viewport,
} from './support/browser';
import { expectKeywordCount, expectKeywordRows } from './support/keywords';

const unique = () => Math.random().toString(36).slice(2, 7);
const pageSize = constants.projectKeywordsPageSize;
const shotsDir = '/tmp/shots';

/** Oldest first, as they are added: the page shows them newest first. */
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

async function createTrailProject(owner: ApiUser, keywords: readonly string[]): Promise<Project> {
  const project = await apiCreateProject(owner, {
    name: `Summit Trail ${unique()}`,
    description: 'Lightweight trail running shoes, hydration vests and waterproof jackets for mountain runners',
    country: 'United States',
    city: 'Denver',
    language: 'English',
  });
  await apiAddKeywords(owner, project.id, keywords);
  return project;
}

async function openProject(page: Page, projectId: number, search = ''): Promise<void> {
  await page.goto(`/projects/${projectId}/keywords${search}`);
  await expectVisible(page.getByRole('heading', { name: 'Keywords', exact: true }));
}

/** A screenshot to look at: /tmp/shots/{name}-{viewport}.png (the whole page, or what is on screen). */
async function shot(page: Page, name: string, viewport: Viewport, { fullPage = true } = {}): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shotsDir}/${name}-${viewport.name}.png`, fullPage, animations: 'disabled' });
}

/** The row (table row or list item) of a keyword on the page. */
function rowOf(page: Page, keyword: string): Locator {
  return page
    .getByRole('button', { name: `Delete ${keyword}`, exact: true })
    .locator('xpath=ancestor::*[self::tr or self::li][1]');
}

/** The count badge next to the "Keywords" heading. */
function countBadge(page: Page): Locator {
  return page
    .getByRole('heading', { name: 'Keywords', exact: true })
    .locator('..')
    .locator('.mantine-Badge-root')
    .first();
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

/** A CSV download's lines, without the byte order mark and blank lines. */
async function csvLines(download: Download): Promise<string[]> {
  const bytes = await readFile(await download.path());
  return bytes
    .subarray(3)
    .toString('utf8')
    .split(/\r?\n/)
    .filter((line) => line !== '');
}

/**
 * CPC bounds (dollars) that keep some keywords but not all: from the CPC of
 * the keyword at about 60 % of the range up to 50 cents more.
 */
function boundsWithin(rows: readonly KeywordPageRow[]): { minCpc: number; maxCpc: number } {
  const highs = rows
    .map((row) => row.metrics?.cpc_high)
    .filter((high): high is number => typeof high === 'number')
    .sort((a, b) => a - b);
  const minCpc = Math.floor(highs[Math.floor(highs.length * 0.6)]! / 10_000) / 100;
  return { minCpc, maxCpc: Math.round((minCpc + 0.5) * 100) / 100 };
}

describe.skipIf(noBrowser)('keyword metrics', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);
      const isWide = viewport.name === 'wide';

      test('Show CPC shows the figures as Estimated and turns into Refresh CPC; the CPC filter narrows the rows and exports them', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await createTrailProject(owner, trailKeywords);
        const newestFirst = [...trailKeywords].reverse();

        // From page 2: Show CPC still gives every keyword of the project its figures.
        await signIn(page, owner);
        await openProject(page, project.id, '?page=2');
        await expectKeywordRows(page, newestFirst.slice(pageSize));
        await expectHidden(page.getByLabel('Min CPC'));

        const firstLoad = page.waitForRequest(
          (request) =>
            request.url().endsWith('/api/google-ads/keyword-metrics') &&
            request.method() === 'POST' &&
            request.postDataJSON().refresh === false &&
            request.postDataJSON().pageSize === constants.metricsPageSize,
        );
        await page.getByRole('button', { name: 'Show CPC' }).click();
        await firstLoad;
        await expectToast(page, messages.cpcLoaded);
        await expectVisible(page.getByRole('button', { name: 'Refresh CPC' }));
        expect(await page.getByRole('button', { name: 'Show CPC' }).count()).toBe(0);

        // The figures of every row, as the server has them.
        const all = await apiKeywordPageWithMetrics(owner, project.id);
        expect(all.data.map((row) => row.keyword)).toEqual(newestFirst);
        const figuresOf = new Map(all.data.map((row) => [row.keyword, row.metrics]));
        expect([...figuresOf.values()].every((figures) => figures?.source === 'estimate')).toBe(true);

        if (isWide) {
          for (const column of ['Search Volume', 'Competition', 'CPC', messages.competitionIndexLabel]) {
            await expectVisible(page.getByRole('columnheader', { name: column, exact: true }));
          }
        }
        for (const keyword of newestFirst.slice(pageSize)) {
          const figures = figuresOf.get(keyword)!;
          const row = rowOf(page, keyword);
          await expectVisible(row.getByText(figures.cpc_range, { exact: true }));
          if (figures.competition) await expectVisible(row.getByText(figures.competition, { exact: true }));
          if (!isWide) await expectVisible(row.getByText('Volume', { exact: true }));
        }
        // "Estimated", with its hint when pointed at.
        const estimated = page.getByText(messages.estimatedLabel, { exact: true }).first();
        await expectVisible(estimated);
        await estimated.hover();
        const hint = page.getByRole('tooltip').filter({ hasText: messages.estimatedHint });
        await expectVisible(hint);
        await page.mouse.move(0, 0);
        await expectHidden(hint);
        await expectNoHorizontalScroll(page, 'with the figures shown');
        await shot(page, 'metrics-shown', viewport);

        // The filter: min above max is said inline and nothing changes.
        const minInput = page.getByRole('textbox', { name: 'Min CPC' });
        const maxInput = page.getByRole('textbox', { name: 'Max CPC' });
        await minInput.fill('5');
        await maxInput.fill('1');
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        await expectVisible(page.getByText(messages.minCpcAboveMax, { exact: true }));
        await expectPath(page, `/projects/${project.id}/keywords`, '?page=2&cpc=1');
        await expectKeywordRows(page, newestFirst.slice(pageSize));

        // Apply: the rows whose CPC range overlaps the bounds, from page 1.
        const { minCpc, maxCpc } = boundsWithin(all.data);
        const inside = all.data
          .filter((row) =>
            cpcRangeOverlaps(row.metrics?.cpc_low ?? null, row.metrics?.cpc_high ?? null, minCpc, maxCpc),
          )
          .map((row) => row.keyword);
        expect(inside.length, `keywords within $${minCpc}-$${maxCpc}`).toBeGreaterThan(0);
        expect(inside.length).toBeLessThan(trailKeywords.length);
        const serverFiltered = await apiKeywordPageWithMetrics(owner, project.id, { minCpc, maxCpc });
        expect(serverFiltered.data.map((row) => row.keyword)).toEqual(inside);

        await minInput.fill(`$${minCpc} `); // what is not a digit or the dot is stripped
        await expect.poll(() => minInput.inputValue()).toBe(String(minCpc));
        await maxInput.fill(String(maxCpc));
        await expectHidden(page.getByText(messages.minCpcAboveMax, { exact: true }));
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        await expectPath(page, `/projects/${project.id}/keywords`, `?cpc=1&minCpc=${minCpc}&maxCpc=${maxCpc}`);
        await expectKeywordRows(page, inside.slice(0, pageSize));
        const shown = Math.min(pageSize, inside.length);
        await expectVisible(
          page.getByText(`1–${shown} of ${inside.length} ${inside.length === 1 ? 'match' : 'matches'}`, {
            exact: true,
          }),
        );
        await expect
          .poll(async () => (await countBadge(page).textContent())?.trim())
          .toBe(`${inside.length} of ${trailKeywords.length}`);
        await expectNoHorizontalScroll(page, 'with the CPC filter applied');
        await shot(page, 'filter-applied', viewport);

        // Export: all or filtered; the filtered file has only the keywords inside the bounds.
        await page.getByRole('button', { name: 'Export CSV' }).click();
        await expectVisible(page.getByRole('menuitem', { name: `All keywords (${trailKeywords.length})` }));
        const filteredItem = page.getByRole('menuitem', { name: `Filtered keywords (${inside.length})` });
        const filtered = await downloadOf(page, () => filteredItem.click());
        await expectToast(page, messages.exportedKeywords(inside.length));
        expect(filtered.suggestedFilename()).toContain(`_keywords_filtered_`);
        const filteredLines = await csvLines(filtered);
        expect(filteredLines[0]).toBe(
          'Keyword,Date Added,Search Volume,Competition,CPC (USD),Difficulty,Source,Intent',
        );
        expect(
          filteredLines
            .slice(1)
            .map((line) => line.split(',')[0])
            .sort(),
        ).toEqual([...inside].sort());

        // Clear: both inputs empty, every row back, one Export CSV button for all of them.
        await page.getByRole('button', { name: 'Clear', exact: true }).click();
        await expect.poll(() => minInput.inputValue()).toBe('');
        await expect.poll(() => maxInput.inputValue()).toBe('');
        await expectKeywordRows(page, newestFirst.slice(0, pageSize));
        await expectKeywordCount(page, trailKeywords.length);
        const everything = await downloadOf(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
        await expectToast(page, messages.exportedKeywords(trailKeywords.length));
        expect(everything.suggestedFilename()).not.toContain('_filtered_');
        expect(await csvLines(everything)).toHaveLength(1 + trailKeywords.length);

        // A keyword typed in while CPC is shown gets its figures as well.
        const typed = 'trail running gloves';
        await page.getByLabel('New keyword').fill(typed);
        await page.getByRole('button', { name: 'Add Keyword' }).click();
        await expectToast(page, messages.keywordAdded(typed));
        await expectVisible(rowOf(page, typed).getByText(/^\$\d+\.\d\d - \$\d+\.\d\d$/));

        // Refresh CPC asks for the figures again.
        const refresh = page.waitForRequest(
          (request) =>
            request.url().endsWith('/api/google-ads/keyword-metrics') && request.postDataJSON().refresh === true,
        );
        await page.getByRole('button', { name: 'Refresh CPC' }).click();
        await refresh;
        await expectToast(page, messages.cpcLoaded);
      });

      test('Generate More Keywords: min above max is refused in the dialog; the new keywords show as New', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await createTrailProject(owner, trailKeywords.slice(0, 3));

        await signIn(page, owner);
        await openProject(page, project.id);
        await expectKeywordCount(page, 3);
        await page.getByRole('button', { name: 'More Actions' }).click();
        await page.getByRole('menuitem', { name: 'Generate More Keywords' }).click();
        const dialog = page.getByRole('dialog', { name: 'Generate More Keywords' });
        await expectVisible(dialog);
        await expectWithinViewportWidth(page, dialog, 'the dialog');

        // The defaults: 50 keywords of two to three words, any price.
        const count = dialog.getByRole('textbox', { name: 'Number of keywords' });
        expect(await count.inputValue()).toBe('50');
        expect(await dialog.getByRole('radio', { name: '2-3', exact: true }).isChecked()).toBe(true);
        const minCpc = dialog.getByRole('textbox', { name: 'Min CPC' });
        const maxCpc = dialog.getByRole('textbox', { name: 'Max CPC' });
        expect([await minCpc.inputValue(), await maxCpc.inputValue()]).toEqual(['', '']);

        const generate = dialog.getByRole('button', { name: 'Generate', exact: true });
        await minCpc.fill('5');
        await maxCpc.fill('1');
        await expectVisible(dialog.getByText(messages.minCpcAboveMax, { exact: true }));
        await expect.poll(() => generate.isDisabled()).toBe(true);
        await shot(page, 'generate-dialog', viewport, { fullPage: false });

        await minCpc.fill('');
        await expectHidden(dialog.getByText(messages.minCpcAboveMax, { exact: true }));
        await expect.poll(() => generate.isEnabled()).toBe(true);
        await maxCpc.fill('');

        // Presets, and a count outside 10-200 clamped when the field is left.
        await dialog.getByRole('button', { name: '25', exact: true }).click();
        expect(await count.inputValue()).toBe('25');
        await count.fill('5');
        await count.blur();
        await expect.poll(() => count.inputValue()).toBe('10');
        await dialog.getByText('Any', { exact: true }).click();
        await expect.poll(() => dialog.getByRole('radio', { name: 'Any', exact: true }).isChecked()).toBe(true);

        const answered = page.waitForResponse((response) =>
          response.url().endsWith('/api/google-ads/generate-filtered-keywords'),
        );
        await generate.click();
        const answer = (await (await answered).json()) as { generated: { keyword: string }[]; runId: number };
        expect(answer.generated.length).toBeGreaterThan(0);
        expect(answer.generated.length).toBeLessThanOrEqual(10);
        await expectToast(page, messages.generatedKeywords(answer.generated.length));
        await expectHidden(dialog);

        // The run's keywords are the newest, on page 1, marked New.
        const total = 3 + answer.generated.length;
        await expectKeywordCount(page, total);
        const serverPage = await apiKeywordPage(owner, project.id, 1);
        expect(serverPage.latestRunId).toBe(answer.runId);
        const rows = await expectKeywordRows(
          page,
          serverPage.data.map((row) => row.keyword),
        );
        expect(
          rows
            .filter((row) => row.isNew)
            .map((row) => row.keyword)
            .sort(),
        ).toEqual(answer.generated.map((keyword) => keyword.keyword).sort());
        await shot(page, 'generated-new', viewport);
      });

      test('Get Google Ads Suggestions: a panel above the rows; adding one turns its button into a check; Hide', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await createTrailProject(owner, trailKeywords.slice(0, 5));

        await signIn(page, owner);
        await openProject(page, project.id);
        await expectKeywordCount(page, 5);
        await page.getByRole('button', { name: 'More Actions' }).click();
        // The figures are the offline estimate here: SPEC's name stays, with the source beside it.
        const suggestionsItem = page.getByRole('menuitem', { name: 'Get Google Ads Suggestions', exact: true });
        await expectVisible(suggestionsItem.getByText(messages.estimatesLabel, { exact: true }));
        await shot(page, 'more-actions-estimates', viewport, { fullPage: false });
        await suggestionsItem.click();

        const panel = page.getByRole('region', { name: 'Google Ads suggestions' });
        await expectVisible(panel);
        const addButtons = panel.getByRole('button', { name: /^Add / });
        await expectVisible(addButtons.first(), 20_000);
        await expectVisible(panel.getByText(messages.estimatedLabel, { exact: true }));
        if (isWide) {
          for (const column of ['Keyword', 'Volume', 'Competition', 'CPC']) {
            await expectVisible(panel.getByRole('columnheader', { name: column, exact: true }));
          }
        }
        // The panel comes before the rows.
        const panelBox = await panel.boundingBox();
        const firstRowBox = await rowOf(page, trailKeywords[4]!).boundingBox();
        expect(panelBox!.y + panelBox!.height).toBeLessThanOrEqual(firstRowBox!.y);

        const label = (await addButtons.first().getAttribute('aria-label'))!;
        const suggestion = label.slice('Add '.length);
        expect(trailKeywords).not.toContain(suggestion);
        await addButtons.first().click();
        await expectToast(page, messages.keywordAdded(suggestion));
        await expectVisible(panel.getByRole('button', { name: `${suggestion} added`, exact: true }));
        expect(await panel.getByRole('button', { name: `Add ${suggestion}`, exact: true }).count()).toBe(0);
        await expectKeywordCount(page, 6);
        await expectVisible(rowOf(page, suggestion));
        await expectNoHorizontalScroll(page, 'with the suggestions panel');
        await shot(page, 'suggestions-panel', viewport);

        await panel.getByRole('button', { name: 'Hide', exact: true }).click();
        await expectHidden(panel);
      });

      test('Similar keywords: a popover "Similar to …" for the project\'s place; adding one shows a check, also on reopening', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await createTrailProject(owner, trailKeywords.slice(0, 3));
        const keyword = trailKeywords[2]!; // the newest: the first row

        await signIn(page, owner);
        await openProject(page, project.id);
        await expectKeywordCount(page, 3);

        const asked = page.waitForRequest((request) => request.url().endsWith('/api/keywords/similar'));
        const opener = page.getByRole('button', { name: `Similar keywords to ${keyword}`, exact: true });
        await opener.click();
        expect((await asked).postDataJSON()).toEqual({
          keyword,
          language: 'English',
          country: 'United States',
          city: 'Denver',
        });
        const popover = page.getByRole('dialog', { name: `Similar to ${keyword}` });
        await expectVisible(popover);
        const addButtons = popover.getByRole('button', { name: /^Add / });
        await expectVisible(addButtons.first());
        await expectVisible(popover.getByText(messages.estimatedLabel, { exact: true }));
        if (isWide) {
          for (const column of ['Keyword', 'Volume', 'Competition', 'CPC']) {
            await expectVisible(popover.getByRole('columnheader', { name: column, exact: true }));
          }
        } else {
          await expectVisible(popover.getByText('Volume', { exact: true }).first());
        }
        await expectWithinViewportWidth(page, popover, 'the similar-keywords popover');
        await expectNoHorizontalScroll(page, 'with the similar-keywords popover open');

        const similar = (await addButtons.first().getAttribute('aria-label'))!.slice('Add '.length);
        await addButtons.first().click();
        await expectToast(page, messages.keywordAdded(similar));
        await expectVisible(popover.getByRole('button', { name: `${similar} added`, exact: true }));
        await expectKeywordCount(page, 4);
        await shot(page, 'similar-popover', viewport, { fullPage: false });

        // Closed and opened again (from the same row, now the second): still a check.
        await page.keyboard.press('Escape');
        await expectHidden(popover);
        await opener.click();
        await expectVisible(popover.getByRole('button', { name: `${similar} added`, exact: true }));
        expect(await popover.getByRole('button', { name: `Add ${similar}`, exact: true }).count()).toBe(0);
      });
    });
  }
});
