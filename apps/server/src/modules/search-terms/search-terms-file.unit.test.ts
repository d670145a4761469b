import { constants, messages, tidyKeyword } from '@keywright/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refusal, refused } from '../../../test/support/refusal';
import {
  encodedTerms,
  TERMS_HEADER,
  termsFile,
  termsRow,
  termsText,
  type TermsRow,
} from '../../../test/support/search-terms-files';
import {
  createSearchTermsReader,
  readSearchTermsReport,
  type SearchTermRow,
  type SearchTermsReport,
} from './search-terms-file';

const wallets: TermsRow[] = [
  termsRow('leather wallet'),
  termsRow('cheap wallets', {
    'Match type': 'Phrase match (close variant)',
    'Added/Excluded': 'Excluded',
    'Ad group': 'Cheap wallets',
    Keyword: '"cheap wallet"',
    Clicks: '1,234',
    'Impr.': '45,678',
    CTR: '2.70%',
    'Avg. CPC': '0.31',
    Cost: '1,250.40',
    'Conv. rate': '0.00%',
    Conversions: '0.00',
    'Conv. value': '0.00',
    'Cost / conv.': ' --',
  }),
];

const leatherWallet: SearchTermRow = {
  term: 'leather wallet',
  normalized: 'leather wallet',
  matchType: 'exact',
  status: 'none',
  campaign: 'Shop - Search',
  adGroup: 'Wallets',
  keyword: '[leather wallet]',
  clicks: 12,
  impressions: 340,
  ctr: 0.0353,
  cost: 10.08,
  avgCpc: 0.84,
  conversions: 1,
  convValue: 45,
  costPerConv: 10.08,
};

const encodings = ['utf-16le', 'utf-8', 'utf-8-bom'] as const;

/** The one row a file of `row` gives. */
const onlyRow = (row: TermsRow, options = {}) => readSearchTermsReport(termsFile([row], options)).rows[0];

