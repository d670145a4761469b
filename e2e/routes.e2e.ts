import type { Page } from 'playwright-core';
import { messages } from '@keywright/contract';
import { describe, expect, test } from 'vitest';
import { apiConfig } from './support/api';
import {
  expectHidden,
  expectPath,
  expectShell,
  expectTitle,
  expectVisible,
  noBrowser,
  screenshot,
  signUp,
  usePage,
  viewports,
} from './support/browser';

const navLinks = [
  { name: 'Keyword Generation', path: '/' },
  { name: 'Projects', path: '/projects' },
  { name: 'Keyword Lists', path: '/keyword-lists' },
  { name: 'Google Ads Analysis', path: '/google-ads-analysis' },
  { name: 'Team', path: '/team' },
] as const;

/** The keyword generator screen (/, /keyword-generation and /keyword-generator). */
async function expectGenerator(page: Page): Promise<void> {
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Keyword Generation' }));
  await expectVisible(page.getByRole('button', { name: 'Start', exact: true }));
  await expectTitle(page, 'Keyword Generation - Keywright');
}

/** The analysis screen of someone with no projects yet: its heading and the way to start one. */
async function expectAnalysisWithoutProjects(page: Page): Promise<void> {
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Google Ads Analysis' }));
  await expectVisible(page.getByText(messages.noProjectSelected, { exact: true }));
  await expectVisible(page.getByRole('link', { name: 'Create a project', exact: true }));
  await expectTitle(page, 'Google Ads Analysis - Keywright');
}

describe.skipIf(noBrowser)('routes', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('signed out, every path but /sign-in and /sign-up redirects to /sign-in', async () => {
        const { page } = session;
        for (const path of ['/', '/projects', '/team', '/random/path', '/projects/1/keywords']) {
          await page.goto(path);
          await expectPath(page, '/sign-in');
          await expectVisible(page.getByRole('heading', { name: 'Sign in' }));
        }
        await page.goto('/sign-up');
        await expectVisible(page.getByRole('heading', { name: 'Create your account' }));
        await expectPath(page, '/sign-up');
      });

      test('signed in, the route table renders each screen', async () => {
        const { page } = session;
        await signUp(page);

        for (const path of ['/sign-in', '/sign-up', '/unknown', '/some/deep/unknown/path']) {
          await page.goto(path);
          await expectPath(page, '/');
          await expectGenerator(page);
        }

        await page.goto('/keyword-generation');
        await expectGenerator(page);
        await expectPath(page, '/keyword-generation');

        await page.goto('/keyword-generator?projectId=5');
        await expectGenerator(page);
        await expectPath(page, '/keyword-generator', '?projectId=5');

        await page.goto('/projects');
        await expectVisible(page.getByRole('heading', { name: 'Projects', exact: true }));
        await expectTitle(page, 'Projects - Keywright');

        await page.goto('/keyword-lists');
        await expectVisible(page.getByRole('heading', { level: 1, name: 'Keyword Lists' }));
        await expectVisible(page.getByRole('heading', { name: 'No keyword lists yet' }));
        await expectTitle(page, 'Keyword Lists - Keywright');

        await page.goto('/google-ads-analysis');
        await expectAnalysisWithoutProjects(page);
        await screenshot(page, 'google-ads-analysis', viewport);

        await page.goto('/team');
        await expectVisible(page.getByRole('heading', { name: 'Team', exact: true }));
        await expectTitle(page, 'Team - Keywright');
      });

      test('the navigation, the product link and the footer', async () => {
        const { page } = session;
        await signUp(page);
        const header = page.getByRole('banner');

        if (viewport.name === 'wide') {
          await expectHidden(page.getByRole('button', { name: 'Open navigation menu' }));
          for (const link of navLinks) {
            const navLink = header.getByRole('link', { name: link.name, exact: true });
            await navLink.click();
            await expectPath(page, link.path);
            await expectVisible(page.getByRole('heading', { name: link.name, exact: true }));
            // The active link is marked (and highlighted) as the current page, and only it.
            expect(await navLink.getAttribute('aria-current')).toBe('page');
            expect(await header.locator('a[aria-current="page"]').count()).toBe(1);
          }
        } else {
          for (const link of navLinks) await expectHidden(header.getByRole('link', { name: link.name, exact: true }));
          for (const link of navLinks) {
            await page.getByRole('button', { name: 'Open navigation menu' }).click();
            const drawer = page.getByRole('dialog', { name: 'Menu' });
            await expectVisible(drawer);
            for (const each of navLinks)
              await expectVisible(drawer.getByRole('link', { name: each.name, exact: true }));
            if (link === navLinks[0]) await screenshot(page, 'navigation-drawer', viewport);
            await drawer.getByRole('link', { name: link.name, exact: true }).click();
            await expectPath(page, link.path);
            await expectHidden(drawer);
            await expectVisible(page.getByRole('heading', { name: link.name, exact: true }));
          }
        }

        // The product name leads home.
        await header.getByRole('link', { name: 'Keywright' }).click();
        await expectPath(page, '/');
        await expectShell(page);

        const { contactEmail } = await apiConfig();
        const footer = page.getByRole('contentinfo');
        const contact = footer.getByRole('link', { name: 'Contact us' });
        await expectVisible(contact);
        expect(await contact.getAttribute('href')).toBe(`mailto:${contactEmail}`);
        await expectVisible(footer.getByText(`© ${new Date().getFullYear()} Keywright`));
      });
    });
  }
});
