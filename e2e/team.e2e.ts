import { messages } from '@keywright/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAddTeamMember, apiCreateProject, apiSignUp } from './support/api';
import {
  closeToast,
  expectHidden,
  expectTitle,
  expectToast,
  expectVisible,
  newUser,
  noBrowser,
  screenshot,
  signIn,
  signUp,
  usePage,
  viewports,
} from './support/browser';

async function openTeam(page: Page): Promise<void> {
  await page.goto('/team');
  await expectVisible(page.getByRole('heading', { name: 'Team', exact: true }));
}

async function addMember(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Add Member' }).click();
}

describe.skipIf(noBrowser)('team', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('add a member (with invalid and unknown e-mails first), then remove them', async () => {
        const { page } = session;
        const colleague = await apiSignUp({ name: 'Colleague' });
        const me = await signUp(page);
        await openTeam(page);
        await expectTitle(page, 'Team - Keywright');
        await expectVisible(page.getByText('Share your projects and keyword lists with teammates'));
        await expectVisible(page.getByText(messages.earlyAlphaNotice));
        await expectVisible(page.getByText('No team members yet.'));
        await expectVisible(page.getByText('You are not a member of any other team.'));
        await screenshot(page, 'team-empty', viewport);

        for (const invalid of ['', '   ', 'not-an-email']) {
          await addMember(page, invalid);
          await expectToast(page, messages.invalidEmail);
          await closeToast(page, messages.invalidEmail);
        }

        const stranger = newUser().email;
        await addMember(page, stranger);
        await expectToast(page, messages.noAccountForEmail, 'Error');
        await closeToast(page, messages.noAccountForEmail);

        await addMember(page, me.email);
        await expectToast(page, messages.cannotAddSelf, 'Error');
        await closeToast(page, messages.cannotAddSelf);

        await addMember(page, colleague.email);
        await expectToast(page, messages.invitedToTeam(colleague.email));
        await expectVisible(page.getByText(colleague.email, { exact: true }));
        await expectVisible(page.getByText(`Added ${new Date().toLocaleDateString('en-US')}`));
        await expectHidden(page.getByText('No team members yet.'));
        await screenshot(page, 'team-with-member', viewport);

        await addMember(page, colleague.email);
        await expectToast(page, messages.alreadyTeamMember, 'Error');

        // Remove: cancel first, then confirm.
        await page.getByRole('button', { name: `Remove ${colleague.email}` }).click();
        const confirm = page.getByRole('dialog', { name: messages.removeMemberTitle });
        await expectVisible(confirm);
        await expectVisible(confirm.getByText(messages.removeMemberBody(colleague.email)));
        await screenshot(page, 'team-remove-dialog', viewport);
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await expectHidden(confirm);
        await expectVisible(page.getByText(colleague.email, { exact: true }));

        await page.getByRole('button', { name: `Remove ${colleague.email}` }).click();
        await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
        await expectToast(page, messages.removedFromTeam(colleague.email));
        await expectVisible(page.getByText('No team members yet.'));

        // The list is the server's: still empty after a reload.
        await page.reload();
        await expectVisible(page.getByText('No team members yet.'));
        expect(await page.getByText(colleague.email, { exact: true }).count()).toBe(0);
      });

      test('a page opened while signed in registers the team member id once its screen is shown', async () => {
        const { page } = session;
        await signUp(page);
        await openTeam(page);
        // A new page load (the sign-up's own link is done): SPEC 6's call on load.
        const linked = page.waitForResponse(
          (response) => response.request().method() === 'POST' && response.url().endsWith('/api/team/update-member-id'),
        );
        await page.reload();
        await expectVisible(page.getByRole('heading', { name: 'Team', exact: true }));
        expect((await linked).status()).toBe(200);
      });

      test("a teammate sees 'Your access', leaves all teams and loses the shared project", async () => {
        const { page } = session;
        const owner = await apiSignUp({ name: 'Olivia Owner' });
        const teammate = await apiSignUp({ name: 'Tom Mate' });
        const shared = `Shared campaign ${Math.random().toString(36).slice(2, 7)}`;
        await apiCreateProject(owner, { name: shared, description: 'From the owner' });
        await apiAddTeamMember(owner, teammate.email);

        await signIn(page, teammate);
        await page.goto('/projects');
        await expectVisible(page.getByText(shared, { exact: true }));

        await openTeam(page);
        await expectVisible(page.getByText('You are a member of these teams:'));
        await expectVisible(page.getByText(owner.email, { exact: true }));
        await expectVisible(page.getByText('No team members yet.'));
        await screenshot(page, 'team-member-access', viewport);

        await page.getByRole('button', { name: 'Leave All Teams' }).click();
        const confirm = page.getByRole('dialog', { name: messages.leaveTeamsTitle });
        await expectVisible(confirm);
        await expectVisible(confirm.getByText(messages.leaveTeamsBody));
        await screenshot(page, 'team-leave-dialog', viewport);
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await expectHidden(confirm);
        await expectVisible(page.getByText(owner.email, { exact: true }));

        await page.getByRole('button', { name: 'Leave All Teams' }).click();
        await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
        await expectToast(page, messages.leftAllTeams);
        await expectVisible(page.getByText('You are not a member of any other team.'));
        await expectHidden(page.getByText(owner.email, { exact: true }));

        await page.goto('/projects');
        await expectVisible(page.getByRole('heading', { name: 'Projects', exact: true }));
        await expectVisible(page.getByText('No projects found'));
        expect(await page.getByText(shared, { exact: true }).count()).toBe(0);
      });
    });
  }
});
