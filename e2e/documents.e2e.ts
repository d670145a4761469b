import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@keywright/contract';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  closeToast,
  expectHidden,
  expectNoHorizontalScroll,
  expectToast,
  expectVisible,
  noBrowser,
  screenshot,
  signUp,
  usePage,
  viewports,
} from './support/browser';

// The shared fixtures, in the `shared` directory beside the repository.
const fixtures = fileURLToPath(new URL('../../shared/fixtures/documents', import.meta.url));
const fixture = (name: string) => path.join(fixtures, name);

const readable = ['serpbear-readme.md', 'labkey-itn-rnaseq-case-study.docx', 'apache-tika-project-page.pdf'];
const encrypted = 'encrypted-password-is-pass.docx';
const scanned = 'scanned-image-only-no-text-layer.pdf';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const uploadArea = (page: Page) => page.getByRole('region', { name: 'Import from documents' });
const report = (page: Page) => uploadArea(page).getByRole('region');

/** Picks files with the Browse files button, as a person does (the browser's file dialog). */
async function browse(page: Page, files: Parameters<import('playwright-core').FileChooser['setFiles']>[0]) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Browse files', exact: true }).click(),
  ]);
  expect(chooser.isMultiple(), 'the dialog takes several files').toBe(true);
  await chooser.setFiles(files);
}

/**
 * Holds the next analyze-document call until `release` is called, so the page's progress can be
 * looked at (the server reads small documents faster than a person can see).
 */
async function holdAnalyze(page: Page): Promise<{ release: () => void; requests: () => number }> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route('**/api/analyze-document', async (route: Route) => {
    count += 1;
    await released;
    await route.continue();
  });
  return { release: () => release(), requests: () => count };
}

/** The per-file lines of the report, as shown. */
async function reportLines(locator: Locator): Promise<string[]> {
  return (await locator.getByRole('listitem').allTextContents()).map((text) => text.trim());
}

describe.skipIf(noBrowser)('document upload on the generator', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('a mix of documents fills the form; the unreadable ones say why by name; a chosen country stays', async () => {
        const { page } = session;
        await signUp(page);
        const area = uploadArea(page);
        await expectVisible(area.getByText('Drop documents here'));
        await expectVisible(area.getByText('.docx, .txt, .pdf, .ppt, .pptx or .md; up to 10 files, 20 MB each'));

        // The person chose the country, typed a name, and cleared the city.
        await field(page, 'Country').fill('Canada');
        await field(page, 'City').fill('');
        await field(page, 'Project Name').fill('My draft name');

        const held = await holdAnalyze(page);
        await browse(
          page,
          [...readable, encrypted, scanned].map((name) => fixture(name)),
        );

        // While the server reads them: a progress state naming the files; the area is disabled.
        const progress = area.getByRole('status');
        await expectVisible(progress);
        await expect.poll(() => progress.textContent()).toMatch(/(Uploading|Reading) 5 documents…/);
        for (const name of [...readable, encrypted, scanned]) await expectVisible(progress.getByText(name));
        expect(await page.getByRole('button', { name: 'Browse files' }).isDisabled()).toBe(true);
        await screenshot(page, 'documents-reading', viewport);
        held.release();

        // Each file's outcome: three read, two not, each saying why by name.
        await expectHidden(progress, 60_000);
        const results = report(page);
        await expectVisible(results.getByRole('heading', { name: '3 of 5 files read' }));
        const lines = await reportLines(results);
        for (const name of readable) expect(lines, name).toContain(`${name} read`);
        expect(lines).toContain(messages.documentPasswordProtected(encrypted));
        expect(lines).toContain(messages.documentHasNoText(scanned));
        expect(held.requests(), 'one call for all the files').toBe(1);

        // The form is filled from them: name and description replaced, the chosen country kept.
        await expectVisible(
          results.getByText(/^Filled from the documents: Project Name, .*Product\/Service Description/),
        );
        expect(await field(page, 'Project Name').inputValue()).not.toBe('My draft name');
        expect((await field(page, 'Project Name').inputValue()).trim()).not.toBe('');
        expect((await field(page, 'Product/Service Description').inputValue()).trim()).not.toBe('');
        expect(await field(page, 'Country').inputValue()).toBe('Canada');
        // Ready to start: both required fields hold text.
        expect(await page.getByRole('button', { name: 'Start', exact: true }).isEnabled()).toBe(true);
        await expectNoHorizontalScroll(page, 'with the file results');
        await screenshot(page, 'documents-mixed', viewport);

        // The results can be put away.
        await results.getByRole('button', { name: 'Clear the file results' }).click();
        await expectHidden(results);
      });

      test('more than 10 files, unsupported and unreadable files', async () => {
        const { page } = session;
        await signUp(page);
        let calls = 0;
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/analyze-document') calls += 1;
        });

        // Eleven files: too many; nothing is sent.
        const eleven = [
          'apache-httpd-server-readme.txt',
          'apache-tika-project-page.pdf',
          'bmw-hybrid-sports-car-news-leipzig.txt',
          'capstone-music-sound-interpreter-project.pptx',
          'employment-letter-template-mailmerge-da.docx',
          'labkey-itn-rnaseq-case-study.docx',
          'markdown-feature-sampler.md',
          'multilingual-quick-brown-fox-utf8.txt',
          'serpbear-readme.md',
          'supabase-readme-de.md',
          'smart-quotes-windows-1252.txt',
        ];
        await browse(page, eleven.map(fixture));
        await expectToast(page, messages.tooManyFiles, messages.tooManyFilesTitle);
        await screenshot(page, 'documents-too-many', viewport);
        expect(calls, 'no upload of too many files').toBe(0);
        expect(await field(page, 'Project Name').inputValue()).toBe('');

        // Dropped, as from the desktop: the same rule.
        await closeToast(page, messages.tooManyFiles);
        await page.evaluate(() => {
          const transfer = new DataTransfer();
          for (let index = 0; index < 11; index += 1) {
            transfer.items.add(new File([`# Note ${index}`], `note-${index}.md`, { type: 'text/markdown' }));
          }
          const zone = document.querySelector('.mantine-Dropzone-root');
          if (!zone) throw new Error('no drop zone');
          for (const type of ['dragenter', 'dragover', 'drop']) {
            zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
          }
        });
        await expectToast(page, messages.tooManyFiles, messages.tooManyFilesTitle);
        await closeToast(page, messages.tooManyFiles);
        expect(calls).toBe(0);

        // Nothing readable: an image (refused by the page) and an encrypted PDF (by the server).
        await browse(page, [
          { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
          {
            name: 'encrypted-password-4-spaces.pdf',
            mimeType: 'application/pdf',
            buffer: readFileSync(fixture('encrypted-password-4-spaces.pdf')),
          },
        ]);
        await expectToast(page, messages.failedToAnalyzeDocument);
        const results = report(page);
        await expectVisible(results.getByRole('heading', { name: '0 of 2 files read' }));
        expect(await reportLines(results)).toEqual([
          messages.documentPasswordProtected('encrypted-password-4-spaces.pdf'),
          messages.unsupportedDocumentType('logo.png'),
        ]);
        expect(calls, 'only the PDF went to the server').toBe(1);
        expect(await field(page, 'Project Name').inputValue()).toBe('');
        // The toast closed, the report is in full view.
        await closeToast(page, messages.failedToAnalyzeDocument);
        await screenshot(page, 'documents-none-read', viewport);
      });
    });
  }
});
