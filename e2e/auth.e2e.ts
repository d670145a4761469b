import { describe, expect, test } from 'vitest';
import { apiSignUp } from './support/api';
import {
  expectPath,
  expectShell,
  expectTitle,
  expectVisible,
  newUser,
  noBrowser,
  screenshot,
  signIn,
  signUp,
  usePage,
  viewports,
} from './support/browser';

describe.skipIf(noBrowser)('auth', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('sign up lands on Keyword Generation in the shell, sign out, sign in again', async () => {
        const { page } = session;
        await page.goto('/sign-up');
        await expectTitle(page, 'Sign up - Keywright');
        await expectVisible(page.getByRole('heading', { name: 'Create your account' }));
        await expectVisible(page.getByText('Keywright', { exact: true }).first());
        await expectVisible(page.getByText(/8 characters/));
        await screenshot(page, 'sign-up', viewport);

        const user = await signUp(page, { name: 'Grace Hopper' });
        await expectTitle(page, 'Keyword Generation - Keywright');
        await expectVisible(page.getByRole('heading', { name: 'Keyword Generation' }));
        await expectVisible(page.getByRole('button', { name: 'Start', exact: true }));
        const userMenu = page.getByRole('button', { name: 'User menu' });
        await expectVisible(userMenu);
        expect(await userMenu.textContent()).toContain('GH');
        await screenshot(page, 'keyword-generation', viewport);

        // The session survives a reload.
        await page.reload();
        await expectShell(page);
        await expectPath(page, '/');

        await userMenu.click();
        await expectVisible(page.getByRole('menu').getByText(user.email));
        await screenshot(page, 'user-menu', viewport);
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
        await expectPath(page, '/sign-in');
        await expectTitle(page, 'Sign in - Keywright');
        await expectVisible(page.getByRole('heading', { name: 'Sign in' }));

        // Signed out for real: a protected screen sends us back.
        await page.goto('/projects');
        await expectPath(page, '/sign-in');

        await signIn(page, user);
        await expectVisible(page.getByRole('heading', { name: 'Keyword Generation' }));
      });

      test('the sign-in page: links, and a wrong password shows an inline error', async () => {
        const { page } = session;
        const user = await apiSignUp();
        await page.goto('/sign-in');
        await expectTitle(page, 'Sign in - Keywright');
        await expectVisible(page.getByRole('heading', { name: 'Sign in' }));
        await screenshot(page, 'sign-in', viewport);

        await page.getByRole('link', { name: 'Create an account' }).click();
        await expectPath(page, '/sign-up');
        await expectTitle(page, 'Sign up - Keywright');
        await page.getByRole('link', { name: 'Sign in', exact: true }).click();
        await expectPath(page, '/sign-in');
        // The URL changes first; the sign-up form stays on screen until the sign-in route has rendered.
        await expectVisible(page.getByRole('heading', { name: 'Sign in' }));

        await page.getByLabel('Email', { exact: true }).fill(user.email);
        await page.getByLabel('Password', { exact: true }).fill('not the password');
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expectVisible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
        await expectPath(page, '/sign-in');
        await screenshot(page, 'sign-in-error', viewport);

        await page.getByLabel('Password', { exact: true }).fill(user.password);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expectPath(page, '/');
        await expectShell(page);
      });

      test('signing up with an e-mail that is taken shows the server message inline', async () => {
        const { page } = session;
        const existing = await apiSignUp();
        const user = newUser({ email: existing.email });
        await page.goto('/sign-up');
        await page.getByLabel('Name', { exact: true }).fill(user.name);
        await page.getByLabel('Email', { exact: true }).fill(user.email);
        await page.getByLabel('Password', { exact: true }).fill(user.password);
        await page.getByRole('button', { name: 'Sign up', exact: true }).click();
        await expectVisible(page.getByRole('alert').filter({ hasText: /already exists/i }));
        await expectPath(page, '/sign-up');
        await screenshot(page, 'sign-up-error', viewport);
      });
    });
  }
});
