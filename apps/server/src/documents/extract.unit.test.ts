import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentExtension, extractDocumentText, normalizeText } from './extract';
import { markdownToText } from './markdown';
import { decodeText } from './plain-text';
import { sharedFixtures } from '../../test/support/shared-fixtures';

const FIXTURES = sharedFixtures('documents');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

/** Every fixture: the problem it must give, or words its text must hold (and how long it is at least). */
const expected: Record<string, { problem: string } | { contains: string[]; minLength: number }> = {
  'apache-httpd-server-readme.txt': {
    contains: ['Apache HTTP Server', 'replacement for the NCSA HTTP'],
    minLength: 4000,
  },
  'apache-tika-project-page.pdf': { contains: ['Apache Tika is a toolkit for detecting'], minLength: 900 },
  'betriebsbedingte-kuendigung-de.ppt': {
    contains: ['betriebsbedingten Kündigung', 'gerechtfertigt'],
    minLength: 40_000,
  },
  'bmw-hybrid-sports-car-news-leipzig.txt': { contains: ['LEIPZIG, Germany—German car maker BMW AG'], minLength: 1700 },
  'capstone-music-sound-interpreter-project.pptx': {
    contains: ['Music Sound Interpreter', 'Who is the client?'],
    minLength: 3500,
  },
  'cnia-nursing-informatics-agm-canada.pptx': { contains: ['CNIA Executive 2011', 'Montreal'], minLength: 4000 },
  'cnig-golf-industry-association-statutes-pt.docx': {
    contains: ['CONSELHO NACIONAL DA INDUSTRIA DO GOLFE', 'Denominação'],
    minLength: 9000,
  },
  'corrupt-xref-helloworld.pdf': { contains: ['Hello, world!'], minLength: 13 },
  'corrupted-decathlon-store-review-it.ppt': { contains: ['CROSS MARKETING SU TUTTO IL NEGOZIO'], minLength: 300 },
  'counter-usage-statistics-org-overview.ppt': {
    contains: ['Why was COUNTER formed?', 'Today’s agenda'],
    minLength: 10_000,
  },
  'employment-letter-template-mailmerge-da.docx': { contains: ['«Fornavn»', 'Allerød', 'Fiktiv A/S'], minLength: 200 },
  'empty-body.docx': { problem: 'empty' },
  'empty.ppt': { problem: 'empty' },
  'encrypted-hello.ppt': { problem: 'password_protected' },
  'encrypted-password-4-spaces.pdf': { problem: 'password_protected' },
  'encrypted-password-is-pass.docx': { problem: 'password_protected' },
  'encrypted-password-is-tika.pptx': { problem: 'password_protected' },
  'japanese-text-ja.ppt': { contains: ['複数の文字', 'カタカナ', '𠮟'], minLength: 40 },
  'jboss-profiler-product-overview.ppt': {
    contains: ['JBoss Profiler', 'JProbe', 'Optimizeit', 'HPROF'],
    minLength: 8000,
  },
  'kreate-equity-research-note-finland.pdf': { contains: ['Kreate estimates that its revenue'], minLength: 4000 },
  'labkey-itn-rnaseq-case-study.docx': {
    contains: ['LabKey has begun work', 'Immune Tolerance Network'],
    minLength: 600,
  },
  'markdown-feature-sampler.md': {
    contains: ['Title', 'Some bold and italic and struck text', 'Café naïve résumé'],
    minLength: 100,
  },
  'markdown-with-script-and-data-uri.md': { contains: ['Embedded resources'], minLength: 18 },
  'multilingual-quick-brown-fox-utf8.txt': {
    contains: ['Der schnelle braune Fuchs springt über', 'الكلب'],
    minLength: 190,
  },
  'online-advertising-decay-effects-starcom-dynamiclogic.ppt': {
    contains: ['Decay Effects in Online Advertising', 'Starcom'],
    minLength: 6000,
  },
  'pdfjs-wikipedia-article.pdf': { contains: ['PDF.js', 'Mozilla'], minLength: 2000 },
  'scanned-image-only-no-text-layer.pdf': { problem: 'no_text' },
  'serpbear-readme.md': { contains: ['SerpBear is an Open Source Search Engine Position Tracking'], minLength: 2500 },
  'smart-quotes-windows-1252.txt': { contains: ['this is a “windows” encoding'], minLength: 90 },
  'supabase-readme-de.md': { contains: ['Supabase ist eine Open-Source Alternative zu Firebase'], minLength: 3000 },
  'truncated-corrupt.docx': { problem: 'unreadable' },
  'val-d-europe-marketing-study-template-fr-zh.ppt': {
    contains: ['OBSERVATOIRE', 'Catchments area', '请注意店名和报告日期'],
    minLength: 100,
  },
};

