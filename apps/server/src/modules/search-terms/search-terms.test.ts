import {
  buildPath,
  endpoints,
  messages,
  searchTermsAnswerSchema,
  searchTermsImportAnswerSchema,
  type Project,
  type SearchTerm,
  type SearchTermsQuery,
} from '@keywright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createTestContext, dataChecksums, errorBody, request, type TestContext } from '../../../test/harness';
import { multipart } from '../../../test/support/multipart';
import {
  TERMS_HEADER,
  termsFile,
  termsRow,
  type TermsFileOptions,
  type TermsRow,
} from '../../../test/support/search-terms-files';

let ctx: TestContext;
let owner: TestUser;
beforeAll(async () => {
  // Nothing runs in the background, so two checksums of the database differ only by what a call wrote.
  ctx = await createTestContext({ app: { jobs: 'off' } });
  owner = await buildUser(ctx);
});
afterAll(() => ctx.close());

/** Uploads the file as the import form does: one file in field `file`. */
function importFile(projectId: number, bytes: Buffer, as: TestUser | null = owner) {
  return request(ctx, as, {
    method: 'POST',
    url: buildPath(endpoints.importSearchTerms.path, { projectId }),
    ...multipart([{ field: 'file', name: 'Search terms report.csv', bytes, type: 'text/csv' }]),
  });
}

async function imported(projectId: number, rows: TermsRow[], options?: TermsFileOptions) {
  const response = await importFile(projectId, termsFile(rows, options));
  expect(response.statusCode, response.body).toBe(200);
  return searchTermsImportAnswerSchema.parse(response.json());
}

