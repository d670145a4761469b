import { readFileSync } from 'node:fs';
import { constants, messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import {
  PLANNER_HEADER,
  PLANNER_MONTHS,
  plannerFile,
  plannerRow,
  type PlannerRow,
} from '../../../test/support/keyword-planner-files';
import { refusal, refused } from '../../../test/support/refusal';
import { createKeywordPlannerReader, parseKeywordPlannerFile, type KeywordPlannerFile } from './keyword-planner-file';
import { sharedFixtures } from '../../../test/support/shared-fixtures';

/** Two rows as Keyword Planner writes them. */
const wallets: PlannerRow[] = [
  plannerRow('leather wallet', { searches: 1900, competition: 'High', index: 87, low: '0.45', high: '1.23' }),
  { ...plannerRow('mens leather wallet', { searches: 10, competition: 'Low', index: 12 }), 'YoY change': '' },
];

const trend = (from: number) => PLANNER_MONTHS.map((_, position) => from + position * 10);

describe('a Keyword Planner file', () => {
  it('reads the UTF-16 tab-separated download: its rows, figures, months and currency', () => {
    const file = parseKeywordPlannerFile(plannerFile(wallets));
    expect(file).toEqual<KeywordPlannerFile>({
      rows: [
        {
          keyword: 'leather wallet',
          normalized: 'leather wallet',
          avgMonthlySearches: 1900,
          competition: 'High',
          competitionIndex: 87,
          lowBidMicros: 450_000,
          highBidMicros: 1_230_000,
          searches: trend(1900),
        },
        {
          keyword: 'mens leather wallet',
          normalized: 'mens leather wallet',
          avgMonthlySearches: 10,
          competition: 'Low',
          competitionIndex: 12,
          lowBidMicros: 450_000,
          highBidMicros: 1_230_000,
          searches: trend(10),
        },
      ],
      read: 2,
      skipped: 0,
      skips: [],
      currency: 'USD',
      months: [
        { year: 2025, month: 11 },
        { year: 2025, month: 12 },
        ...Array.from({ length: 10 }, (_, index) => ({ year: 2026, month: index + 1 })),
      ],
    });
  });

  it.each(['utf-8', 'utf-8-bom'] as const)('reads the %s comma-separated export the same', (encoding) => {
    expect(parseKeywordPlannerFile(plannerFile(wallets, { encoding }))).toEqual(
      parseKeywordPlannerFile(plannerFile(wallets)),
    );
  });

  it('reads UTF-16 without its byte order mark, and LF line breaks', () => {
    const marked = plannerFile(wallets, { lineBreak: '\n' });
    expect(marked.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]));
    expect(parseKeywordPlannerFile(marked.subarray(2)).rows).toEqual(parseKeywordPlannerFile(marked).rows);
  });

  it('reads the same whatever pieces the upload arrives in', () => {
    // Past the first 64 KB, where rows are split as the text arrives.
    const filler = Array.from({ length: 700 }, (_, index) => plannerRow(`wallet ${index}`));
    const rows = [...filler, ...wallets, plannerRow('wallet, "slim"'), plannerRow('card\r\nholder'), plannerRow('"')];
    for (const encoding of ['utf-16le', 'utf-8'] as const) {
      const bytes = plannerFile(rows, { encoding });
      expect(bytes.length).toBeGreaterThan(70_000);
      const whole = parseKeywordPlannerFile(bytes);
      for (const size of [1, 3, 7, 64]) {
        const reader = createKeywordPlannerReader();
        for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
        expect(reader.end(), `${encoding} in pieces of ${size}`).toEqual(whole);
      }
    }
  });

  it('finds the header below any title lines, with commas in them, or none', () => {
    const dates = ['Keyword Stats 2026-11-23 at 10_15_42', 'November 1, 2025 - October 31, 2026'];
    for (const titles of [dates, [], ['Keyword Stats']]) {
      for (const encoding of ['utf-16le', 'utf-8'] as const) {
        expect(parseKeywordPlannerFile(plannerFile(wallets, { titles, encoding })).read).toBe(2);
      }
    }
  });

  it('finds columns by name in any order and case, and passes over the ones it does not use', () => {
    const header = [
      'In plan?',
      ' avg.  MONTHLY searches ',
      'Searches: Oct 2026',
      'Ad impression share',
      'KEYWORD',
      'Top of page bid (high range)',
      'Searches: Nov 2025',
      'Organic average position',
      'Competition',
    ];
    const row = {
      ...plannerRow('leather wallet'),
      KEYWORD: 'leather wallet',
      ' avg.  MONTHLY searches ': '1900',
      'In plan?': 'Yes',
      'Ad impression share': '12%',
    };
    const file = parseKeywordPlannerFile(plannerFile([row], { header }));
    expect(file.months).toEqual([
      { year: 2025, month: 11 },
      { year: 2026, month: 10 },
    ]);
    expect(file.rows).toEqual([
      {
        keyword: 'leather wallet',
        normalized: 'leather wallet',
        avgMonthlySearches: 1900,
        competition: 'Medium',
        competitionIndex: null,
        lowBidMicros: null,
        highBidMicros: 1_230_000,
        searches: [1900, 2010],
      },
    ]);
    expect(file.currency).toBeNull();
  });

  it.each([
    ['1900', 1900],
    ['1,900', 1900],
    ['1,234,567', 1_234_567],
    ['0', 0],
    ['1K – 10K', 1000],
    ['10K – 100K', 10_000],
    ['100 – 1K', 100],
    ['0 – 10', 0],
    ['1M – 10M', 1_000_000],
    ['1K-10K', 1000],
    ['1k - 10k', 1000],
    ['', null],
  ])('reads searches %j as %j (a range as its lower bound)', (cell, expected) => {
    for (const encoding of ['utf-16le', 'utf-8'] as const) {
      const row = { ...plannerRow('leather wallet'), 'Avg. monthly searches': cell };
      const [read] = parseKeywordPlannerFile(plannerFile([row], { encoding })).rows;
      expect(read?.avgMonthlySearches).toBe(expected);
    }
  });

  it('reads bids as micro-units, competition by name and its index', () => {
    const cases: Array<[PlannerRow, Partial<KeywordPlannerFile['rows'][number]>]> = [
      [{ 'Top of page bid (low range)': '1.23' }, { lowBidMicros: 1_230_000 }],
      [{ 'Top of page bid (low range)': '0.1' }, { lowBidMicros: 100_000 }],
      [{ 'Top of page bid (high range)': '1,250.00' }, { highBidMicros: 1_250_000_000 }],
      [{ 'Top of page bid (high range)': '12' }, { highBidMicros: 12_000_000 }],
      [{ 'Top of page bid (low range)': '' }, { lowBidMicros: null }],
      [{ Competition: 'high' }, { competition: 'High' }],
      [{ Competition: 'Unknown' }, { competition: null }],
      [{ Competition: '' }, { competition: null }],
      [{ 'Competition (indexed value)': '0' }, { competitionIndex: 0 }],
      [{ 'Competition (indexed value)': '100' }, { competitionIndex: 100 }],
      [{ 'Competition (indexed value)': '' }, { competitionIndex: null }],
    ];
    for (const [cells, expected] of cases) {
      const [row] = parseKeywordPlannerFile(plannerFile([{ ...plannerRow('leather wallet'), ...cells }])).rows;
      expect(row, JSON.stringify(cells)).toMatchObject(expected);
    }
  });

  it('keeps empty cells empty: a month without searches, a row without figures', () => {
    const gaps = { ...plannerRow('leather wallet'), 'Searches: Dec 2025': '', 'Searches: Oct 2026': '' };
    const bare: PlannerRow = { Keyword: 'wallet chain' };
    const file = parseKeywordPlannerFile(plannerFile([gaps, bare]));
    expect(file.rows[0]!.searches).toEqual([1900, null, ...trend(1900).slice(2, 11), null]);
    expect(file.rows[1]).toEqual({
      keyword: 'wallet chain',
      normalized: 'wallet chain',
      avgMonthlySearches: null,
      competition: null,
      competitionIndex: null,
      lowBidMicros: null,
      highBidMicros: null,
      searches: null,
    });
    expect(file.read).toBe(2);
  });

  it('tidies keywords, quotes and all, and reads a quoted cell over two lines', () => {
    const rows = [plannerRow('  Leather   Wallet '), plannerRow('wallet, "slim"'), plannerRow('card\nholder')];
    for (const encoding of ['utf-16le', 'utf-8'] as const) {
      const file = parseKeywordPlannerFile(plannerFile(rows, { encoding }));
      expect(file.rows.map((row) => [row.keyword, row.normalized])).toEqual([
        ['Leather Wallet', 'leather wallet'],
        ['wallet, "slim"', 'wallet, "slim"'],
        ['card holder', 'card holder'],
      ]);
    }
  });

  it('skips each unusable row with its line in the file and why', () => {
    const long = 'w'.repeat(constants.limits.keyword + 1);
    const rows: PlannerRow[] = [
      plannerRow('leather wallet'), // line 4: two title lines and the header above
      { ...plannerRow(''), Currency: 'EUR' },
      plannerRow('   '),
      plannerRow(long),
      plannerRow('wallet\u0007bell'),
      plannerRow('Leather  WALLET'),
      { ...plannerRow('slim wallet'), 'Avg. monthly searches': 'lots' },
      { ...plannerRow('card holder'), 'Competition (indexed value)': '101' },
      { ...plannerRow('card case'), 'Top of page bid (low range)': '1,23' },
      { ...plannerRow('key wallet'), 'Top of page bid (high range)': '$1.20' },
      { ...plannerRow('coin purse'), 'Searches: Mar 2026': '12.5' },
      { ...plannerRow('money clip'), 'Avg. monthly searches': '10K – 1K' },
      plannerRow('slim wallet'), // kept: the unreadable one above did not count as its first
    ];
    const file = parseKeywordPlannerFile(plannerFile(rows));
    expect(file.rows.map((row) => row.keyword)).toEqual(['leather wallet', 'slim wallet']);
    expect(file).toMatchObject({ read: 13, skipped: 11, currency: 'USD' });
    expect(file.skips).toEqual([
      { line: 5, keyword: '', reason: messages.keywordPlannerSkipBlank },
      { line: 6, keyword: '', reason: messages.keywordPlannerSkipBlank },
      { line: 7, keyword: `${'w'.repeat(200)}…`, reason: messages.keywordPlannerSkipTooLong(200) },
      { line: 8, keyword: 'wallet\u0007bell', reason: messages.keywordPlannerSkipInvalid },
      { line: 9, keyword: 'Leather WALLET', reason: messages.keywordPlannerSkipDuplicate },
      { line: 10, keyword: 'slim wallet', reason: messages.keywordPlannerSkipBadNumber('Avg. monthly searches') },
      {
        line: 11,
        keyword: 'card holder',
        reason: messages.keywordPlannerSkipBadNumber('Competition (indexed value)'),
      },
      { line: 12, keyword: 'card case', reason: messages.keywordPlannerSkipBadNumber('Top of page bid (low range)') },
      { line: 13, keyword: 'key wallet', reason: messages.keywordPlannerSkipBadNumber('Top of page bid (high range)') },
      { line: 14, keyword: 'coin purse', reason: messages.keywordPlannerSkipBadNumber('Searches: Mar 2026') },
      { line: 15, keyword: 'money clip', reason: messages.keywordPlannerSkipBadNumber('Avg. monthly searches') },
    ]);
  });

  it('counts the lines of a cell over several lines, and passes over empty lines and empty rows', () => {
    const rows = [plannerRow('card\r\nholder'), plannerRow(''), {}, plannerRow('')];
    const file = parseKeywordPlannerFile(plannerFile(rows, { encoding: 'utf-8', lineBreak: '\r\n' }));
    // Line 4-5: the two-line keyword; line 6 a row without a keyword; line 7 only commas.
    expect(file.skips.map((skip) => skip.line)).toEqual([6, 8]);
    expect(file.read).toBe(3);

    const spaced = Buffer.from('Keyword Stats\n\nKeyword,Avg. monthly searches\n\nwallet,10\n\n\n,5\n');
    expect(parseKeywordPlannerFile(spaced)).toMatchObject({ read: 2, skips: [{ line: 8 }] });
  });

  it('lists the first skips only, and counts them all', () => {
    const rows = Array.from({ length: 25 }, () => plannerRow(''));
    const file = parseKeywordPlannerFile(plannerFile([plannerRow('leather wallet'), ...rows]));
    expect(file.skipped).toBe(25);
    expect(file.skips).toHaveLength(constants.keywordPlannerImport.reportedSkips);
    expect(file.skips.at(-1)!.line).toBe(24);
  });

  it('takes the first currency code the file gives', () => {
    const rows = [{ ...plannerRow('a'), Currency: '' }, { ...plannerRow('b'), Currency: 'gbp' }, plannerRow('c')];
    expect(parseKeywordPlannerFile(plannerFile(rows)).currency).toBe('GBP');
  });
});

