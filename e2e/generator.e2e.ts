import { constants, generatorLengthOptions, messages, type ProjectStatusAnswer } from '@keywright/contract';
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiProjects, apiSignUp, apiStartGeneration, apiWaitForRun } from './support/api';
import {
  expectHidden,
  expectNoHorizontalScroll,
  expectPath,
  expectTitle,
  expectVisible,
  expectWithinViewportWidth,
  noBrowser,
  expectAccessible,
  screenshot,
  signIn,
  signUp,
  toast,
  usePage,
  viewports,
} from './support/browser';
import { expectKeywordCount, expectKeywordRows } from './support/keywords';

const unique = () => Math.random().toString(36).slice(2, 7);
const jobKey = 'keywright.generationJob';
const bothMissing = messages.missingRequiredFields(['Project Name', 'Product/Service Description']);
const descriptionMissing = messages.missingRequiredFields(['Product/Service Description']);
/**
 * A bound for a stuck run, not a budget: a poll every 5 s, plus the server's work on a machine busy
 * with other test lanes (with the API tests beside the journeys, a run once took over 20 s).
 */
const runTimeout = constants.generationPollMs * 3 + 30_000;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const startButton = (page: Page) => page.getByRole('button', { name: 'Start', exact: true });
const pendingCard = (page: Page) => page.getByText('Generating keywords…');

/**
 * Hovers the wrapper around Start (a disabled button gets no hover) and waits
 * for the tooltip with `text`; answers how long it took to open.
 */
async function hoverStart(page: Page, text: string): Promise<number> {
  const started = Date.now();
  await startButton(page).locator('..').hover();
  const tooltip = page.getByRole('tooltip').filter({ hasText: text });
  await expectVisible(tooltip);
  expect((await tooltip.textContent())?.trim()).toBe(text);
  const opened = Date.now() - started;
  // On a narrow screen too, the whole tooltip is on screen (no sideways scrolling).
  const box = await tooltip.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'the tooltip box').not.toBeNull();
  expect.soft(box!.x, 'the tooltip starts on screen').toBeGreaterThanOrEqual(0);
  expect.soft(box!.x + box!.width, `the tooltip ends within the ${width} px screen`).toBeLessThanOrEqual(width);
  return opened;
}

async function leaveStart(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await expectHidden(page.getByRole('tooltip'));
}

/** Stops the page's (installed) clock now: no timer fires until it resumes. */
async function pauseClock(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1_000);
      return;
    } catch (error) {
      // The clock ran past `now + 1 s` on the way (a busy machine): take the time again.
      if (!String(error).includes('to the past')) throw error;
    }
  }
}

function storedJob(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), jobKey);
}