async function view(projectId: number, query: SearchTermsQuery = {}, as: TestUser = owner) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await request(ctx, as, {
    method: 'GET',
    url: `${buildPath(endpoints.projectSearchTerms.path, { projectId })}?${search}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return searchTermsAnswerSchema.parse(response.json());
}

const termsOf = (terms: SearchTerm[]) => terms.map((row) => row.term);

/** Six terms whose figures sort differently by every column. */
const shop: TermsRow[] = [
  termsRow('leather wallet', { Clicks: '40', 'Impr.': '900', Cost: '52.10', Conversions: '3.00' }),
  termsRow('free wallet pattern', { Clicks: '25', 'Impr.': '1,200', Cost: '31.40', Conversions: '0.00' }),
  termsRow('wallet repair jobs', { Clicks: '9', 'Impr.': '150', Cost: '84.00', Conversions: '0.00' }),
  termsRow('mens wallet', { Clicks: '60', 'Impr.': '2,400', Cost: '12.75', Conversions: '1.50' }),
  termsRow('diy leather wallet', { Clicks: '3', 'Impr.': '80', Cost: '4.20', Conversions: '0.00' }),
  termsRow('cheap wallets', { Clicks: '15', 'Impr.': '640', Cost: '--', Conversions: '0.00', 'Ad group': 'Budget' }),
];

describe('importing a search terms report', () => {
  it('reads the "CSV for Excel" download (UTF-16, tabs) and shows its terms with their figures', async () => {
    const project = await buildProject(ctx, { owner });
    const answer = await imported(project.id, shop);
    expect(answer).toEqual({
      read: 6,
      stored: 6,
      skipped: 0,
      skips: [],
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      currency: 'USD',
    });

    const page = await view(project.id);
    expect(page.total).toBe(6);
    expect(page.report).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      currency: 'USD',
      rows: 6,
      importedAt: expect.any(String),
    });
    expect(page.terms.find((row) => row.term === 'wallet repair jobs')).toEqual({
      id: expect.any(Number),
      term: 'wallet repair jobs',
      match_type: 'exact',
      campaign: 'Shop - Search',
      ad_group: 'Wallets',
      clicks: 9,
      impressions: 150,
      cost: 84,
      conversions: 0,
      currency: 'USD',
      is_keyword: false,
    });
    // "--" is no figure, not a zero.
    expect(page.terms.find((row) => row.term === 'cheap wallets')).toMatchObject({ cost: null, ad_group: 'Budget' });
  });

  it('reads the "CSV" download (UTF-8, commas) of a EUR account, its money kept in euros', async () => {
    const project = await buildProject(ctx, { owner });
    const rows = [
      termsRow('portemonnaie leder', {
        'Currency code': 'EUR',
        Cost: '1,234.56',
        Clicks: '1,020',
        Conversions: '2.50',
      }),
      termsRow('geldbörse herren', {
        'Currency code': 'EUR',
        Cost: '7.05',
        'Match type': 'Phrase match (close variant)',
      }),
    ];
    for (const encoding of ['utf-8', 'utf-8-bom'] as const) {
      const answer = await imported(project.id, rows, { encoding });
      expect(answer).toMatchObject({ read: 2, stored: 2, skipped: 0, currency: 'EUR' });
    }
    const page = await view(project.id);
    expect(page.report?.currency).toBe('EUR');
    expect(page.terms).toEqual([
      expect.objectContaining({
        term: 'portemonnaie leder',
        cost: 1234.56,
        clicks: 1020,
        conversions: 2.5,
        currency: 'EUR',
      }),
      expect.objectContaining({ term: 'geldbörse herren', cost: 7.05, match_type: 'phrase', currency: 'EUR' }),
    ]);
  });

  it('passes over the title lines and the total rows, and names the rows it skips', async () => {
    const project = await buildProject(ctx, { owner });
    const rows = [
      termsRow('leather wallet'),
      termsRow('card holder', { Clicks: '12 clicks' }),
      termsRow('leather wallet'),
      termsRow('slim wallet'),
    ];
    const answer = await imported(project.id, rows, {
      titles: ['Search terms report', '"September 1, 2026 - September 30, 2026"'],
      totals: ['Total: Search terms', 'Total: Account', 'Total: Campaign'],
    });
    expect(answer).toEqual({
      read: 4,
      stored: 2,
      skipped: 2,
      // Two title lines and the header come first: the rows are lines 4 to 7.
      skips: [
        { line: 5, term: 'card holder', reason: messages.searchTermsSkipBadNumber('Clicks') },
        { line: 6, term: 'leather wallet', reason: messages.searchTermsSkipDuplicate },
      ],
      startDate: '2026-09-01',
      endDate: '2026-09-30',
      currency: 'USD',
    });
    const page = await view(project.id, { sort: 'term' });
    expect(termsOf(page.terms)).toEqual(['leather wallet', 'slim wallet']);
  });

  it('keeps a report without the optional columns, its figures unknown rather than zero', async () => {
    const project = await buildProject(ctx, { owner });
    const header = ['Search term', 'Campaign', 'Impr.'];
    const answer = await imported(project.id, [{ 'Search term': 'wallet', Campaign: 'Shop', 'Impr.': '30' }], {
      header,
    });
    expect(answer).toMatchObject({ read: 1, stored: 1, currency: null });
    const [term] = (await view(project.id)).terms;
    expect(term).toMatchObject({
      term: 'wallet',
      campaign: 'Shop',
      ad_group: null,
      match_type: null,
      clicks: null,
      impressions: 30,
      cost: null,
      conversions: null,
      currency: null,
    });
  });

  it('replaces the project’s previous report with the new one', async () => {
    const project = await buildProject(ctx, { owner });
    await imported(project.id, shop);
    const second = [
      termsRow('wallet chain', { 'Currency code': 'GBP' }),
      termsRow('key wallet', { 'Currency code': 'GBP' }),
    ];
    await imported(project.id, second, { titles: ['Search terms report', 'November 1, 2026 - November 30, 2026'] });

    const page = await view(project.id, { sort: 'term' });
    expect(termsOf(page.terms)).toEqual(['key wallet', 'wallet chain']);
    expect(page.total).toBe(2);
    expect(page.report).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-30', currency: 'GBP', rows: 2 });
    const { rows } = await ctx.database.pool.query<{ imports: number; terms: number }>(
      `select count(distinct i.id)::int as imports, count(t.id)::int as terms
       from search_terms_imports i left join search_terms t on t.import_id = i.id where i.project_id = $1`,
      [project.id],
    );
    expect(rows[0]).toEqual({ imports: 1, terms: 2 });
  });

  it('leaves other projects’ reports alone', async () => {
    const [first, second] = [await buildProject(ctx, { owner }), await buildProject(ctx, { owner })];
    await imported(first.id, [termsRow('first project term')]);
    await imported(second.id, [termsRow('second project term')]);
    expect(termsOf((await view(first.id)).terms)).toEqual(['first project term']);
    expect(termsOf((await view(second.id)).terms)).toEqual(['second project term']);
  });

  it('answers no terms and no report before the first import', async () => {
    const project = await buildProject(ctx, { owner });
    expect(await view(project.id)).toEqual({ terms: [], total: 0, report: null });
  });

  it('writes all of a large report or none of it: a failure in its last batch keeps the previous report', async () => {
    const project = await buildProject(ctx, { owner });
    await imported(project.id, [termsRow('kept term')]);
    await ctx.database.pool.query(`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.term = 'poison' then raise exception 'poisoned row'; end if;
        return new;
      end $$;
      create trigger refuse_poison before insert on search_terms for each row execute function refuse_poison();`);
    try {
      const before = await dataChecksums(ctx);
      const rows = [...Array.from({ length: 6_000 }, (_, index) => termsRow(`term ${index}`)), termsRow('poison')];
      const response = await importFile(project.id, termsFile(rows));
      expect(response.statusCode).toBe(500);
      expect(await dataChecksums(ctx)).toEqual(before);
    } finally {
      await ctx.database.pool.query('drop trigger refuse_poison on search_terms; drop function refuse_poison()');
    }
    expect(termsOf((await view(project.id)).terms)).toEqual(['kept term']);
  });
});

describe('a file or request the import refuses', () => {
  let project: Project;
  beforeAll(async () => {
    project = await buildProject(ctx, { owner });
    await imported(project.id, shop);
  });

  async function expectNothingWritten(
    sent: () => Promise<{ statusCode: number; body: string; json(): unknown }>,
    status: number,
    body: ReturnType<typeof errorBody>,
  ): Promise<void> {
    const before = await dataChecksums(ctx);
    const response = await sent();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual(body);
    expect(await dataChecksums(ctx)).toEqual(before);
  }

  it('refuses a report without its Search term column, names it, and keeps the previous report', async () => {
    const header = TERMS_HEADER.filter((name) => name !== 'Search term');
    await expectNothingWritten(
      () => importFile(project.id, termsFile([termsRow('wallet')], { header })),
      400,
      errorBody('validation_error', messages.searchTermsMissingColumns({ term: true, figures: false })),
    );
    expect((await view(project.id)).total).toBe(shop.length);
  });

  it('refuses a report with neither Clicks nor Impr., in UTF-8 too', async () => {
    const header = TERMS_HEADER.filter((name) => name !== 'Clicks' && name !== 'Impr.');
    await expectNothingWritten(
      () => importFile(project.id, termsFile([termsRow('wallet')], { header, encoding: 'utf-8' })),
      400,
      errorBody('validation_error', messages.searchTermsMissingColumns({ term: false, figures: true })),
    );
  });

  it('refuses a file that is not text, and one without terms', async () => {
    await expectNothingWritten(
      () => importFile(project.id, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0xff, 0xfe, 0, 0, 1, 2, 3])),
      400,
      errorBody('validation_error', messages.searchTermsNotText),
    );
    await expectNothingWritten(
      () => importFile(project.id, termsFile([])),
      400,
      errorBody('validation_error', messages.searchTermsNoRows),
    );
  });

  it('refuses a body that is no multipart form (415) and a form without the file', async () => {
    await expectNothingWritten(
      () =>
        request(ctx, owner, {
          method: 'POST',
          url: buildPath(endpoints.importSearchTerms.path, { projectId: project.id }),
          payload: { file: 'Search term,Clicks' },
        }),
      415,
      errorBody('unsupported_media_type', messages.searchTermsFileRequired),
    );
    await expectNothingWritten(
      () =>
        request(ctx, owner, {
          method: 'POST',
          url: buildPath(endpoints.importSearchTerms.path, { projectId: project.id }),
          ...multipart([{ field: 'other', name: 'report.csv', bytes: termsFile([termsRow('wallet')]) }]),
        }),
      400,
      errorBody('validation_error', messages.searchTermsFileRequired),
    );
  });

  it('hides a stranger’s project as a missing one, and wants a session', async () => {
    const stranger = await buildUser(ctx);
    await expectNothingWritten(
      () => importFile(project.id, termsFile([termsRow('wallet')]), stranger),
      404,
      errorBody('not_found', messages.notFound),
    );
    await expectNothingWritten(
      () => importFile(project.id, termsFile([termsRow('wallet')]), null),
      401,
      errorBody('unauthorized', messages.signInRequired),
    );
  });
});

describe('the terms view', () => {
  let project: Project;
  beforeAll(async () => {
    project = await buildProject(ctx, { owner });
    await imported(project.id, shop);
  });

  it('lists the costliest terms first unless told otherwise', async () => {
    const page = await view(project.id);
    expect(termsOf(page.terms)).toEqual([
      'wallet repair jobs',
      'leather wallet',
      'free wallet pattern',
      'mens wallet',
      'diy leather wallet',
      'cheap wallets',
    ]);
  });

  it.each([
    [
      '-cost',
      [
        'wallet repair jobs',
        'leather wallet',
        'free wallet pattern',
        'mens wallet',
        'diy leather wallet',
        'cheap wallets',
      ],
    ],
    // A term without a cost comes last either way.
    [
      'cost',
      [
        'diy leather wallet',
        'mens wallet',
        'free wallet pattern',
        'leather wallet',
        'wallet repair jobs',
        'cheap wallets',
      ],
    ],
    [
      '-clicks',
      [
        'mens wallet',
        'leather wallet',
        'free wallet pattern',
        'cheap wallets',
        'wallet repair jobs',
        'diy leather wallet',
      ],
    ],
    [
      'clicks',
      [
        'diy leather wallet',
        'wallet repair jobs',
        'cheap wallets',
        'free wallet pattern',
        'leather wallet',
        'mens wallet',
      ],
    ],
    [
      '-impressions',
      [
        'mens wallet',
        'free wallet pattern',
        'leather wallet',
        'cheap wallets',
        'wallet repair jobs',
        'diy leather wallet',
      ],
    ],
    [
      'impressions',
      [
        'diy leather wallet',
        'wallet repair jobs',
        'cheap wallets',
        'leather wallet',
        'free wallet pattern',
        'mens wallet',
      ],
    ],
    // Ties (no conversions) keep the order the report gave them.
    [
      '-conversions',
      [
        'leather wallet',
        'mens wallet',
        'free wallet pattern',
        'wallet repair jobs',
        'diy leather wallet',
        'cheap wallets',
      ],
    ],
    [
      'conversions',
      [
        'free wallet pattern',
        'wallet repair jobs',
        'diy leather wallet',
        'cheap wallets',
        'mens wallet',
        'leather wallet',
      ],
    ],
    [
      'term',
      [
        'cheap wallets',
        'diy leather wallet',
        'free wallet pattern',
        'leather wallet',
        'mens wallet',
        'wallet repair jobs',
      ],
    ],
    [
      '-term',
      [
        'wallet repair jobs',
        'mens wallet',
        'leather wallet',
        'free wallet pattern',
        'diy leather wallet',
        'cheap wallets',
      ],
    ],
  ] as const)('sorts by %s', async (sort, expected) => {
    expect(termsOf((await view(project.id, { sort })).terms)).toEqual(expected);
  });

  it('pages in the database: pages follow on without a repeat, the total counts them all', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => view(project.id, { sort: 'term', page, pageSize: 2 })));
    expect(pages.map((page) => termsOf(page.terms))).toEqual([
      ['cheap wallets', 'diy leather wallet'],
      ['free wallet pattern', 'leather wallet'],
      ['mens wallet', 'wallet repair jobs'],
      [],
    ]);
    expect(pages.map((page) => page.total)).toEqual([6, 6, 6, 6]);
  });

  it('keeps terms containing a text, whatever its case and spaces', async () => {
    const page = await view(project.id, { q: '  Leather   WALLET ', sort: 'term' });
    expect(termsOf(page.terms)).toEqual(['diy leather wallet', 'leather wallet']);
    expect(page.total).toBe(2);
    // Wildcards are taken literally.
    expect(await view(project.id, { q: '%' })).toMatchObject({ terms: [], total: 0 });
  });

  it('keeps the terms without a conversion', async () => {
    const page = await view(project.id, { noConversions: 'true' });
    expect(termsOf(page.terms)).toEqual([
      'wallet repair jobs',
      'free wallet pattern',
      'diy leather wallet',
      'cheap wallets',
    ]);
    expect(page.total).toBe(4);
    expect((await view(project.id, { noConversions: 'false' })).total).toBe(6);
  });

  it('keeps the terms that cost at least an amount (a term without a cost is left out)', async () => {
    const page = await view(project.id, { minCost: 31.4 });
    expect(termsOf(page.terms)).toEqual(['wallet repair jobs', 'leather wallet', 'free wallet pattern']);
    expect(page.total).toBe(3);
    expect((await view(project.id, { minCost: 0 })).total).toBe(5);
  });

  it('combines the filters, and pages what they keep', async () => {
    const query = { noConversions: 'true', minCost: 10, q: 'wallet', pageSize: 1 } as const;
    const [first, second] = [await view(project.id, query), await view(project.id, { ...query, page: 2 })];
    expect([...termsOf(first.terms), ...termsOf(second.terms)]).toEqual(['wallet repair jobs', 'free wallet pattern']);
    expect([first.total, second.total]).toEqual([2, 2]);
  });

  it('marks the terms that are already keywords of the project, and of no other', async () => {
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'Mens  Wallet' });
    const other = await buildProject(ctx, { owner });
    await buildKeyword(ctx, { as: owner, projectId: other.id, keyword: 'leather wallet' });
    const page = await view(project.id, { sort: 'term' });
    expect(page.terms.filter((row) => row.is_keyword).map((row) => row.term)).toEqual(['mens wallet']);
  });

  it('shows a team member the owner’s terms and a stranger nothing, as for a missing project', async () => {
    const member = await buildUser(ctx);
    await request(ctx, owner, { method: 'POST', url: endpoints.addTeamMember.path, payload: { email: member.email } });
    expect((await view(project.id, {}, member)).total).toBe(6);

    const stranger = await buildUser(ctx);
    const url = buildPath(endpoints.projectSearchTerms.path, { projectId: project.id });
    const hidden = await request(ctx, stranger, { method: 'GET', url });
    const missing = await request(ctx, stranger, {
      method: 'GET',
      url: buildPath(endpoints.projectSearchTerms.path, { projectId: 999_999_999 }),
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect((await request(ctx, null, { method: 'GET', url })).statusCode).toBe(401);
  });

  it.each([
    ['sort=price', 'sort'],
    ['minCost=-1', 'minCost'],
    ['minCost=lots', 'minCost'],
    ['noConversions=yes', 'noConversions'],
    ['pageSize=0', 'pageSize'],
  ])('refuses %s', async (search, field) => {
    const response = await request(ctx, owner, {
      method: 'GET',
      url: `${buildPath(endpoints.projectSearchTerms.path, { projectId: project.id })}?${search}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'validation_error', issues: [{ path: `querystring.${field}` }] },
    });
  });
});