describe('a search terms report', () => {
  it('reads the UTF-16 tab-separated "CSV for Excel" download: rows, dates and currency, totals passed over', () => {
    const file = termsFile(wallets);
    expect(file.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]));
    expect(readSearchTermsReport(file)).toEqual<SearchTermsReport>({
      rows: [
        leatherWallet,
        {
          term: 'cheap wallets',
          normalized: 'cheap wallets',
          matchType: 'phrase',
          status: 'excluded',
          campaign: 'Shop - Search',
          adGroup: 'Cheap wallets',
          keyword: '"cheap wallet"',
          clicks: 1234,
          impressions: 45_678,
          ctr: 0.027,
          cost: 1250.4,
          avgCpc: 0.31,
          conversions: 0,
          convValue: 0,
          costPerConv: null,
        },
      ],
      read: 2,
      stored: 2,
      skipped: [],
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      currency: 'USD',
    });
  });

  it.each(['utf-8', 'utf-8-bom'] as const)('reads the %s comma-separated "CSV" download the same', (encoding) => {
    expect(readSearchTermsReport(termsFile(wallets, { encoding }))).toEqual(readSearchTermsReport(termsFile(wallets)));
  });

  it('reads UTF-16 without its byte order mark, and CR LF or LF line breaks', () => {
    const marked = termsFile(wallets, { lineBreak: '\n' });
    expect(readSearchTermsReport(marked.subarray(2))).toEqual(readSearchTermsReport(termsFile(wallets)));
    const utf8 = termsFile(wallets, { encoding: 'utf-8', lineBreak: '\r\n' });
    expect(readSearchTermsReport(utf8)).toEqual(readSearchTermsReport(termsFile(wallets)));
  });

  it.each([
    ['October 1, 2026 - October 31, 2026', '2026-10-01', '2026-10-31'],
    ['1 October 2026 - 31 October 2026', '2026-10-01', '2026-10-31'],
    ['Oct 1, 2026 - Nov 30, 2026', '2026-10-01', '2026-11-30'],
    ['1 Sept 2026 – 30 Sept 2026', '2026-09-01', '2026-09-30'],
    ['2026-10-01 - 2026-10-31', '2026-10-01', '2026-10-31'],
    ['Search terms report (December 1, 2025 - February 28, 2026)', '2025-12-01', '2026-02-28'],
    ['All time', null, null],
    ['October 31, 2026 - October 1, 2026', null, null],
    ['February 1, 2026 - February 30, 2026', null, null],
    ['Octember 1, 2026 - October 31, 2026', null, null],
  ])('reads the date range %j', (title, startDate, endDate) => {
    for (const encoding of encodings) {
      const file = readSearchTermsReport(termsFile(wallets, { encoding, titles: ['Search terms report', title] }));
      expect(file, encoding).toMatchObject({ startDate, endDate });
    }
  });

  it('reads a date range cut at its commas (a title line written without quotes), or no title lines at all', () => {
    const text = termsText(wallets, { encoding: 'utf-8', titles: [] });
    const unquoted = `Search terms report\nOctober 1, 2026 - October 31, 2026\n${text}`;
    expect(readSearchTermsReport(Buffer.from(unquoted))).toMatchObject({
      read: 2,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(readSearchTermsReport(Buffer.from(text))).toMatchObject({ read: 2, startDate: null, endDate: null });
  });

  it('finds columns by name in any order, case and spacing, and passes over the ones it does not use', () => {
    const header = ['Cost/Conv.', 'IMPR.', 'Conv. rate', ' avg.  cpc ', 'Search Term', 'Campaign', 'Clicks', 'cost'];
    const row = { ...termsRow('leather wallet'), 'Cost/Conv.': '10.08', 'IMPR.': '340', ' avg.  cpc ': '0.84' };
    Object.assign(row, { 'Search Term': 'leather wallet', cost: '10.08' });
    for (const encoding of encodings) {
      expect(onlyRow(row, { header, encoding }), encoding).toEqual<SearchTermRow>({
        ...leatherWallet,
        matchType: null,
        status: null,
        adGroup: null,
        keyword: null,
        ctr: null,
        conversions: null,
        convValue: null,
      });
    }
  });

  it('reads a file without the optional columns: Search term and Clicks, or Search term and Impr.', () => {
    const withoutOptional = TERMS_HEADER.filter((name) => !['Keyword', 'Conv. value', 'Cost / conv.'].includes(name));
    expect(onlyRow(termsRow('leather wallet'), { header: withoutOptional })).toEqual({
      ...leatherWallet,
      keyword: null,
      convValue: null,
      costPerConv: null,
    });
    const bare = (header: string[]) => readSearchTermsReport(termsFile([termsRow('leather wallet')], { header }));
    expect(bare(['Search term', 'Clicks']).rows[0]).toMatchObject({ clicks: 12, impressions: null, cost: null });
    expect(bare(['Impr.', 'Search term'])).toMatchObject({
      currency: null,
      rows: [{ clicks: null, impressions: 340 }],
    });
  });

  it.each([
    ['Clicks', '1,234', 'clicks', 1234],
    ['Clicks', '1 234', 'clicks', 1234],
    ['Impr.', '1,234,567', 'impressions', 1_234_567],
    ['Clicks', '0', 'clicks', 0],
    ['Clicks', '--', 'clicks', null],
    ['Clicks', ' --', 'clicks', null],
    ['Clicks', '', 'clicks', null],
    ['CTR', '3.45%', 'ctr', 0.0345],
    ['CTR', '150.00%', 'ctr', 1.5],
    ['CTR', '0.00%', 'ctr', 0],
    ['CTR', ' --', 'ctr', null],
    ['Cost', '12.34', 'cost', 12.34],
    ['Cost', '1,234.56', 'cost', 1234.56],
    ['Cost', '0', 'cost', 0],
    ['Avg. CPC', '--', 'avgCpc', null],
    ['Conversions', '2.50', 'conversions', 2.5],
    ['Conversions', '1,002', 'conversions', 1002],
    ['Conv. value', '1,234.5', 'convValue', 1234.5],
    ['Cost / conv.', ' --', 'costPerConv', null],
  ] as const)('reads %s %j as %j', (column, cell, field, expected) => {
    for (const encoding of encodings) {
      expect(onlyRow(termsRow('leather wallet', { [column]: cell }), { encoding })?.[field], encoding).toBe(expected);
    }
  });

  it.each([
    ['Exact match', 'exact'],
    ['Exact match (close variant)', 'exact'],
    ['Phrase match', 'phrase'],
    ['Phrase match (close variant)', 'phrase'],
    ['Broad match', 'broad'],
    ['broad', 'broad'],
    ['--', null],
    ['', null],
    ['Performance Max', null],
  ])('reads the match type %j as %j', (cell, matchType) => {
    expect(onlyRow(termsRow('leather wallet', { 'Match type': cell }))?.matchType).toBe(matchType);
  });

  it.each([
    ['Added', 'added'],
    ['Excluded', 'excluded'],
    ['None', 'none'],
    ['Added (excluded)', 'added_excluded'],
    ['Added/Excluded', 'added_excluded'],
    ['', null],
    ['Pending', null],
  ])('reads Added/Excluded %j as %j', (cell, status) => {
    expect(onlyRow(termsRow('leather wallet', { 'Added/Excluded': cell }))?.status).toBe(status);
  });

  it('keeps a EUR file in euros, and no currency when the codes differ or the file has none', () => {
    const euros = wallets.map((row) => ({ ...row, 'Currency code': 'EUR' }));
    for (const encoding of encodings) {
      const file = readSearchTermsReport(termsFile(euros, { encoding }));
      expect(file.currency, encoding).toBe('EUR');
      expect(file.rows.map((row) => row.cost)).toEqual([10.08, 1250.4]);
    }
    const currencyOf = (codes: string[]) =>
      readSearchTermsReport(
        termsFile(codes.map((code, index) => termsRow(`wallet ${index}`, { 'Currency code': code }))),
      ).currency;
    expect(currencyOf(['eur', ' --', 'EUR'])).toBe('EUR');
    expect(currencyOf(['EUR', 'USD', 'EUR'])).toBeNull();
    expect(currencyOf(['Euro', 'EUR'])).toBeNull();
    expect(currencyOf(['--', ''])).toBeNull();
    const header = TERMS_HEADER.filter((name) => name !== 'Currency code');
    expect(readSearchTermsReport(termsFile(wallets, { header })).currency).toBeNull();
  });

  it('tidies terms like keywords, and reads quoted terms with commas, quotes and line breaks', () => {
    const rows = [termsRow('  Leather   Wallet '), termsRow('wallet, "slim"'), termsRow('card\r\nholder')];
    for (const encoding of encodings) {
      const file = readSearchTermsReport(termsFile(rows, { encoding }));
      expect(
        file.rows.map((row) => [row.term, row.normalized]),
        encoding,
      ).toEqual([
        ['Leather Wallet', 'leather wallet'],
        ['wallet, "slim"', 'wallet, "slim"'],
        ['card holder', 'card holder'],
      ]);
    }
  });

  it('keeps a term once per campaign, ad group and match type, and skips an exact repeat', () => {
    const rows = [
      termsRow('leather wallet'), // line 4: two title lines and the header above
      termsRow('leather wallet', { 'Ad group': 'Gifts' }),
      termsRow('leather wallet', { Campaign: 'Shop - Brand' }),
      termsRow('leather wallet', { 'Match type': 'Phrase match' }),
      termsRow('Leather  WALLET', { 'Match type': 'Exact match (close variant)', Keyword: '[wallet]', Clicks: '3' }),
    ];
    const file = readSearchTermsReport(termsFile(rows));
    expect(file.rows.map((row) => [row.campaign, row.adGroup, row.matchType])).toEqual([
      ['Shop - Search', 'Wallets', 'exact'],
      ['Shop - Search', 'Gifts', 'exact'],
      ['Shop - Brand', 'Wallets', 'exact'],
      ['Shop - Search', 'Wallets', 'phrase'],
    ]);
    expect(file).toMatchObject({ read: 5, stored: 4 });
    expect(file.skipped).toEqual([{ line: 8, term: 'Leather WALLET', reason: messages.searchTermsSkipDuplicate }]);
  });

  it('skips each unusable row with its line in the file and why, and keeps the rest', () => {
    const long = 'w'.repeat(constants.limits.keyword + 1);
    const rows: TermsRow[] = [
      termsRow('leather wallet'), // line 4
      termsRow(''),
      termsRow(' --'),
      termsRow(long),
      termsRow('wallet\u0007bell'),
      termsRow('slim wallet', { Campaign: 'Shop\u0001' }),
      termsRow('slim wallet', { 'Ad group': 'g'.repeat(256) }),
      termsRow('slim wallet', { Clicks: '1.234' }),
      termsRow('slim wallet', { Cost: '12,34' }),
      termsRow('slim wallet', { Cost: '$12.34' }),
      termsRow('slim wallet', { 'Avg. CPC': '-0.50' }),
      termsRow('slim wallet', { CTR: '3.45' }),
      termsRow('slim wallet', { Conversions: 'lots' }),
      termsRow('slim wallet'), // kept: the unreadable ones above did not count as its first
    ];
    const file = readSearchTermsReport(termsFile(rows));
    expect(file.rows.map((row) => row.term)).toEqual(['leather wallet', 'slim wallet']);
    expect(file).toMatchObject({ read: 14, stored: 2, currency: 'USD' });
    expect(file.skipped).toEqual([
      { line: 5, term: '', reason: messages.searchTermsSkipBlank },
      { line: 6, term: '', reason: messages.searchTermsSkipBlank },
      { line: 7, term: `${'w'.repeat(200)}…`, reason: messages.searchTermsSkipTooLong(200) },
      { line: 8, term: 'wallet\u0007bell', reason: messages.searchTermsSkipInvalid },
      { line: 9, term: 'slim wallet', reason: messages.searchTermsSkipBadText('Campaign') },
      { line: 10, term: 'slim wallet', reason: messages.searchTermsSkipBadText('Ad group') },
      { line: 11, term: 'slim wallet', reason: messages.searchTermsSkipBadNumber('Clicks') },
      { line: 12, term: 'slim wallet', reason: messages.searchTermsSkipBadNumber('Cost') },
      { line: 13, term: 'slim wallet', reason: messages.searchTermsSkipBadNumber('Cost') },
      { line: 14, term: 'slim wallet', reason: messages.searchTermsSkipBadNumber('Avg. CPC') },
      { line: 15, term: 'slim wallet', reason: messages.searchTermsSkipBadNumber('CTR') },
      { line: 16, term: 'slim wallet', reason: messages.searchTermsSkipBadNumber('Conversions') },
    ]);
  });

  it('lists the first skips only, and counts them all', () => {
    const rows = Array.from({ length: 25 }, () => termsRow(''));
    const file = readSearchTermsReport(termsFile([termsRow('leather wallet'), ...rows]));
    expect(file.read - file.stored).toBe(25);
    expect(file.skipped).toHaveLength(constants.keywordPlannerImport.reportedSkips);
    expect(file.skipped.at(-1)!.line).toBe(24);
  });

  it('passes over total rows, old and new, and empty rows, but keeps terms that start with "total"', () => {
    const totals = ['Total: Search terms', 'Total: Other search terms', 'Total - Search', 'Total', 'TOTAL: Account'];
    const rows = [termsRow('total gym'), termsRow('total', { Campaign: 'Fitness' }), {}, termsRow('totally wallet')];
    for (const encoding of encodings) {
      const file = readSearchTermsReport(termsFile(rows, { encoding, totals }));
      expect(
        file.rows.map((row) => row.term),
        encoding,
      ).toEqual(['total gym', 'total', 'totally wallet']);
      expect(file.read).toBe(3);
    }
    // Totals first, where the first column is not the search term.
    const header = ['Campaign', ...TERMS_HEADER.filter((name) => name !== 'Campaign')];
    expect(readSearchTermsReport(termsFile(wallets, { header, totals })).read).toBe(2);
  });

  it('reads the same whatever pieces the upload arrives in, cut inside a character or not', () => {
    // Two-, three- and four-byte UTF-8 characters; a UTF-16 surrogate pair.
    const rows = [wallets[1]!, termsRow('café crème €5 wallet 👛'), termsRow('wallet, "slim"\r\nholder')];
    for (const encoding of encodings) {
      const bytes = termsFile(rows, { encoding });
      const whole = readSearchTermsReport(bytes);
      expect(whole.rows.map((row) => row.term)).toEqual([
        'cheap wallets',
        'café crème €5 wallet 👛',
        'wallet, "slim" holder',
      ]);
      for (let cut = 0; cut <= bytes.length; cut += 1) {
        const reader = createSearchTermsReader();
        reader.push(bytes.subarray(0, cut));
        reader.push(bytes.subarray(cut));
        expect(reader.end(), `${encoding} cut at ${cut}`).toEqual(whole);
      }
    }
  });

  it('reads a file past its first 64 KB the same in pieces of any size', () => {
    const filler = Array.from({ length: 800 }, (_, index) => termsRow(`wallet ${index} 👛`));
    for (const encoding of encodings) {
      const bytes = termsFile([...filler, ...wallets], { encoding });
      expect(bytes.length).toBeGreaterThan(80_000);
      const whole = readSearchTermsReport(bytes);
      expect(whole.stored).toBe(802);
      for (const size of [1, 3, 7, 4096]) {
        const reader = createSearchTermsReader();
        for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
        expect(reader.end(), `${encoding} in pieces of ${size}`).toEqual(whole);
      }
    }
  });

  it('gives back any term written to a file, in either encoding', () => {
    const term = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((text) => {
      const tidy = tidyKeyword(text);
      // What a term cannot be: blank, control characters, too long, Google's "--" or a total row's label.
      // eslint-disable-next-line no-control-regex -- control characters are what is left out
      const isControl = /[\u0000-\u001f\u007f-\u009f]/.test(tidy);
      const isTotal = /^total\b/i.test(tidy);
      return tidy !== '' && tidy !== '--' && !isTotal && !isControl && tidy.length <= constants.limits.keyword;
    });
    fc.assert(
      fc.property(term, fc.constantFrom(...encodings), (text, encoding) => {
        const [row] = readSearchTermsReport(termsFile([termsRow(text)], { encoding })).rows;
        expect(row?.term).toBe(tidyKeyword(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('a file that is no search terms report', () => {
  const without = (...names: string[]) => TERMS_HEADER.filter((name) => !names.includes(name));

  it('names the required columns it lacks, and keeps nothing', () => {
    const cases: Array<[string[], { term: boolean; figures: boolean }]> = [
      [without('Search term'), { term: true, figures: false }],
      [without('Clicks', 'Impr.'), { term: false, figures: true }],
      [['Campaign', 'Cost', 'Conversions'], { term: true, figures: true }],
      [['Search term'], { term: false, figures: true }],
    ];
    for (const [header, missing] of cases) {
      for (const encoding of encodings) {
        expect(
          refusal(() => readSearchTermsReport(termsFile(wallets, { header, encoding }))),
          encoding,
        ).toEqual(refused(messages.searchTermsMissingColumns(missing)));
      }
    }
    expect(messages.searchTermsMissingColumns({ term: true, figures: true })).toBe(
      'The file is not a Google Ads search terms report: it has no Search term column, and no Clicks or Impr. column.',
    );
  });

  it('names both required columns when no row is a header: title lines only, or another CSV', () => {
    const noHeader = refused(messages.searchTermsMissingColumns({ term: true, figures: true }));
    expect(refusal(() => readSearchTermsReport(Buffer.from('Search terms report\nOctober 2026\n')))).toEqual(noHeader);
    const lines = Array.from({ length: 12 }, (_, index) => `wallet ${index},${index}`).join('\n');
    expect(refusal(() => readSearchTermsReport(Buffer.from(lines)))).toEqual(noHeader);
    const planner = 'Keyword,Currency,Avg. monthly searches\nleather wallet,USD,1900\n';
    expect(refusal(() => readSearchTermsReport(Buffer.from(planner)))).toEqual(noHeader);
  });

  it('refuses bytes that are not text', () => {
    const utf16 = termsFile(wallets);
    const cases = {
      'a NUL in UTF-8': Buffer.concat([termsFile(wallets, { encoding: 'utf-8' }), Buffer.from([0])]),
      'a PNG image': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]),
      'bytes that are no UTF-8': Buffer.from([0x53, 0x65, 0x61, 0xff, 0xfe, 0xfd, 0x0a]),
      'half a UTF-16 surrogate pair': Buffer.concat([utf16, Buffer.from([0x00, 0xd8, 0x41, 0x00])]),
      'an odd number of UTF-16 bytes': Buffer.concat([utf16, Buffer.from([0x41])]),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      expect(
        refusal(() => readSearchTermsReport(bytes)),
        name,
      ).toEqual(refused(messages.searchTermsNotText));
    }
  });

  it('refuses an empty file, and one with a header and totals but no rows', () => {
    const empty = [Buffer.alloc(0), Buffer.from([0xff, 0xfe]), Buffer.from('\ufeff'), Buffer.from('\n\n')];
    for (const bytes of [...empty, termsFile([]), termsFile([], { encoding: 'utf-8', totals: [] })]) {
      expect(refusal(() => readSearchTermsReport(bytes))).toEqual(refused(messages.searchTermsNoRows));
    }
  });

  it('refuses more rows than the limit as soon as it reads one more', () => {
    const rows = Array.from({ length: 6 }, (_, index) => termsRow(`wallet ${index}`));
    expect(readSearchTermsReport(termsFile(rows.slice(0, 5)), { maxRows: 5 }).read).toBe(5);
    expect(refusal(() => readSearchTermsReport(termsFile(rows), { maxRows: 5 }))).toEqual(
      refused(messages.searchTermsTooManyRows),
    );

    const many = termsFile(
      Array.from({ length: 5_000 }, (_, index) => termsRow(`wallet ${index}`)),
      { encoding: 'utf-8' },
    );
    const reader = createSearchTermsReader({ maxRows: 1_000 });
    let pushed = 0;
    const push = () => {
      for (; pushed < many.length; pushed += 16_384) reader.push(many.subarray(pushed, pushed + 16_384));
    };
    expect(refusal(push)).toEqual(refused(messages.searchTermsTooManyRows));
    expect(pushed).toBeLessThan(many.length / 3);
  });

  it('refuses a file over the size limit (413) before reading it, or as soon as its pieces pass it', () => {
    const bytes = termsFile(wallets);
    const tooLarge = { code: 'payload_too_large', message: messages.searchTermsTooLarge };
    expect(readSearchTermsReport(bytes, { maxBytes: bytes.length }).stored).toBe(2);
    expect(refusal(() => readSearchTermsReport(bytes, { maxBytes: bytes.length - 1 }))).toEqual(tooLarge);
    const reader = createSearchTermsReader({ maxBytes: 100 });
    reader.push(bytes.subarray(0, 100));
    expect(refusal(() => reader.push(bytes.subarray(100, 101)))).toEqual(tooLarge);
    expect(constants.keywordPlannerImport.maxBytes).toBe(40 * 1024 * 1024);
  });

  it('refuses a quote never closed, naming its line', () => {
    const row = termsRow('leather wallet', { Keyword: 'leather wallet' });
    const text = termsText([row, row], { encoding: 'utf-8', totals: [] }).replace('leather', '"leather');
    expect(refusal(() => readSearchTermsReport(encodedTerms(text, 'utf-8')))).toEqual(
      refused(messages.searchTermsBadLine(4)),
    );
  });
});
