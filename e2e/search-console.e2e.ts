import { constants, messages, type Project } from '@keywright/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../apps/server/test/fakes/google-drive';
import { startFakeSearchConsole, type FakeSearchConsole } from '../apps/server/test/fakes/search-console';
import {
  expectAccessible,
  expectHidden,
  expectNoHorizontalScroll,
  expectPath,
  expectTitle,
  expectToast,
  expectVisible,
  noBrowser,
  screenshot,
  signUp,
  usePage,
  viewports,
  type Viewport,
} from './support/browser';
import { startKeywright, type RunningKeywright } from './support/keywright';

/** A project made through the API with the page's own session (its cookies), as the person's. */
async function createProject(page: Page, name: string, siteUrl = ''): Promise<Project> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/projects', {
    headers: { origin },
    data: { name, description: `${name}: garden design and planting in Leeds`, site_url: siteUrl },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Project;
}

/** The Search Console view, reached as a person does: the project page's Search Console action. */
async function openView(page: Page, project: Project): Promise<void> {
  await page.goto(`/projects/${project.id}/keywords`);
  await page.getByRole('link', { name: messages.searchConsoleAction, exact: true }).click();
  await expectPath(page, `/projects/${project.id}/search-console`);
  await expectVisible(page.getByRole('heading', { name: messages.searchConsoleTitle, level: 1 }));
  await expectTitle(page, `${messages.searchConsoleTitle} - ${project.name} - Keywright`);
}

const queriesCard = (page: Page) => page.getByRole('region', { name: messages.searchConsoleQueriesTitle });

/** The queries shown, in order (the table on wide screens, the list on phones). */
async function shownQueries(page: Page, viewport: Viewport): Promise<string[]> {
  const card = queriesCard(page);
  if (viewport.name === 'wide') {
    return (await card.locator('tbody tr td:nth-child(2)').allTextContents()).map((text) => text.trim());
  }
  const items = card.getByRole('list', { name: messages.searchConsoleQueriesTitle }).getByRole('listitem');
  const texts: string[] = [];
  for (let index = 0; index < (await items.count()); index += 1) {
    texts.push((await items.nth(index).locator('p').first().textContent())?.trim() ?? '');
  }
  return texts;
}

const addButton = (page: Page, query: string) =>
  queriesCard(page).getByRole('button', { name: messages.addQueryLabel(query), exact: true });