describe('a file that is no Keyword Planner file', () => {
  it('names the required columns it lacks', () => {
    const withoutSearches = PLANNER_HEADER.filter((name) => name !== 'Avg. monthly searches');
    const withoutKeyword = PLANNER_HEADER.filter((name) => name !== 'Keyword');
    expect(refusal(() => parseKeywordPlannerFile(plannerFile(wallets, { header: withoutSearches })))).toEqual(
      refused(messages.keywordPlannerMissingColumns(['Avg. monthly searches'])),
    );
    expect(refusal(() => parseKeywordPlannerFile(plannerFile(wallets, { header: withoutKeyword })))).toEqual(
      refused(messages.keywordPlannerMissingColumns(['Keyword'])),
    );
  });

  it('names both when no row is a header: another CSV of keywords', () => {
    // Google Ads' keyword criteria as an export tool writes them: keyword_text, not Keyword.
    const criteria = readFileSync(sharedFixtures('datasets/fivetran-google-ads-keyword-criteria.csv'));
    expect(refusal(() => parseKeywordPlannerFile(criteria))).toEqual(
      refused(messages.keywordPlannerMissingColumns(['Keyword', 'Avg. monthly searches'])),
    );
    expect(refusal(() => parseKeywordPlannerFile(Buffer.from('Keyword Stats\nAll locations\n')))).toEqual(
      refused(messages.keywordPlannerMissingColumns(['Keyword', 'Avg. monthly searches'])),
    );
  });

  it('refuses bytes that are not text', () => {
    const utf16 = plannerFile(wallets);
    const cases = {
      'a NUL in UTF-8': Buffer.concat([plannerFile(wallets, { encoding: 'utf-8' }), Buffer.from([0])]),
      'a PNG image': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]),
      'bytes that are no UTF-8': Buffer.from([0x4b, 0x65, 0x79, 0xff, 0xfe, 0xfd, 0x0a]),
      'half a UTF-16 surrogate pair': Buffer.concat([utf16, Buffer.from([0x00, 0xd8, 0x41, 0x00])]),
      'an odd number of UTF-16 bytes': Buffer.concat([utf16, Buffer.from([0x41])]),
      'a UTF-16 NUL': Buffer.concat([utf16, Buffer.from([0, 0])]),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      expect(
        refusal(() => parseKeywordPlannerFile(bytes)),
        name,
      ).toEqual(refused(messages.keywordPlannerNotText));
    }
  });

  it('refuses a file without rows', () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from([0xff, 0xfe]), plannerFile([]), Buffer.from('\n\n')]) {
      expect(refusal(() => parseKeywordPlannerFile(bytes))).toEqual(refused(messages.keywordPlannerNoRows));
    }
  });

  it('refuses more rows than the limit as soon as it reads one more', () => {
    const rows = Array.from({ length: 6 }, (_, index) => plannerRow(`wallet ${index}`));
    expect(parseKeywordPlannerFile(plannerFile(rows.slice(0, 5)), { maxRows: 5 }).read).toBe(5);
    expect(refusal(() => parseKeywordPlannerFile(plannerFile(rows), { maxRows: 5 }))).toEqual(
      refused(messages.keywordPlannerTooManyRows),
    );

    const many = plannerFile(
      Array.from({ length: 5_000 }, (_, index) => plannerRow(`wallet ${index}`)),
      { encoding: 'utf-8' },
    );
    const reader = createKeywordPlannerReader({ maxRows: 1_000 });
    let pushed = 0;
    const push = () => {
      for (; pushed < many.length; pushed += 16_384) reader.push(many.subarray(pushed, pushed + 16_384));
    };
    expect(refusal(push)).toEqual(refused(messages.keywordPlannerTooManyRows));
    expect(pushed).toBeLessThan(many.length / 3);
  });

  it('refuses a quote never closed, or a line too long to be a row, naming its line', () => {
    const unclosed = Buffer.from('Keyword Stats\nKeyword,Avg. monthly searches\nwallet,10\n"card holder,20\nbelt,5\n');
    expect(refusal(() => parseKeywordPlannerFile(unclosed))).toEqual(refused(messages.keywordPlannerBadLine(4)));
    const endless = Buffer.from(`Keyword,Avg. monthly searches\nwallet,${'9'.repeat(20_000)}\n`);
    expect(refusal(() => parseKeywordPlannerFile(endless))).toEqual(refused(messages.keywordPlannerBadLine(2)));
  });
});