describe('extractDocumentText over the real fixtures', () => {
  it('has an expectation for every document fixture', () => {
    expect(Object.keys(expected).sort()).toEqual(readdirSync(FIXTURES).sort());
  });

  for (const [name, want] of Object.entries(expected)) {
    it(`${name}: ${'problem' in want ? want.problem : 'reads its text'}`, async () => {
      const result = await extractDocumentText(fixture(name), name);
      if ('problem' in want) {
        expect(result).toEqual({ problem: want.problem });
        return;
      }
      if (!('text' in result)) throw new Error(`${name} gave ${result.problem}`);
      for (const words of want.contains) expect(result.text).toContain(words);
      expect(result.text.length).toBeGreaterThanOrEqual(want.minLength);
      // eslint-disable-next-line no-control-regex -- control characters must not remain
      expect(result.text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/);
    });
  }

  it('keeps no script, data URI or link target of a hostile Markdown file', async () => {
    const result = await extractDocumentText(fixture('markdown-with-script-and-data-uri.md'), 'x.md');
    expect(result).toEqual({ text: 'Embedded resources' });
  });

  it("drops badges and images of a README but keeps headings, lists, link texts and web links' addresses", async () => {
    const result = await extractDocumentText(fixture('serpbear-readme.md'), 'README.md');
    if (!('text' in result)) throw new Error(result.problem);
    expect(result.text).not.toMatch(/imgur|shields\.io|b-cdn|!\[|\]\(/);
    expect(result.text).toMatch(/^SerpBear$/m);
    expect(result.text).toContain('Unlimited Keywords: Add unlimited domains');
    expect(result.text).toContain('Documentation  Changelog');
    expect(result.text).toMatch(/\nhttps:\/\/docs\.serpbear\.com\/\n/);
  });

  it('leaves the masters out of a legacy deck', async () => {
    const result = await extractDocumentText(fixture('counter-usage-statistics-org-overview.ppt'), 'a.ppt');
    expect('text' in result && result.text).not.toContain('Click to edit Master text styles');
  });

  it('reads a deck by its content when the extension is the other PowerPoint one', async () => {
    const pptx = await extractDocumentText(fixture('capstone-music-sound-interpreter-project.pptx'), 'deck.ppt');
    const ppt = await extractDocumentText(fixture('jboss-profiler-product-overview.ppt'), 'deck.pptx');
    expect('text' in pptx && pptx.text).toContain('Music Sound Interpreter');
    expect('text' in ppt && ppt.text).toContain('JBoss Profiler');
  });
});

describe('content must match the extension', () => {
  it.each([
    ['a PDF named .txt', 'apache-tika-project-page.pdf', 'notes.txt', 'unsupported_type'],
    ['a zip named .txt', 'labkey-itn-rnaseq-case-study.docx', 'notes.txt', 'unsupported_type'],
    ['a compound file named .md', 'empty.ppt', 'readme.md', 'unsupported_type'],
    ['a PDF named .docx', 'apache-tika-project-page.pdf', 'letter.docx', 'unreadable'],
    ['a PDF named .pptx', 'apache-tika-project-page.pdf', 'deck.pptx', 'unreadable'],
    ['a docx named .pdf', 'labkey-itn-rnaseq-case-study.docx', 'paper.pdf', 'unreadable'],
    ['a text file named .ppt', 'apache-httpd-server-readme.txt', 'deck.ppt', 'unreadable'],
    ['a legacy deck named .docx', 'empty.ppt', 'letter.docx', 'unsupported_type'],
    ['an encrypted .pptx named .docx', 'encrypted-password-is-tika.pptx', 'x.docx', 'password_protected'],
    ['an encrypted .docx named .ppt', 'encrypted-password-is-pass.docx', 'x.ppt', 'password_protected'],
  ])('%s', async (_label, file, name, problem) => {
    expect(await extractDocumentText(fixture(file), name)).toEqual({ problem });
  });

  it('refuses an unknown extension, a binary .txt and says empty for no bytes', async () => {
    expect(await extractDocumentText(new TextEncoder().encode('hello'), 'notes.rtf')).toEqual({
      problem: 'unsupported_type',
    });
    expect(await extractDocumentText(new TextEncoder().encode('hello'), 'noextension')).toEqual({
      problem: 'unsupported_type',
    });
    expect(await extractDocumentText(new Uint8Array([104, 0, 105, 0]), 'notes.txt')).toEqual({
      problem: 'unsupported_type',
    });
    for (const name of ['a.txt', 'a.md', 'a.docx', 'a.pptx', 'a.ppt', 'a.pdf']) {
      expect(await extractDocumentText(new Uint8Array(0), name)).toEqual({ problem: 'empty' });
    }
    expect(await extractDocumentText(new TextEncoder().encode(' \n\t\n'), 'blank.txt')).toEqual({ problem: 'empty' });
  });

  it('matches extensions without regard to case', () => {
    expect(documentExtension('Report.PDF')).toBe('.pdf');
    expect(documentExtension('deck.final.PPTX')).toBe('.pptx');
    expect(documentExtension('archive.tar.gz')).toBeNull();
    expect(documentExtension('.md')).toBe('.md');
  });
});

describe('text decoding', () => {
  it('follows byte-order marks and falls back to Windows-1252', () => {
    const utf8 = [0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Grüße')];
    expect(decodeText(new Uint8Array(utf8))).toBe('Grüße');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x47, 0x00, 0xfc, 0x00, 0x3d, 0xd8, 0x00, 0xde]))).toBe('Gü😀');
    expect(decodeText(new Uint8Array([0xfe, 0xff, 0x00, 0x47, 0x00, 0xfc]))).toBe('Gü');
    expect(decodeText(new Uint8Array([0x93, 0x41, 0x94, 0x20, 0x80, 0x35, 0x20, 0xe9, 0x96]))).toBe('“A” €5 é–');
  });

  it('reads UTF-16 text files end to end', async () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from('Keyword research\r\nfür Köln', 'utf16le')]);
    expect(await extractDocumentText(bytes, 'brief.txt')).toEqual({ text: 'Keyword research\nfür Köln' });
  });
});

