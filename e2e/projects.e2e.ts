import { messages } from '@keywright/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAddKeyword, apiAddTeamMember, apiCreateProject, apiSignUp } from './support/api';
import {
  expectHidden,
  expectPath,
  expectTitle,
  expectToast,
  expectVisible,
  noBrowser,
  recordTitledFrames,
  screenshot,
  signIn,
  signUp,
  usePage,
  viewports,
  type Viewport,
} from './support/browser';
import { expectKeywordCount } from './support/keywords';

const unique = () => Math.random().toString(36).slice(2, 7);

/** The table row (wide) or card (narrow) that shows this project. */
function projectItem(page: Page, viewport: Viewport, name: string) {
  const items =
    viewport.name === 'wide' ? page.getByRole('row') : page.locator('.mantine-Card-root, [data-testid="project-card"]');
  return items.filter({ has: page.getByText(name, { exact: true }) });
}

async function openProjects(page: Page): Promise<void> {
  await page.goto('/projects');
  await expectVisible(page.getByRole('heading', { name: 'Projects', exact: true }));
}

describe.skipIf(noBrowser)('projects', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('create (after a validation error), edit and delete a project', async () => {
        const { page } = session;
        await signUp(page);
        await openProjects(page);
        await expectTitle(page, 'Projects - Keywright');
        await expectVisible(page.getByText('Manage your keyword research projects'));
        await expectVisible(page.getByText('No projects found'));
        await expectVisible(page.getByRole('button', { name: 'Create your first project' }));
        await screenshot(page, 'projects-empty', viewport);

        await page.getByRole('button', { name: 'Create New Project' }).click();
        const dialog = page.getByRole('dialog', { name: 'Create Project' });
        await expectVisible(dialog);
        expect(await dialog.getByLabel('Country').getAttribute('placeholder')).toBe('United States');
        expect(await dialog.getByLabel('City').getAttribute('placeholder')).toBe('New York');
        expect(await dialog.getByLabel('Language').getAttribute('placeholder')).toBe('English');

        // Name without a description is refused.
        const name = `Trail shoes ${unique()}`;
        await dialog.getByLabel('Name').fill(name);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, messages.fillInAllFields, 'Error');
        await expectVisible(dialog);
        await screenshot(page, 'projects-create-dialog', viewport);

        await dialog.getByLabel('Description').fill('Running shoes for mountain trails');
        await dialog.getByLabel('Country').fill('United States');
        await dialog.getByLabel('City').fill('Denver');
        await dialog.getByLabel('Language').fill('English');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, messages.projectCreated);
        await expectHidden(dialog);

        const item = projectItem(page, viewport, name);
        await expectVisible(item);
        await expectVisible(item.getByText('You', { exact: true }));
        await expectVisible(item.getByText('Running shoes for mountain trails'));
        if (viewport.name === 'wide') {
          for (const column of ['Project', 'Description', 'Keywords', 'Created', 'Actions']) {
            await expectVisible(page.getByRole('columnheader', { name: column, exact: true }));
          }
        } else {
          expect(await page.getByRole('table').count()).toBe(0);
        }
        await screenshot(page, 'projects-list', viewport);

        // Edit: the dialog is filled in with the project.
        await page.getByRole('button', { name: `Edit ${name}` }).click();
        const editDialog = page.getByRole('dialog', { name: 'Edit Project' });
        await expectVisible(editDialog);
        expect(await editDialog.getByLabel('Name').inputValue()).toBe(name);
        expect(await editDialog.getByLabel('City').inputValue()).toBe('Denver');
        const renamed = `${name} v2`;
        await editDialog.getByLabel('Name').fill(renamed);
        await editDialog.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, messages.projectUpdated);
        await expectHidden(editDialog);
        await expectVisible(projectItem(page, viewport, renamed));
        await expectHidden(page.getByText(name, { exact: true }));

        // Delete: cancel first, then confirm.
        await page.getByRole('button', { name: `Delete ${renamed}` }).click();
        const confirm = page.getByRole('dialog', { name: messages.deleteProjectTitle });
        await expectVisible(confirm);
        await expectVisible(confirm.getByText(messages.deleteProjectBody));
        await screenshot(page, 'projects-delete-dialog', viewport);
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await expectHidden(confirm);
        await expectVisible(projectItem(page, viewport, renamed));

        await page.getByRole('button', { name: `Delete ${renamed}` }).click();
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await expectToast(page, messages.projectDeleted);
        await expectVisible(page.getByText('No projects found'));

        // The empty state's button opens the create dialog too.
        await page.getByRole('button', { name: 'Create your first project' }).click();
        await expectVisible(page.getByRole('dialog', { name: 'Create Project' }));
        await page.getByRole('dialog', { name: 'Create Project' }).getByRole('button', { name: 'Cancel' }).click();
        await expectHidden(page.getByRole('dialog', { name: 'Create Project' }));
      });

      test('filters by country, city and language, combined', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const tag = unique();
        const nyc = `NYC bakery ${tag}`;
        const berlin = `Berlin bakery ${tag}`;
        const boston = `Boston bakery ${tag}`;
        await apiCreateProject(owner, {
          name: nyc,
          description: 'Bread',
          country: 'United States',
          city: 'New York',
          language: 'English',
        });
        await apiCreateProject(owner, {
          name: berlin,
          description: 'Brot',
          country: 'Germany',
          city: 'Berlin',
          language: 'German',
        });
        await apiCreateProject(owner, {
          name: boston,
          description: 'Bread',
          country: 'United States',
          city: 'Boston',
          language: 'English',
        });
        await signIn(page, owner);
        await openProjects(page);
        for (const name of [nyc, berlin, boston]) await expectVisible(projectItem(page, viewport, name));

        const toggle = page.getByRole('button', { name: /^Show Filters/ });
        expect((await toggle.textContent())?.trim()).toBe('Show Filters');
        await toggle.click();
        const hide = page.getByRole('button', { name: /^Hide Filters/ });
        await expectVisible(hide);

        await page.getByLabel('Country').click();
        const listbox = page.getByRole('listbox');
        await expectVisible(listbox);
        expect(await listbox.getByRole('option').allTextContents()).toEqual(['Germany', 'United States']);
        await listbox.getByRole('option', { name: 'United States' }).click();
        await page.keyboard.press('Escape');
        await expectHidden(projectItem(page, viewport, berlin));
        await expectVisible(projectItem(page, viewport, nyc));
        await expectVisible(projectItem(page, viewport, boston));
        await expect.poll(async () => (await hide.textContent())?.replace('Hide Filters', '').trim()).toBe('1');

        await page.getByLabel('City').click();
        await expectVisible(page.getByRole('listbox'));
        expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual([
          'Berlin',
          'Boston',
          'New York',
        ]);
        await page.getByRole('listbox').getByRole('option', { name: 'Boston' }).click();
        await page.keyboard.press('Escape');
        await expectHidden(projectItem(page, viewport, nyc));
        await expectVisible(projectItem(page, viewport, boston));
        await expect.poll(async () => (await hide.textContent())?.replace('Hide Filters', '').trim()).toBe('2');

        // Any value within a field: adding New York brings that project back.
        await page.getByLabel('City').click();
        await page.getByRole('listbox').getByRole('option', { name: 'New York' }).click();
        await page.keyboard.press('Escape');
        await expectVisible(projectItem(page, viewport, nyc));
        await expectVisible(projectItem(page, viewport, boston));
        await expectHidden(projectItem(page, viewport, berlin));

        // A language that no remaining project has: nothing matches.
        await page.getByLabel('Language').click();
        await page.getByRole('listbox').getByRole('option', { name: 'German' }).click();
        await page.keyboard.press('Escape');
        await expect.poll(async () => (await hide.textContent())?.replace('Hide Filters', '').trim()).toBe('3');
        await expectVisible(page.getByText('No projects found'));
        await screenshot(page, 'projects-filters', viewport);

        await page.getByRole('button', { name: 'Clear filters' }).click();
        for (const name of [nyc, berlin, boston]) await expectVisible(projectItem(page, viewport, name));
        await expect.poll(async () => (await hide.textContent())?.trim()).toBe('Hide Filters');

        await hide.click();
        await expectVisible(page.getByRole('button', { name: /^Show Filters/ }));
        await expectHidden(page.getByLabel('Country'));
      });

      test('the project keywords page: back link, empty state, add and delete a keyword', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const name = `Coffee roastery ${unique()}`;
        const project = await apiCreateProject(owner, {
          name,
          description: 'Single-origin beans, roasted weekly',
        });
        await signIn(page, owner);
        await openProjects(page);

        // Clicking the row or card itself (here its description, not a link or an action) opens the project.
        const titledFrames = await recordTitledFrames(page);
        await projectItem(page, viewport, name).getByText('Single-origin beans, roasted weekly').click();
        await expectPath(page, `/projects/${project.id}/keywords`);
        await expectVisible(page.getByRole('heading', { level: 1, name }));
        await expectTitle(page, `Keywords - ${name} - Keywright`);
        // The title changed in the same render as the heading: no frame showed the project under another title.
        const projectFrames = (await titledFrames()).filter((frame) => frame.headings.includes(name));
        expect(projectFrames.length).toBeGreaterThan(0);
        expect(new Set(projectFrames.map((frame) => frame.title))).toEqual(new Set([`Keywords - ${name} - Keywright`]));
        await expectVisible(page.getByText('Single-origin beans, roasted weekly'));
        await expectVisible(page.getByText('No keywords yet'));
        await expectKeywordCount(page, 0);
        const generate = page.getByRole('link', { name: 'Generate Keywords' });
        expect(await generate.getAttribute('href')).toBe(`/keyword-generator?projectId=${project.id}`);
        await screenshot(page, 'project-keywords-empty', viewport);

        await page.getByLabel('New keyword').fill('cold brew beans');
        await page.getByRole('button', { name: 'Add Keyword' }).click();
        await expectToast(page, messages.keywordAdded('cold brew beans'));
        await expectVisible(page.getByText('cold brew beans', { exact: true }));
        await expectVisible(page.getByText(new Date().toLocaleDateString('en-US')).first());
        await expectHidden(page.getByText('No keywords yet'));
        await expectKeywordCount(page, 1);

        // The same keyword again: the server's 409 message.
        await page.getByLabel('New keyword').fill('Cold Brew Beans');
        await page.getByRole('button', { name: 'Add Keyword' }).click();
        await expectToast(page, messages.keywordExists);

        await apiAddKeyword(owner, project.id, 'espresso roast');
        await page.reload();
        await expectVisible(page.getByText('espresso roast', { exact: true }));
        await expectKeywordCount(page, 2);
        await screenshot(page, 'project-keywords-list', viewport);

        // Delete asks the browser to confirm; dismissing keeps the keyword.
        const asked: string[] = [];
        page.once('dialog', (dialog) => {
          asked.push(dialog.message());
          void dialog.dismiss();
        });
        await page.getByRole('button', { name: 'Delete cold brew beans' }).click();
        await expect.poll(() => asked).toEqual([messages.deleteKeywordConfirm]);
        await expectVisible(page.getByText('cold brew beans', { exact: true }));

        page.once('dialog', (dialog) => {
          asked.push(dialog.message());
          void dialog.accept();
        });
        await page.getByRole('button', { name: 'Delete cold brew beans' }).click();
        await expectToast(page, messages.keywordDeleted);
        await expectHidden(page.getByText('cold brew beans', { exact: true }));
        expect(asked).toEqual([messages.deleteKeywordConfirm, messages.deleteKeywordConfirm]);

        page.once('dialog', (dialog) => void dialog.accept());
        await page.getByRole('button', { name: 'Delete espresso roast' }).click();
        await expectToast(page, messages.keywordDeleted);
        await expectVisible(page.getByText('No keywords yet'));

        await page.getByRole('link', { name: 'Generate Keywords' }).click();
        await expectPath(page, '/keyword-generator', `?projectId=${project.id}`);

        await page.goBack();
        await expectPath(page, `/projects/${project.id}/keywords`);
        await page.getByRole('link', { name: 'Back to projects' }).click();
        await expectPath(page, '/projects');
        await expectVisible(page.getByRole('heading', { name: 'Projects', exact: true }));
      });

      test('a missing project says so, with the back link', async () => {
        const { page } = session;
        await signUp(page);
        await page.goto('/projects/987654321/keywords');
        await expectVisible(page.getByText(messages.projectNotFound));
        await expectTitle(page, 'Keywords - Keywright');
        await screenshot(page, 'project-not-found', viewport);
        await page.getByRole('link', { name: 'Back to projects' }).click();
        await expectPath(page, '/projects');
      });

      test("a teammate sees the owner's shared project; 'Show team projects' off hides it across reloads", async () => {
        const { page } = session;
        const owner = await apiSignUp({ name: 'Olivia Owner' });
        const teammate = await apiSignUp({ name: 'Tom Mate' });
        const tag = unique();
        const shared = `Shared launch ${tag}`;
        const own = `Own research ${tag}`;
        await apiCreateProject(owner, { name: shared, description: 'From the owner' });
        await apiCreateProject(teammate, { name: own, description: 'Mine' });
        await apiAddTeamMember(owner, teammate.email);

        await signIn(page, teammate);
        await openProjects(page);
        const sharedItem = projectItem(page, viewport, shared);
        await expectVisible(sharedItem);
        await expectVisible(sharedItem.getByText(owner.email, { exact: true }));
        await expectVisible(projectItem(page, viewport, own).getByText('You', { exact: true }));
        await expectVisible(page.getByRole('button', { name: `Edit ${shared}` }));
        expect(await page.getByRole('button', { name: `Delete ${shared}` }).count()).toBe(0);
        await expectVisible(page.getByRole('button', { name: `Delete ${own}` }));
        await screenshot(page, 'projects-team', viewport);

        const showTeam = page.getByRole('checkbox', { name: 'Show team projects' });
        expect(await showTeam.isChecked()).toBe(true);
        await showTeam.click();
        await expectHidden(page.getByText(shared, { exact: true }));
        await expectVisible(projectItem(page, viewport, own));
        expect(await showTeam.isChecked()).toBe(false);

        await page.reload();
        await expectVisible(projectItem(page, viewport, own));
        expect(await page.getByRole('checkbox', { name: 'Show team projects' }).isChecked()).toBe(false);
        expect(await page.getByText(shared, { exact: true }).count()).toBe(0);
        expect(await page.evaluate(() => localStorage.getItem('keywright.showTeamProjects'))).toBe('false');

        await page.getByRole('checkbox', { name: 'Show team projects' }).click();
        await expectVisible(projectItem(page, viewport, shared));
      });
    });
  }
});
