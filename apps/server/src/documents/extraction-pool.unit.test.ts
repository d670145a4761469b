import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeDocuments } from './analyze';
import { createExtractionPool } from './extraction-pool';
import { sharedFixtures } from '../../test/support/shared-fixtures';

const FIXTURES = sharedFixtures('documents/');
const fixture = (name: string) => new Uint8Array(readFileSync(FIXTURES + name));

describe('extraction pool (worker threads)', () => {
  const pool = createExtractionPool({ size: 1, timeoutMs: 20_000 });
  afterAll(() => pool.close());

  it('reads files in a worker, leaving the caller its bytes', async () => {
    const bytes = fixture('apache-tika-project-page.pdf');
    const result = await pool.extract(bytes, 'tika.pdf');
    expect('text' in result && result.text).toContain('Apache Tika is a toolkit');
    expect(bytes.length).toBe(34824); // a copy was handed over, not the caller's buffer
  });

  it('reads a file on disk in the worker, and says a missing one is unreadable', async () => {
    const result = await pool.extract({ path: FIXTURES + 'apache-tika-project-page.pdf' }, 'tika.pdf');
    expect('text' in result && result.text).toContain('Apache Tika is a toolkit');
    expect(await pool.extract({ path: FIXTURES + 'no-such-file.pdf' }, 'gone.pdf')).toEqual({ problem: 'unreadable' });
  });

  it('gives up on a file past its time limit, replaces the worker and reads the next file', async () => {
    const slow = pool.extract(fixture('betriebsbedingte-kuendigung-de.ppt'), 'big.ppt', { timeoutMs: 1 });
    const next = pool.extract(fixture('labkey-itn-rnaseq-case-study.docx'), 'labkey.docx');
    expect(await slow).toEqual({ problem: 'unreadable' });
    expect('text' in (await next) && ((await next) as { text: string }).text).toContain('LabKey');
  });

  it('keeps the request thread free while a big file is read', async () => {
    const reading = pool.extract(fixture('betriebsbedingte-kuendigung-de.ppt'), 'big.ppt');
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    await reading;
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(0);
  });

  it('answers unreadable once closed', async () => {
    const closed = createExtractionPool({ size: 1 });
    await closed.close();
    expect(await closed.extract(fixture('apache-httpd-server-readme.txt'), 'a.txt')).toEqual({ problem: 'unreadable' });
  });
});

describe('analyzeDocuments', () => {
  const pool = createExtractionPool({ size: 1 });
  afterAll(() => pool.close());
  const seen: string[][] = [];
  const detailsExtractor = {
    name: 'offline' as const,
    async extract(documents: readonly { name: string; text: string }[]) {
      seen.push(documents.map((document) => document.name));
      return {
        projectName: documents[0]!.text.split('\n')[0]!,
        siteUrl: '',
        targetAudience: '',
        productService: '',
        competitors: '',
        country: '',
        city: '',
        language: '',
      };
    },
  };

  it('reads bytes, text and known problems, and gives details over the readable ones only', async () => {
    const answer = await analyzeDocuments(
      [
        { name: 'tika.pdf', bytes: fixture('apache-tika-project-page.pdf') },
        { name: 'locked.docx', bytes: fixture('encrypted-password-is-pass.docx') },
        { name: 'Brief (Google Doc)', text: 'Green Leaf Cafe\r\nOrganic coffee in Leeds' },
        { name: 'huge.pdf', problem: 'too_large' },
        { name: 'notes.rtf', bytes: new Uint8Array([1, 2, 3]) },
      ],
      { detailsExtractor, pool },
    );
    expect(seen.at(-1)).toEqual(['tika.pdf', 'Brief (Google Doc)']);
    expect(answer.projectDetails.projectName).toBe('Apache Tika - Apache Tika http://incubator.apache.org/tika/');
    expect(answer.files).toEqual([
      { name: 'tika.pdf', read: true, problem: null, message: null },
      {
        name: 'locked.docx',
        read: false,
        problem: 'password_protected',
        message: 'locked.docx is password-protected.',
      },
      { name: 'Brief (Google Doc)', read: true, problem: null, message: null },
      { name: 'huge.pdf', read: false, problem: 'too_large', message: 'huge.pdf is larger than 20 MB.' },
      {
        name: 'notes.rtf',
        read: false,
        problem: 'unsupported_type',
        message: 'notes.rtf is not a supported document. Use .docx, .txt, .pdf, .ppt, .pptx or .md files.',
      },
    ]);
  });

  it('gives empty details, without asking the extractor, when nothing is readable', async () => {
    const calls = seen.length;
    const answer = await analyzeDocuments(
      [
        { name: 'scan.pdf', bytes: fixture('scanned-image-only-no-text-layer.pdf') },
        { name: 'blank.txt', text: '  \n ' },
      ],
      { detailsExtractor, pool },
    );
    expect(seen.length).toBe(calls);
    expect(Object.values(answer.projectDetails).every((value) => value === '')).toBe(true);
    expect(answer.files.map((file) => file.problem)).toEqual(['no_text', 'empty']);
  });
});
