import { constants, endpoints, messages } from '@keywright/contract';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../apps/server/test/fakes/google-drive';
import {
  expectHidden,
  expectNoHorizontalScroll,
  expectPath,
  expectToast,
  expectVisible,
  expectWithinViewportWidth,
  noBrowser,
  screenshot,
  signUp,
  usePage,
  viewports,
} from './support/browser';
import { startKeywright, type RunningKeywright } from './support/keywright';

const uploadArea = (page: Page) => page.getByRole('region', { name: 'Import from documents' });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The text the element's aria-describedby points at. */
function describedBy(locator: Locator): Promise<string> {
  return locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );
}

/** Counts the page's Drive status checks from now on. */
function countStatusChecks(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === endpoints.googleDriveStatus.path) count += 1;
  });
  return () => count;
}

describe.skipIf(noBrowser)('Google Drive on the generator (server without Drive credentials)', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('not configured: the Google Drive button is disabled and says why', async () => {
        const { page } = session;
        const checks = countStatusChecks(page);
        await signUp(page);
        const area = uploadArea(page);
        const button = area.getByRole('button', { name: 'Google Drive', exact: true });
        await expectVisible(button);
        expect(await button.isDisabled()).toBe(true);
        await expectVisible(area.getByText(messages.driveNotConfigured));
        expect(await describedBy(button)).toBe(messages.driveNotConfigured);
        expect(await area.getByRole('link', { name: 'Connect Google Drive' }).count()).toBe(0);
        expect(checks(), 'the status is checked on load').toBeGreaterThanOrEqual(1);
        await screenshot(page, 'drive-not-configured', viewport);
      });

      test('back from Google: connected says so and checks again; a failure says so; the address is cleaned', async () => {
        const { page } = session;
        await signUp(page);

        const checks = countStatusChecks(page);
        await page.goto('/keyword-generation?google=connected');
        await expectToast(page, messages.connectedToDrive);
        await expectPath(page, '/keyword-generation', '');
        // Once on load, once more after the redirect's re-check delay.
        await expect.poll(checks, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
        await screenshot(page, 'drive-connected-toast', viewport);

        await page.goto('/keyword-generation?error=auth_failed');
        await expectToast(page, messages.failedToConnectDrive);
        await expectPath(page, '/keyword-generation', '');
      });
    });
  }
});

// ---------------------------------------------------------------------------
// A server with Drive credentials, wired to a loopback fake of Google

const picker = (page: Page) => page.getByRole('dialog', { name: 'Import from Google Drive' });
const fileList = (dialog: Locator) => dialog.getByRole('list', { name: 'Google Drive files' });
const importButton = (dialog: Locator) => dialog.getByRole('button', { name: 'Import', exact: true });

/** The picker's file names, in the order shown (each checkbox is named by its row's file name). */
function listedNames(dialog: Locator): Promise<string[]> {
  return fileList(dialog)
    .getByRole('checkbox')
    .evaluateAll((boxes) =>
      boxes.map((box) => document.getElementById(box.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
    );
}

/** How the page writes a date (month/day/year, the browser's time zone, which is this machine's). */
function shownDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
}

/** Fails when the element is not all inside the viewport's height (below the fold, say). */
async function expectWithinViewportHeight(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${what} is on screen`).not.toBeNull();
  expect(box!.y, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends inside the viewport`).toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** The per-file lines of the upload area's report, as shown. */
async function reportLines(page: Page): Promise<string[]> {
  const lines = await uploadArea(page).getByRole('region').getByRole('listitem').allTextContents();
  return lines.map((line) => line.trim());
}

/** Holds every Drive import call until `release`, so the picker's progress can be looked at. */
async function holdDriveImports(page: Page): Promise<{ release: () => void; requests: () => number }> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route('**/api/google-drive/analyze/*', async (route: Route) => {
    count += 1;
    await released;
    await route.continue();
  });
  return { release: () => release(), requests: () => count };
}