/** A Search Console Queries.csv: the Performance report's columns, CTR as a percentage. */
function queriesCsv(rows: ReadonlyArray<[string, number, number, string, number]>): Buffer {
  const lines = ['Top queries,Clicks,Impressions,CTR,Position'];
  for (const [query, clicks, impressions, ctr, position] of rows) {
    lines.push(`${query},${clicks},${impressions},${ctr},${position}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

async function uploadExport(page: Page, name: string, file: Buffer): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Browse files' }).click(),
  ]);
  await chooser.setFiles({ name, mimeType: 'text/csv', buffer: file });
  await expectVisible(page.getByText(name, { exact: true }));
  await page.getByRole('button', { name: messages.searchConsoleUploadButton, exact: true }).click();
}

/** Turns a switch on by its label (Mantine's switch is a checkbox with the switch role). */
async function turnOn(page: Page, label: string): Promise<void> {
  const control = page.getByRole('switch', { name: label });
  await control.check();
  expect(await control.isChecked()).toBe(true);
}

async function selectQuery(page: Page, query: string): Promise<Locator> {
  const box = queriesCard(page).getByRole('checkbox', { name: messages.selectQuery(query), exact: true });
  await box.check();
  return box;
}

describe.skipIf(noBrowser)('Search Console on a server without a Google OAuth client: the upload path', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('says how to set it up, takes an export, shows striking distance, adds one and adds in bulk', async () => {
        const { page } = session;
        await signUp(page);
        const project = await createProject(page, `Green Leaf ${viewport.name}`);
        await openView(page, project);

        // No OAuth client: no Connect button, the set-up text (with the settings for an administrator).
        await expectVisible(page.getByText(/Search Console is not set up on this server/));
        expect(await page.getByRole('link', { name: messages.connectSearchConsole }).count()).toBe(0);
        await expectVisible(queriesCard(page).getByText(messages.searchConsoleNoQueries, { exact: true }));
        await expectNoHorizontalScroll(page, 'on the Search Console view before any import');
        await screenshot(page, 'search-console-not-configured', viewport);

        // A file that is not an export: the server's words, nothing stored.
        await uploadExport(page, 'notes.csv', Buffer.from('Keyword,Volume\nfoo,10\n', 'utf8'));
        await expectVisible(page.getByRole('alert').filter({ hasText: 'The file is not a Search Console export' }));

        // The export: 24 queries (ten in striking distance with enough impressions), a blank one skipped.
        const rows: Array<[string, number, number, string, number]> = [];
        for (let index = 0; index < 24; index += 1) {
          const position = index < 3 ? 2.5 : index < 13 ? 4 + index : 35;
          rows.push([`garden design leeds ${index + 1}`, 500 - index * 10, 5000 - index * 100, '4.5%', position]);
        }
        rows.push(['', 1, 10, '10%', 3]);
        await uploadExport(page, 'Queries.csv', queriesCsv(rows));
        await expectVisible(page.getByText(messages.searchConsoleUploaded(24, 1), { exact: true }), 20_000);
        await expectVisible(page.getByText(messages.searchConsoleUploadRead(25), { exact: true }));
        await expectVisible(page.getByRole('table', { name: messages.searchConsoleSkippedRows }));

        // The queries, most impressions first, with their figures written as people read them.
        const card = queriesCard(page);
        await expectVisible(card.getByText(messages.searchConsoleQueryCount(1, 20, 24), { exact: true }));
        expect((await shownQueries(page, viewport)).slice(0, 2)).toEqual([
          'garden design leeds 1',
          'garden design leeds 2',
        ]);
        await expectVisible(card.getByText('5,000', { exact: true }).first());
        await expectVisible(card.getByText('4.5%', { exact: true }).first());
        await expectNoHorizontalScroll(page, 'with the uploaded queries');
        await screenshot(page, 'search-console-uploaded', viewport);

        // Striking distance: positions 4 to 20 with at least the chosen impressions.
        await turnOn(page, messages.strikingDistance);
        await expectVisible(card.getByText(messages.searchConsoleQueryCount(1, 10, 10), { exact: true }));
        const impressions = card.getByLabel(messages.minimumImpressions, { exact: true });
        expect(await impressions.inputValue()).toBe(String(constants.searchConsole.strikingDistance.minImpressions));
        await impressions.fill('4500');
        await expectVisible(card.getByText(messages.searchConsoleQueryCount(1, 3, 3), { exact: true }));
        expect(await shownQueries(page, viewport)).toEqual([
          'garden design leeds 4',
          'garden design leeds 5',
          'garden design leeds 6',
        ]);
        await expectNoHorizontalScroll(page, 'with striking distance on');
        await screenshot(page, 'search-console-striking-distance-upload', viewport);

        // Add one: a toast says so and it leaves the list (Not yet keywords is on).
        await addButton(page, 'garden design leeds 4').click();
        await expectToast(page, messages.queriesAdded(1));
        await expect
          .poll(() => shownQueries(page, viewport))
          .toEqual(['garden design leeds 5', 'garden design leeds 6']);

        // Add in bulk: the whole page chosen at once.
        await card.getByRole('checkbox', { name: messages.selectAllOnPage }).check();
        await expectVisible(card.getByText(messages.selectedCount(2), { exact: true }));
        await card.getByRole('button', { name: messages.addSelectedQueries, exact: true }).click();
        await expectToast(page, messages.queriesAdded(2));
        await expectVisible(card.getByText(messages.searchConsoleNoMatch, { exact: true }).first());

        // Not yet keywords off: the added ones show, marked In project.
        await page.getByRole('switch', { name: messages.notYetKeywords }).uncheck();
        await expectVisible(card.getByText(messages.searchConsoleInProject, { exact: true }).first());
        await expectAccessible(page, `search-console-in-project-${viewport.name}`);

        // They are the project's keywords now.
        await page.getByRole('link', { name: messages.backToProjectKeywords }).click();
        await expectPath(page, `/projects/${project.id}/keywords`);
        await expectVisible(page.getByText('garden design leeds 6', { exact: true }).first());

        // Their Search Console figures, in columns the person turns on, sorted by the server.
        await page.getByRole('switch', { name: messages.showSearchConsole }).check();
        await page.getByRole('combobox', { name: 'Sort keywords' }).click();
        await page.getByRole('option', { name: messages.keywordSearchConsoleSortLabels.impressions_desc }).click();
        if (viewport.name === 'wide') {
          await expectVisible(page.getByRole('columnheader', { name: messages.searchConsoleColumns.impressions }));
          const first = page.locator('tbody tr').first();
          await expectVisible(first.getByText('garden design leeds 4', { exact: true }));
          await expectVisible(first.getByRole('cell', { name: '4,700', exact: true }));
        } else {
          await expectVisible(page.getByText(/Clicks 470 · Impressions 4,700 · CTR 4\.5% · Position 7\.0/));
        }
        await expectNoHorizontalScroll(page, 'with the Search Console columns');
        await screenshot(page, 'search-console-keyword-columns', viewport);
      });
    });
  }
});

describe.skipIf(noBrowser)('Search Console connected to a fake Google', () => {
  let google: FakeGoogleDrive;
  let searchConsole: FakeSearchConsole;
  let keywright: RunningKeywright | undefined;

  beforeAll(async () => {
    google = await startFakeGoogleDrive();
    searchConsole = await startFakeSearchConsole();
    keywright = await startKeywright({ ...google.env, ...searchConsole.env });
  });

  afterAll(async () => {
    await keywright?.stop();
    await searchConsole?.close();
    await google?.close();
  });

  beforeEach(() => {
    google.reset();
    searchConsole.reset();
    // The OAuth fake's access tokens are the consenting account's, at Search Console too.
    searchConsole.resolveToken = (token) => (token ? 'default' : null);
  });

  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport, { server: () => keywright!.url });

      test('connect, link the property, the first import with progress, striking distance, add, disconnect', async () => {
        const { page } = session;
        await signUp(page);
        const project = await createProject(page, `Green Leaf ${viewport.name}`, 'https://greenleaf.example/');
        await openView(page, project);

        // Not connected: Connect Search Console, through Google's consent and back to the view.
        await expectVisible(page.getByText(messages.searchConsoleConnectPrompt, { exact: true }));
        await page.getByRole('link', { name: messages.connectSearchConsole, exact: true }).click();
        await expectToast(page, messages.searchConsoleConnected);
        await expectPath(page, `/projects/${project.id}/search-console`, '');
        await expectVisible(page.getByText(/^Connected (as |to Search Console$)/));

        // The properties: the project's own first and chosen, each with its permission.
        const property = page.getByRole('combobox', { name: messages.searchConsolePropertyLabel });
        await expectVisible(property);
        expect(await property.inputValue()).toBe('https://greenleaf.example/ (Owner)');
        await expectNoHorizontalScroll(page, 'with the properties');
        await screenshot(page, 'search-console-connected', viewport);

        // Link: the first import runs, its progress shows, then its queries.
        searchConsole.fail('query', { delayMs: 2_000 });
        await page.getByRole('button', { name: messages.linkSearchConsole, exact: true }).click();
        await expectVisible(page.getByRole('status').filter({ hasText: /^Importing queries/ }));
        await screenshot(page, 'search-console-importing', viewport, { axe: false });
        await expectAccessible(page, `search-console-importing-${viewport.name}`);
        const card = queriesCard(page);
        await expectVisible(card.getByText(messages.searchConsoleQueryCount(1, 20, 120), { exact: true }), 30_000);
        await expectHidden(page.getByRole('status').filter({ hasText: /^Importing queries/ }));
        await expectVisible(page.getByText('https://greenleaf.example/', { exact: true }));
        await expectNoHorizontalScroll(page, 'with the imported queries');
        await screenshot(page, 'search-console-view', viewport);

        // Striking distance (positions 4-20, at least 100 impressions): the fake's queries 30 to 110.
        await turnOn(page, messages.strikingDistance);
        await expectVisible(card.getByText(messages.searchConsoleQueryCount(1, 20, 81), { exact: true }));
        expect((await shownQueries(page, viewport))[0]).toBe('green leaf query 30');
        await expectNoHorizontalScroll(page, 'with striking distance on');
        await screenshot(page, 'search-console-striking-distance', viewport);

        // Add one, then two chosen ones.
        await addButton(page, 'green leaf query 30').click();
        await expectToast(page, messages.queriesAdded(1));
        await expectVisible(card.getByText(messages.searchConsoleQueryCount(1, 20, 80), { exact: true }));
        await selectQuery(page, 'green leaf query 31');
        await selectQuery(page, 'green leaf query 32');
        await card.getByRole('button', { name: messages.addSelectedQueries, exact: true }).click();
        await expectToast(page, messages.queriesAdded(2));
        await expectVisible(card.getByText(messages.searchConsoleQueryCount(1, 20, 78), { exact: true }));
        expect((await shownQueries(page, viewport))[0]).toBe('green leaf query 33');

        // Sorting by a column's head (a select on phones): the best position first.
        if (viewport.name === 'wide') {
          await card.getByRole('button', { name: messages.searchConsoleColumns.position }).click();
        } else {
          await card.getByRole('combobox', { name: messages.searchConsoleSortLabel }).click();
          await page.getByRole('option', { name: 'Position, lowest first' }).click();
        }
        await expect.poll(async () => (await shownQueries(page, viewport))[0]).toBe('green leaf query 33');

        // Disconnect, asked first: the connection goes, the linked property and its queries stay.
        await page.getByRole('button', { name: messages.disconnectSearchConsole, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: messages.disconnectSearchConsoleTitle });
        await expectVisible(dialog.getByText(messages.disconnectSearchConsoleBody));
        await dialog.getByRole('button', { name: messages.disconnectSearchConsole, exact: true }).click();
        await expectToast(page, messages.searchConsoleDisconnected);
        await expectVisible(page.getByRole('link', { name: messages.connectSearchConsole, exact: true }));
        await expectVisible(page.getByText(messages.searchConsoleConnectToRefresh, { exact: true }));
        await expectVisible(card.getByText(messages.searchConsoleQueryCount(1, 20, 78), { exact: true }));
        await screenshot(page, 'search-console-disconnected', viewport);
      });

      test('back from a refused consent: says the connection failed', async () => {
        const { page } = session;
        await signUp(page);
        const project = await createProject(page, `Refused ${viewport.name}`);
        await page.goto(`/projects/${project.id}/keywords?error=auth_failed`);
        await expectToast(page, messages.searchConsoleConnectFailed);
        await expectPath(page, `/projects/${project.id}/search-console`, '');
      });
    });
  }
});
