import { constants, messages, type Project } from '@keywright/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAddKeyword, apiCreateProject, apiProjects, apiSignUp, type ApiUser } from './support/api';
import {
  expectHidden,
  expectNoHorizontalScroll,
  expectToast,
  expectVisible,
  noBrowser,
  screenshot,
  signIn,
  usePage,
  viewports,
} from './support/browser';

// A project's full details (issue 24): Edit Project edits site, audience, competitors, brand and
// currency; a generation named as one of the person's projects asks where its keywords go.
const unique = () => Math.random().toString(36).slice(2, 7);
const runTimeout = constants.generationPollMs * 3 + 5_000;

async function projectNamed(owner: ApiUser, name: string): Promise<Project[]> {
  return (await apiProjects(owner)).filter((project) => project.name === name);
}

async function openEdit(page: Page, name: string) {
  await page.goto('/projects');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Project' });
  await expectVisible(dialog);
  return dialog;
}

describe.skipIf(noBrowser)('project details', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('edits site, audience, competitors, brand and currency', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const name = `Motion Physio long-tail ${unique()}`;
        const project = await apiCreateProject(owner, {
          name,
          description: 'Physiotherapy clinic for back pain and sports injuries',
          country: 'United Kingdom',
          city: 'Leeds',
          language: 'English',
        });
        await signIn(page, owner);
        const dialog = await openEdit(page, name);

        // The brand's placeholder is the name (empty means the name); the currency follows the country.
        const brand = dialog.getByLabel(messages.brandLabel);
        expect(await brand.inputValue()).toBe('');
        expect(await brand.getAttribute('placeholder')).toBe(name);
        const currency = dialog.getByLabel(messages.currencyLabel, { exact: true });
        expect(await currency.inputValue()).toBe(messages.currencyAutomatic('GBP'));

        // A site that is no web address is refused beside the field, and nothing is saved.
        await dialog.getByLabel(messages.siteUrlLabel).fill('motion physio');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectVisible(dialog.getByText(messages.invalidSiteUrl));
        expect((await projectNamed(owner, name))[0]!.site_url).toBe('');

        await dialog.getByLabel(messages.siteUrlLabel).fill('motionphysio.example.co.uk');
        await dialog.getByLabel(messages.targetAudienceLabel).fill('Runners and office workers in Leeds');
        await dialog.getByLabel(messages.competitorsLabel).fill('Leeds Physio Hub, Back Pain Centre');
        await brand.fill('Motion Physio');
        await currency.click();
        await currency.fill('EUR');
        await page.getByRole('option', { name: 'EUR - Euro' }).click();
        expect(await currency.inputValue()).toBe('EUR - Euro');
        await expectNoHorizontalScroll(page, 'the Edit Project dialog');
        await screenshot(page, 'project-details-edit', viewport);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, messages.projectUpdated);
        await expectHidden(dialog);

        const [saved] = await projectNamed(owner, name);
        expect(saved).toMatchObject({
          id: project.id,
          site_url: 'motionphysio.example.co.uk',
          target_audience: 'Runners and office workers in Leeds',
          competitors: 'Leeds Physio Hub, Back Pain Centre',
          brand: 'Motion Physio',
          currency: 'EUR',
          currency_auto: false,
        });

        // Opened again, the dialog shows what was saved; back to the country's currency.
        const again = await openEdit(page, name);
        expect(await again.getByLabel(messages.brandLabel).inputValue()).toBe('Motion Physio');
        expect(await again.getByLabel(messages.competitorsLabel).inputValue()).toBe(
          'Leeds Physio Hub, Back Pain Centre',
        );
        const currencyAgain = again.getByLabel(messages.currencyLabel, { exact: true });
        await currencyAgain.click();
        // A chosen currency leaves the country's unnamed until saved: the server reads the country.
        await page.getByRole('option', { name: messages.currencyAutomatic() }).click();
        await again.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, messages.projectUpdated);
        expect((await projectNamed(owner, name))[0]).toMatchObject({ currency: 'GBP', currency_auto: true });

        // Its estimates are made in pounds: the CPC says so by its symbol.
        await apiAddKeyword(owner, project.id, 'sports physiotherapy leeds');
        await page.goto(`/projects/${project.id}/keywords`);
        await page.getByRole('button', { name: 'Show CPC' }).click();
        await expectVisible(page.getByRole('button', { name: 'Refresh CPC' }));
        await expectVisible(page.getByText(/^£\d+\.\d{2} - £\d+\.\d{2}$/).first());
        expect(await page.getByText(/\$\d/).count()).toBe(0);
        await screenshot(page, 'project-details-cpc-in-pounds', viewport);
      });

      test('asks whether a generation named as an existing project adds to it or makes a new one', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const name = `Motion Physio ${unique()}`;
        const existing = await apiCreateProject(owner, {
          name,
          description: 'Physiotherapy clinic for back pain',
          country: 'United Kingdom',
          city: 'Leeds',
          language: 'English',
        });
        await signIn(page, owner);

        const fillAndStart = async (projectName: string) => {
          await page.getByLabel('Project Name', { exact: true }).fill(projectName);
          await page
            .getByLabel('Product/Service Description', { exact: true })
            .fill('Physiotherapy clinic in Leeds for back pain, sports injuries and neck pain');
          await page.getByRole('button', { name: 'Start', exact: true }).click();
        };

        // Another case and spacing is the same name.
        await fillAndStart(`  ${name.toUpperCase()} `);
        const prompt = page.getByRole('dialog', { name: messages.sameNameTitle });
        await expectVisible(prompt);
        await expectVisible(prompt.getByText(messages.sameNameBody(name)));
        await expectVisible(prompt.getByRole('button', { name: messages.addToExistingProject }));
        await expectVisible(prompt.getByRole('button', { name: messages.createNewProject }));
        await screenshot(page, 'project-details-same-name', viewport);

        // Closed without a choice: nothing starts.
        await page.keyboard.press('Escape');
        await expectHidden(prompt);
        await expectVisible(page.getByRole('button', { name: 'Start', exact: true }));

        // Add to the existing project: no second project, the keywords land in it.
        await page.getByRole('button', { name: 'Start', exact: true }).click();
        await prompt.getByRole('button', { name: messages.addToExistingProject }).click();
        await expectHidden(prompt);
        await expectVisible(page.getByRole('link', { name: 'Open project' }), runTimeout);
        expect(await page.getByRole('link', { name: 'Open project' }).getAttribute('href')).toBe(
          `/projects/${existing.id}/keywords`,
        );
        const projects = await apiProjects(owner);
        expect(projects.map((project) => project.id)).toEqual([existing.id]);
        expect(projects[0]!.keywords_count).toBeGreaterThan(0);

        // A new project of the same name, when that is what the person asks for.
        await page.getByRole('button', { name: 'New generation' }).click();
        await fillAndStart(name);
        await prompt.getByRole('button', { name: messages.createNewProject }).click();
        await expectVisible(page.getByRole('link', { name: 'Open project' }), runTimeout);
        const after = await projectNamed(owner, name);
        expect(after).toHaveLength(2);
        expect(await page.getByRole('link', { name: 'Open project' }).getAttribute('href')).toBe(
          `/projects/${after.find((project) => project.id !== existing.id)!.id}/keywords`,
        );
      });
    });
  }
});