describe('markdownToText', () => {
  it('drops escaped and unclosed scripts, comments, styles and data URIs', () => {
    const text = markdownToText(
      [
        '# Heading',
        '&lt;script&gt;alert(1)&lt;/script&gt;',
        '<!-- hidden --> visible <style>p{}</style>',
        '[site](javascript:alert(1)) and <a href="https://x.test">anchor</a>',
        'data:text/html;base64,PHNjcmlwdD4= tail',
        '<img src=x onerror=alert(1)>',
        '<script>never()',
      ].join('\n'),
    );
    expect(text).not.toMatch(/script|alert|hidden|data:|javascript|https|onerror|never|<|>/);
    expect(text).toContain('Heading');
    expect(text).toContain('visible');
    expect(text).toContain('site and  anchor');
    expect(
      markdownToText('[docs](https://docs.example.com/a) and [x](/local), [again](https://docs.example.com/a)'),
    ).toBe('docs and x, again\n\nhttps://docs.example.com/a');
    expect(text).toContain('tail');
  });

  it('keeps list, quote and table text without their markup', () => {
    const text = markdownToText('- [x] Hosted Postgres\n1. First step\n> Quoted\n| A | B |\n|---|:-:|\n| c | d |');
    expect(text.split('\n')).toEqual(['Hosted Postgres', 'First step', 'Quoted', 'A  B', '', 'c  d']);
  });
});

describe('normalizeText', () => {
  it('removes control characters and lone surrogates and collapses blank lines', () => {
    expect(normalizeText('a\u0000b\r\n\r\n\r\n\r\nc \u0007\n\ud800d')).toBe('ab\n\nc\nd');
  });

  it('keeps at most a million characters, not cutting a surrogate pair', () => {
    const text = normalizeText('x'.repeat(999_999) + '😀'.repeat(10));
    expect(text.length).toBe(999_999);
  });
});