describe.skipIf(noBrowser)('Google Drive on the generator (server connected to a fake Google)', () => {
  let fake: FakeGoogleDrive;
  let keywright: RunningKeywright | undefined;

  beforeAll(async () => {
    fake = await startFakeGoogleDrive();
    keywright = await startKeywright(fake.env);
  });

  afterAll(async () => {
    await keywright?.stop();
    await fake?.close();
  });

  beforeEach(() => fake.reset());

  /** Connect Google Drive, through Google's consent (the fake's approves at once) and back. */
  async function connect(page: Page): Promise<void> {
    await uploadArea(page).getByRole('link', { name: 'Connect Google Drive' }).click();
    await expectToast(page, messages.connectedToDrive);
    await expectPath(page, '/keyword-generation', '');
    await expectVisible(uploadArea(page).getByRole('button', { name: 'Import from Google Drive' }));
    expect(fake.requests.map(({ endpoint, status }) => `${endpoint} ${status}`)).toEqual([
      'authorize 302',
      'token 200',
    ]);
  }

  async function openPicker(page: Page): Promise<Locator> {
    await uploadArea(page).getByRole('button', { name: 'Import from Google Drive' }).click();
    const dialog = picker(page);
    await expectVisible(fileList(dialog));
    return dialog;
  }

  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport, { server: () => keywright!.url });

      test('connect, pick two documents found by name, import: the form is filled from them', async () => {
        const { page } = session;
        await signUp(page);
        await connect(page);

        // The picker: the documents (never the image), newest first, each with its type and date.
        const dialog = await openPicker(page);
        expect(await listedNames(dialog)).toEqual(['Green Leaf brief', 'Green Leaf pitch', 'notes.txt', 'README.md']);
        const brief = dialog.getByRole('checkbox', { name: 'Green Leaf brief' });
        expect(await describedBy(brief)).toBe(`Document · Modified ${shownDate('2025-03-04T10:00:00.000Z')}`);
        expect(await describedBy(dialog.getByRole('checkbox', { name: 'notes.txt' }))).toBe(
          `Text · Modified ${shownDate('2025-03-02T10:00:00.000Z')}`,
        );
        await expectVisible(dialog.getByText(messages.noFilesSelected));
        expect(await importButton(dialog).isDisabled()).toBe(true);
        await expectNoHorizontalScroll(page, 'with the Drive picker open');
        await expectWithinViewportWidth(page, dialog.getByRole('button', { name: 'Disconnect' }), 'Disconnect');
        await expectWithinViewportWidth(page, importButton(dialog), 'Import');
        await screenshot(page, 'drive-picker', viewport);

        // Search by name (once typing pauses): nothing, then the two Green Leaf documents.
        const search = dialog.getByLabel('Search files');
        await search.fill('no such file');
        await expectVisible(dialog.getByText('No documents match “no such file”.'));
        await search.fill('green');
        await expect.poll(() => listedNames(dialog)).toEqual(['Green Leaf brief', 'Green Leaf pitch']);
        const searched = fake.requests.filter((request) => request.endpoint === 'list').map(({ query }) => query.q);
        expect(searched.at(-1)).toContain("name contains 'green'");

        await brief.check();
        await dialog.getByRole('checkbox', { name: 'Green Leaf pitch' }).check();
        await expectVisible(dialog.getByText('2 selected', { exact: true }));
        expect(await importButton(dialog).isEnabled()).toBe(true);
        expect(await describedBy(importButton(dialog))).toBe('2 selected');

        // Importing: progress in the picker until the server has read both.
        const held = await holdDriveImports(page);
        await importButton(dialog).click();
        const progress = dialog.getByRole('status');
        await expectVisible(progress.getByText('Importing 0 of 2…'));
        await expect.poll(held.requests).toBe(2);
        await expectWithinViewportHeight(page, importButton(dialog), 'Import, with the progress shown');
        expect(await search.isDisabled()).toBe(true);
        expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
        await screenshot(page, 'drive-importing', viewport);
        held.release();

        // Each file's outcome, and the form filled from the Green Leaf documents.
        await expectHidden(dialog, 30_000);
        const results = uploadArea(page).getByRole('region');
        await expectVisible(results.getByRole('heading', { name: 'Google Drive: All 2 files read' }));
        expect(await reportLines(page)).toEqual(['Green Leaf brief read', 'Green Leaf pitch read']);
        await expectVisible(
          results.getByText(/^Filled from the documents: Project Name, .*Product\/Service Description/),
        );
        expect(await field(page, 'Project Name').inputValue()).toBe('Green Leaf Coffee');
        expect(await field(page, 'Product/Service Description').inputValue()).toMatch(/organic coffee/i);
        expect(await page.getByRole('button', { name: 'Start', exact: true }).isEnabled()).toBe(true);
        expect(
          fake.requests
            .filter((request) => request.endpoint === 'export')
            .map(({ path }) => path)
            .sort(),
        ).toEqual(['/drive/v3/files/doc-green-leaf-brief/export', '/drive/v3/files/slides-green-leaf-pitch/export']);
        await expectNoHorizontalScroll(page, 'with the Drive results');
        await screenshot(page, 'drive-imported', viewport);
      });

      test('Load more brings the next page; a file that fails says why by name, the others still count', async () => {
        const { page } = session;
        for (let index = 1; index <= 55; index += 1) {
          fake.addFile({ name: `Meeting notes ${String(index).padStart(2, '0')}.txt`, content: `Meeting ${index}` });
        }
        // The oldest of all, so on the second page.
        fake.addFile({
          id: 'pdf-huge',
          name: 'Green Leaf brochure.pdf',
          mimeType: 'application/pdf',
          modifiedTime: '2024-06-01T10:00:00.000Z',
          declaredSize: 21 * 1024 * 1024,
        });
        // notes.txt is the one file downloaded as it is (the Docs are exported, the PDF refused first).
        fake.fail('media', { status: 404, message: 'File not found: txt-notes.', reason: 'notFound' });
        await signUp(page);
        await connect(page);

        const dialog = await openPicker(page);
        expect(await listedNames(dialog)).toHaveLength(constants.driveFilesPageSize);
        const loadMore = dialog.getByRole('button', { name: 'Load more' });
        await expectVisible(loadMore);
        expect(await dialog.getByRole('checkbox', { name: 'Green Leaf brochure.pdf' }).count()).toBe(0);
        await dialog.getByRole('checkbox', { name: 'notes.txt' }).check();
        await dialog.getByRole('checkbox', { name: 'Green Leaf brief' }).check();

        await loadMore.click();
        await expect.poll(() => listedNames(dialog).then((names) => names.length)).toBe(4 + 55 + 1);
        await expectHidden(loadMore);
        const names = await listedNames(dialog);
        expect(new Set(names).size, 'no file twice').toBe(names.length);
        expect(names.at(-1)).toBe('Green Leaf brochure.pdf');
        const pages = fake.requests.filter((request) => request.endpoint === 'list');
        expect(pages.map(({ query }) => Boolean(query.pageToken))).toEqual([false, true]);
        expect(pages.map(({ query }) => query.pageSize)).toEqual(['50', '50']);

        // The selection made on the first page stays; the third file comes from the second.
        const brochure = dialog.getByRole('checkbox', { name: 'Green Leaf brochure.pdf' });
        await brochure.scrollIntoViewIfNeeded();
        expect(await describedBy(brochure)).toBe(`PDF · Modified ${shownDate('2024-06-01T10:00:00.000Z')}`);
        await brochure.check();
        await expectVisible(dialog.getByText('3 selected', { exact: true }));
        // Sixty files: the list scrolls inside the picker; its buttons stay in view.
        await expectWithinViewportHeight(page, importButton(dialog), 'Import');
        await expectWithinViewportHeight(page, dialog.getByRole('button', { name: 'Disconnect' }), 'Disconnect');
        await expectNoHorizontalScroll(page, 'with the second page of Drive files');
        await screenshot(page, 'drive-picker-more', viewport, { keepScroll: true });
        await importButton(dialog).click();

        // The brief is read and fills the form; the other two are named with their reasons.
        await expectHidden(dialog, 30_000);
        const results = uploadArea(page).getByRole('region');
        await expectVisible(results.getByRole('heading', { name: 'Google Drive: 1 of 3 files read' }));
        expect((await reportLines(page)).sort()).toEqual(
          [
            'Green Leaf brief read',
            `notes.txt: ${messages.notFound}`,
            messages.documentTooLarge('Green Leaf brochure.pdf'),
          ].sort(),
        );
        await expectToast(page, messages.notFound, messages.failedToImportFromDrive);
        expect(await field(page, 'Project Name').inputValue()).toBe('Green Leaf Coffee');
        expect(
          fake.requests.some(
            (request) => request.path.startsWith('/drive/v3/files/pdf-huge') && request.endpoint === 'media',
          ),
        ).toBe(false);
        await expectNoHorizontalScroll(page, 'with the Drive results');
        await screenshot(page, 'drive-import-failures', viewport);
      });

      test('Disconnect asks first, then revokes the grant at Google; Connect is offered again', async () => {
        const { page } = session;
        await signUp(page);
        await connect(page);
        const [refreshToken] = fake.refreshTokens();

        const dialog = await openPicker(page);
        await dialog.getByRole('button', { name: 'Disconnect' }).click();
        const confirm = page.getByRole('dialog', { name: 'Disconnect Google Drive' });
        await expectVisible(confirm.getByText('Keywright will no longer read your Google Drive.', { exact: false }));
        await screenshot(page, 'drive-disconnect-confirm', viewport);

        // Not yet: the picker stays, nothing is revoked.
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await expectHidden(confirm);
        await expectVisible(fileList(dialog));
        expect(fake.requests.some((request) => request.endpoint === 'revoke')).toBe(false);

        await dialog.getByRole('button', { name: 'Disconnect' }).click();
        await confirm.getByRole('button', { name: 'Disconnect' }).click();
        await expectToast(page, messages.driveDisconnected);
        await expectHidden(dialog);
        await expectVisible(uploadArea(page).getByRole('link', { name: 'Connect Google Drive' }));
        expect(
          fake.requests
            .filter((request) => request.endpoint === 'revoke')
            .map(({ form, status }) => ({ form, status })),
        ).toEqual([{ form: { token: refreshToken }, status: 200 }]);
        expect(fake.isRevoked(refreshToken!)).toBe(true);
      });

      test('Disconnect says where to remove the grant when Google cannot revoke it', async () => {
        const { page } = session;
        await signUp(page);
        await connect(page);
        const busy = { status: 503, message: 'Backend Error' };
        fake.fail('revoke', busy, busy, busy, busy);

        const dialog = await openPicker(page);
        await dialog.getByRole('button', { name: 'Disconnect' }).click();
        await page
          .getByRole('dialog', { name: 'Disconnect Google Drive' })
          .getByRole('button', { name: 'Disconnect' })
          .click();
        await expectToast(page, messages.googleGrantMayRemain('Google Drive'));
        await expectVisible(uploadArea(page).getByRole('link', { name: 'Connect Google Drive' }));
      });

      test('consent refused at Google: says the connection failed, and Connect stays', async () => {
        const { page } = session;
        fake.consentError = 'access_denied';
        await signUp(page);
        await uploadArea(page).getByRole('link', { name: 'Connect Google Drive' }).click();
        await expectToast(page, messages.failedToConnectDrive);
        await expectPath(page, '/keyword-generation', '');
        await expectVisible(uploadArea(page).getByRole('link', { name: 'Connect Google Drive' }));
        expect(fake.requests.map(({ endpoint }) => endpoint)).toEqual(['authorize']);
        await screenshot(page, 'drive-consent-refused', viewport);
      });
    });
  }
});