/** The latest run of a project as the signed-in browser sees it (same-origin cookie). */
function browserProjectStatus(page: Page, projectId: number): Promise<ProjectStatusAnswer> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/project-status/${id}`);
    return (await response.json()) as ProjectStatusAnswer;
  }, projectId);
}

/** The keywords in the first column of the results table, top to bottom. */
function resultKeywords(page: Page): Promise<string[]> {
  return page
    .getByRole('table')
    .locator('tbody tr td:first-child')
    .allTextContents()
    .then((texts) => texts.map((text) => text.trim()));
}

const description =
  'Lightweight trail running shoes, hydration vests and waterproof jackets for mountain runners and hikers';

describe.skipIf(noBrowser)('keyword generator', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('validation: Start, its tooltip, the inline message, keyword count and length, defaults', async () => {
        const { page } = session;
        await signUp(page);
        await expectVisible(page.getByRole('heading', { level: 1, name: 'Keyword Generation' }));
        await expectVisible(page.getByText('Describe your project and get keyword ideas in seconds'));
        await expectTitle(page, 'Keyword Generation - Keywright');

        for (const label of ['Project Name', 'Site URL', 'Target Audience', 'Product/Service Description']) {
          expect(await field(page, label).inputValue(), label).toBe('');
        }
        expect(await field(page, 'Competitors').inputValue()).toBe('');
        await expectVisible(page.getByText('Comma separated'));
        expect(await field(page, 'Country').inputValue()).toBe('United States');
        expect(await field(page, 'City').inputValue()).toBe('California');
        expect(await field(page, 'Language').inputValue()).toBe('English');
        expect(await field(page, 'Keyword Count').inputValue()).toBe(String(constants.generatorKeywordCount.default));
        expect(await field(page, 'Keyword Length').inputValue()).toBe('2');
        expect(await field(page, 'Product/Service Description').evaluate((element) => element.tagName)).toBe(
          'TEXTAREA',
        );

        // Nothing touched yet: Start is disabled, no inline message.
        expect(await startButton(page).isDisabled()).toBe(true);
        expect(await page.getByText(messages.fillInGeneratorFields).count()).toBe(0);
        await screenshot(page, 'generator-empty', viewport);

        // The tooltip opens after the theme's delay and lists both missing fields in form order.
        const openedAfter = await hoverStart(page, bothMissing);
        expect(openedAfter, 'the tooltip opened before its 700 ms delay').toBeGreaterThanOrEqual(
          constants.tooltipDelayMs - 50,
        );
        await screenshot(page, 'generator-tooltip', viewport, { keepScroll: true });
        await leaveStart(page);

        // A required field touched and left empty: the inline message (role alert).
        await field(page, 'Project Name').focus();
        await field(page, 'Project Name').blur();
        const inline = page.getByRole('alert').filter({ hasText: messages.fillInGeneratorFields });
        await expectVisible(inline);

        await field(page, 'Project Name').fill(`Summit Trail ${unique()}`);
        expect(await startButton(page).isDisabled()).toBe(true);
        await hoverStart(page, descriptionMissing);
        await leaveStart(page);

        // Blanks only do not count.
        await field(page, 'Product/Service Description').fill('   ');
        await field(page, 'Product/Service Description').blur();
        expect(await startButton(page).isDisabled()).toBe(true);
        await expectVisible(inline);

        await field(page, 'Product/Service Description').fill(description);
        await field(page, 'Product/Service Description').blur();
        await expect.poll(() => startButton(page).isEnabled()).toBe(true);
        await expectHidden(inline);

        // Keyword Count keeps digits only as typed, and clamps on blur.
        const count = field(page, 'Keyword Count');
        expect(await count.getAttribute('inputmode')).toBe('numeric');
        await count.fill('');
        await count.pressSequentially('2a5');
        expect(await count.inputValue()).toBe('25');
        await count.blur();
        expect(await count.inputValue()).toBe('25');
        for (const [typed, clamped] of [
          ['5', '10'],
          ['99', '30'],
          ['', '20'],
        ] as const) {
          await count.fill('');
          if (typed) await count.pressSequentially(typed);
          await count.blur();
          await expect.poll(() => count.inputValue(), { timeout: 2_000 }).toBe(clamped);
        }

        // Keyword Length offers exactly the five rules, 2 selected.
        await field(page, 'Keyword Length').click();
        const listbox = page.getByRole('listbox');
        await expectVisible(listbox);
        expect((await listbox.getByRole('option').allTextContents()).map((text) => text.trim())).toEqual([
          ...generatorLengthOptions,
        ]);
        expect(await listbox.getByRole('option', { selected: true }).textContent()).toBe('2');
        await listbox.getByRole('option', { name: '3+', exact: true }).click();
        expect(await field(page, 'Keyword Length').inputValue()).toBe('3+');
      });

      test('a run to completion, with a reload while pending, then the project', async () => {
        const { page } = session;
        await signUp(page);
        const name = `Summit Trail ${unique()}`;
        await field(page, 'Project Name').fill(name);
        await field(page, 'Site URL').fill('https://summit-trail.example');
        await field(page, 'Target Audience').fill('ultra runners');
        await field(page, 'Product/Service Description').fill(description);
        await field(page, 'Competitors').fill('Salomon, Hoka');
        // Twenty searches of two or three words: two words alone hold fewer than twenty for three products.
        await field(page, 'Keyword Length').click();
        await page.getByRole('listbox').getByRole('option', { name: '2-3', exact: true }).click();
        expect(await field(page, 'Keyword Length').inputValue()).toBe('2-3');

        // The page's clock is ours: once the first status answer (pending) is in, time stands
        // still, so no poll is due (or in flight) until the reload, however slow the machine.
        await page.clock.install();
        const started = page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/start-keyword-generation') && response.request().method() === 'POST',
        );
        const firstPoll = page.waitForResponse((response) => response.url().includes('/api/project-status/'));
        let polls = 0;
        const countPoll = (request: Request) => {
          if (request.url().includes('/api/project-status/')) polls += 1;
        };
        page.on('request', countPoll);
        await startButton(page).click();
        expect((await started).status()).toBe(202);
        const answer = (await (await started).json()) as { projectId: number; runId: number };
        const first = (await (await firstPoll).json()) as ProjectStatusAnswer;
        expect(first.status, 'the first status answer, right after the start').toBe('pending');
        await pauseClock(page);

        await expectVisible(pendingCard(page));
        await expectVisible(page.getByText(name, { exact: true }).first());
        await expectVisible(page.getByText(/^\d+ of 20 keywords$/));
        expect(await field(page, 'Project Name').isDisabled(), 'the form is disabled while pending').toBe(true);
        expect(JSON.parse((await storedJob(page)) ?? 'null')).toEqual({
          projectId: answer.projectId,
          runId: answer.runId,
          projectName: name,
        });
        // The page's clock is paused, and axe-core needs its timers: axe runs once it resumes.
        await screenshot(page, 'generator-pending', viewport, { axe: false });

        // A reload resumes the job from localStorage (the run has most likely finished by
        // now, but the page has not seen it).
        expect(polls, 'status polls before the reload').toBe(1);
        page.off('request', countPoll);
        await page.clock.resume();
        await expectAccessible(page, 'generator-pending');
        await page.reload();
        await expectVisible(toast(page, messages.generatedKeywords(20)).first(), runTimeout);
        await expectHidden(pendingCard(page), runTimeout);
        await expect.poll(() => storedJob(page)).toBeNull();

        const status = await browserProjectStatus(page, answer.projectId);
        expect(status.status).toBe('completed');
        expect(status.runId).toBe(answer.runId);
        const generated = (status.keywords ?? []).map((keyword) => keyword.keyword);
        expect(generated).toHaveLength(20);

        await expectVisible(page.getByRole('heading', { name: 'Results' }));
        for (const column of ['Keyword', 'Date Added']) {
          await expectVisible(page.getByRole('columnheader', { name: column, exact: true }));
        }
        const shown = await resultKeywords(page);
        expect(shown).toHaveLength(constants.generatorResultsPageSize);
        expect([...shown].sort()).toEqual([...generated].sort());
        await expectVisible(page.getByRole('table').getByText(new Date().toLocaleDateString('en-US')).first());
        await screenshot(page, 'generator-done', viewport);

        const open = page
          .getByRole('link', { name: 'Open project' })
          .or(page.getByRole('button', { name: 'Open project' }));
        await open.click();
        await expectPath(page, `/projects/${answer.projectId}/keywords`);
        await expectVisible(page.getByRole('heading', { level: 1, name }));
        await expectKeywordCount(page, 20);
        const rows = await expectKeywordRows(page, await keywordOrder(page, answer.projectId));
        expect(rows.map((row) => row.keyword).sort()).toEqual([...generated].sort());
        expect(
          rows.filter((row) => !row.isNew).map((row) => row.keyword),
          'rows of the latest run without "New"',
        ).toEqual([]);
        expect(await storedJob(page)).toBeNull();
      });

      test('a description that holds fewer keywords than asked: the results say so, after a reload too', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        await signIn(page, owner);
        await field(page, 'Project Name').fill(`Wick Works ${unique()}`);
        // One word of description: few searches of exactly two words (the default length) come from it.
        await field(page, 'Product/Service Description').fill('Candles');
        const count = field(page, 'Keyword Count');
        await count.fill('30');
        await count.blur();
        expect(await field(page, 'Keyword Length').inputValue()).toBe('2');

        const started = page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/start-keyword-generation') && response.request().method() === 'POST',
        );
        const firstPoll = page.waitForResponse((response) => response.url().includes('/api/project-status/'));
        await startButton(page).click();
        const answer = (await (await started).json()) as { projectId: number; runId: number };
        expect(((await (await firstPoll).json()) as ProjectStatusAnswer).status).toBe('pending');
        // The page that started the run is gone: what it shows next comes from the server's status.
        await page.reload();

        const done = await apiWaitForRun(owner, answer.projectId, answer.runId);
        const delivered = done.keywords?.length ?? 0;
        expect(delivered, 'the description must hold fewer than 30 keywords of 2 words').toBeLessThan(30);
        const notice = messages.keywordsShortfall(delivered, '2');
        expect(done.notice).toBe(notice);

        await expectVisible(toast(page, messages.generatedKeywords(delivered)).first(), runTimeout);
        await expectVisible(page.getByRole('heading', { name: 'Results' }));
        const alert = page.getByRole('alert').filter({ hasText: notice });
        await expectVisible(alert);
        expect((await alert.textContent())?.trim()).toBe(notice);
        await expectWithinViewportWidth(page, alert, 'the notice');
        await expectNoHorizontalScroll(page, 'with the notice');
        expect(await resultKeywords(page)).toHaveLength(Math.min(delivered, constants.generatorResultsPageSize));
        await screenshot(page, 'generator-shortfall', viewport);
      });

      test('?projectId= fills the form from the project and adds the keywords to it', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const name = `Harbor Coffee ${unique()}`;
        // A project with every generator fact, made by a first run through the API.
        const first = await apiStartGeneration(owner, {
          projectName: name,
          siteUrl: 'https://harbor-coffee.example',
          targetAudience: 'home baristas',
          productService: 'Single-origin coffee beans roasted weekly, espresso blends and brewing gear',
          competitors: 'Blue Bottle, Stumptown',
          country: 'Canada',
          city: 'Toronto',
          language: 'English',
          keywordCount: 10,
          keywordLength: '2',
        });
        await apiWaitForRun(owner, first.projectId, first.runId);
        await signIn(page, owner);

        await page.goto(`/keyword-generator?projectId=${first.projectId}`);
        await expectVisible(page.getByText(`Adding keywords to ${name}`));
        await expect.poll(() => field(page, 'Project Name').inputValue()).toBe(name);
        expect(await field(page, 'Product/Service Description').inputValue()).toBe(
          'Single-origin coffee beans roasted weekly, espresso blends and brewing gear',
        );
        expect(await field(page, 'Site URL').inputValue()).toBe('https://harbor-coffee.example');
        expect(await field(page, 'Target Audience').inputValue()).toBe('home baristas');
        expect(await field(page, 'Competitors').inputValue()).toBe('Blue Bottle, Stumptown');
        expect(await field(page, 'Country').inputValue()).toBe('Canada');
        expect(await field(page, 'City').inputValue()).toBe('Toronto');
        expect(await field(page, 'Language').inputValue()).toBe('English');
        expect(await startButton(page).isEnabled()).toBe(true);
        await screenshot(page, 'generator-existing-project', viewport);

        const started = page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/start-keyword-generation') && response.request().method() === 'POST',
        );
        await startButton(page).click();
        const body = (await started).request().postDataJSON() as Record<string, unknown>;
        expect(body).toMatchObject({ projectId: first.projectId, projectName: name, keywordCount: 20 });
        const second = (await (await started).json()) as { projectId: number; runId: number };
        expect(second.projectId).toBe(first.projectId);
        expect(second.runId).not.toBe(first.runId);

        const done = await apiWaitForRun(owner, first.projectId, second.runId);
        const added = done.keywords?.length ?? 0;
        expect(added).toBeGreaterThan(0);
        await expectVisible(toast(page, messages.generatedKeywords(added)).first(), runTimeout);
        await expectVisible(page.getByRole('heading', { name: 'Results' }));
        expect(await storedJob(page)).toBeNull();

        // The same project grew; no other project appeared.
        const projects = await apiProjects(owner);
        expect(projects.map((project) => project.id)).toEqual([first.projectId]);
        expect(projects[0]!.keywords_count).toBe(10 + added);

        // "New generation" resets the screen to an empty form (until then the form keeps the project).
        expect(await field(page, 'Project Name').inputValue()).toBe(name);
        await page.getByRole('button', { name: 'New generation' }).click();
        await expect.poll(() => field(page, 'Project Name').inputValue()).toBe('');
        expect(await field(page, 'Product/Service Description').inputValue()).toBe('');
        expect(await startButton(page).isDisabled()).toBe(true);
        await expectHidden(page.getByRole('heading', { name: 'Results' }));

        await page.goto('/projects');
        await expectVisible(page.getByText(name, { exact: true }).filter({ visible: true }));
        expect(
          await page
            .getByText(/^Harbor Coffee /)
            .filter({ visible: true })
            .count(),
        ).toBe(1);
      });
    });
  }
});

/** The project's first page of keywords, newest first, as the server orders it. */
async function keywordOrder(page: Page, projectId: number): Promise<string[]> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/projects/${id}/keywords/page?page=1&pageSize=20&sort=newest`);
    const body = (await response.json()) as { data: Array<{ keyword: string }> };
    return body.data.map((keyword) => keyword.keyword);
  }, projectId);
}
