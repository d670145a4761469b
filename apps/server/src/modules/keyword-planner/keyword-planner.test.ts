import {
  buildPath,
  constants,
  endpoints,
  keywordPlannerImportAnswerSchema,
  messages,
  type Keyword,
  type KeywordPage,
  type Project,
} from '@keywright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createTestContext, dataChecksums, errorBody, request, type TestContext } from '../../../test/harness';
import {
  PLANNER_HEADER,
  plannerFile,
  plannerRow,
  realisticPlannerRows,
  type PlannerFileOptions,
  type PlannerRow,
} from '../../../test/support/keyword-planner-files';
import { multipart, type MultipartFile } from '../../../test/support/multipart';
import { metricsScope } from '../../queries/figures';

let ctx: TestContext;
let owner: TestUser;
beforeAll(async () => {
  // Nothing runs in the background, so two checksums of the database differ only by what a call wrote.
  ctx = await createTestContext({ app: { jobs: 'off' } });
  owner = await buildUser(ctx);
});
afterAll(() => ctx.close());

const place = { country: 'United States', city: 'Denver', language: 'English' };

function send(projectId: number, files: MultipartFile[], as: TestUser | null = owner) {
  return request(ctx, as, {
    method: 'POST',
    url: buildPath(endpoints.keywordPlannerImport.path, { projectId }),
    ...multipart(files),
  });
}

/** Uploads the file as the import form does: one file in field `file`. */
function importFile(projectId: number, bytes: Buffer, as: TestUser | null = owner) {
  return send(
    projectId,
    [{ field: 'file', name: 'Keyword Stats 2026-11-23 at 10_15_42.csv', bytes, type: 'text/csv' }],
    as,
  );
}

async function imported(projectId: number, rows: PlannerRow[], options?: PlannerFileOptions) {
  const response = await importFile(projectId, plannerFile(rows, options));
  expect(response.statusCode, response.body).toBe(200);
  return keywordPlannerImportAnswerSchema.parse(response.json());
}

/** The project's keywords with their figures, as its keywords page shows them, by keyword. */
async function figuresPage(projectId: number) {
  const response = await request(ctx, owner, {
    method: 'GET',
    url: `${buildPath(endpoints.projectKeywordPage.path, { projectId })}?metrics=true&pageSize=100&sort=keyword`,
  });
  expect(response.statusCode).toBe(200);
  return new Map((response.json() as KeywordPage).data.map((row) => [row.keyword, row]));
}

async function keywordCount(projectId: number): Promise<number> {
  const response = await request(ctx, owner, {
    method: 'GET',
    url: buildPath(endpoints.getProject.path, { id: projectId }),
  });
  return (response.json() as Project).keywords_count;
}

const wallets: PlannerRow[] = [
  plannerRow('leather wallet', { searches: 1900, competition: 'High', index: 87, low: '0.45', high: '1.23' }),
  { ...plannerRow('mens leather wallet', { searches: 40 }), 'Avg. monthly searches': '1K – 10K' },
  { Keyword: 'wallet chain', Currency: 'USD' },
];

describe('POST /api/projects/:projectId/keyword-planner-import', () => {
  it.each(['utf-16le', 'utf-8'] as const)(
    'adds the %s file’s keywords and shows their figures from Keyword Planner',
    async (encoding) => {
      const project = await buildProject(ctx, { owner, ...place });
      expect(await imported(project.id, wallets, { encoding })).toEqual({
        read: 3,
        added: 3,
        merged: 0,
        skipped: 0,
        withFigures: 2,
        skips: [],
        source: 'keyword-planner',
        currency: 'USD',
      });
      expect(await keywordCount(project.id)).toBe(3);

      const page = await figuresPage(project.id);
      expect([...page.keys()]).toEqual(['leather wallet', 'mens leather wallet', 'wallet chain']);
      expect([...page.values()].map((row) => row.source)).toEqual(['import', 'import', 'import']);
      expect(page.get('leather wallet')!.metrics).toMatchObject({
        avg_monthly_searches: 1900,
        competition: 'High',
        competition_index: 87,
        cpc_low: 450_000,
        cpc_high: 1_230_000,
        cpc_range: '$0.45 - $1.23',
        source: 'keyword-planner',
      });
      expect(page.get('leather wallet')!.metrics!.trend).toEqual([
        { year: 2025, month: 11, searches: 1900 },
        { year: 2025, month: 12, searches: 1910 },
        ...Array.from({ length: 10 }, (_, index) => ({ year: 2026, month: index + 1, searches: 1920 + index * 10 })),
      ]);
      // A range is kept as its lower bound; the month columns stay as given.
      expect(page.get('mens leather wallet')!.metrics).toMatchObject({
        avg_monthly_searches: 1000,
        source: 'keyword-planner',
      });
      expect(page.get('mens leather wallet')!.metrics!.trend![0]).toEqual({ year: 2025, month: 11, searches: 40 });
      // A row without figures adds its keyword only.
      expect(page.get('wallet chain')!.metrics).toBeNull();
    },
  );

  it('merges the keywords the project has: kept as they are, their figures from the file', async () => {
    const project = await buildProject(ctx, { owner, ...place });
    const existing = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'Leather Wallet' });
    const answer = await imported(project.id, wallets);
    expect(answer).toMatchObject({ read: 3, added: 2, merged: 1, skipped: 0, withFigures: 2 });
    expect(await keywordCount(project.id)).toBe(3);
    const page = await figuresPage(project.id);
    expect(page.get('Leather Wallet')).toMatchObject({
      id: existing.id,
      source: 'manual',
      metrics: { avg_monthly_searches: 1900, source: 'keyword-planner' },
    });
  });

  it('imports the same file twice: nothing added the second time, the same figures', async () => {
    const project = await buildProject(ctx, { owner, ...place });
    const rows = realisticPlannerRows(300);
    expect(await imported(project.id, rows)).toMatchObject({ read: 300, added: 300, merged: 0, withFigures: 300 });
    const figures = async () =>
      (
        await ctx.database.pool.query(
          `select k.id, k.keyword, k.source, k.created_at, m.provider, m.avg_monthly_searches, m.competition,
             m.competition_index, m.low_bid_micros, m.high_bid_micros, m.monthly_volumes, m.difficulty
           from keywords k join keyword_metrics m on m.keyword = k.normalized and m.provider = 'keyword-planner'
           where k.project_id = $1 order by k.id`,
          [project.id],
        )
      ).rows;
    const first = await figures();
    expect(first).toHaveLength(300);
    expect(await imported(project.id, rows)).toMatchObject({ read: 300, added: 0, merged: 300, withFigures: 300 });
    expect(await figures()).toEqual(first);
    expect(await keywordCount(project.id)).toBe(300);
  });

  it('replaces the figures of an earlier file with a newer one’s', async () => {
    const project = await buildProject(ctx, { owner, ...place });
    await imported(project.id, [plannerRow('leather wallet', { searches: 1900, low: '0.45', high: '1.23' })]);
    await imported(project.id, [plannerRow('leather wallet', { searches: 2400, low: '0.50', high: '1.50' })]);
    expect((await figuresPage(project.id)).get('leather wallet')!.metrics).toMatchObject({
      avg_monthly_searches: 2400,
      cpc_range: '$0.50 - $1.50',
    });
  });

  it('reports skipped rows with their lines and imports the rest', async () => {
    const project = await buildProject(ctx, { owner, ...place });
    const rows = [
      plannerRow('leather wallet'),
      plannerRow(''),
      plannerRow('LEATHER WALLET'),
      { ...plannerRow('card holder'), 'Top of page bid (low range)': 'n/a' },
      plannerRow('card holder'),
    ];
    expect(await imported(project.id, rows)).toEqual({
      read: 5,
      added: 2,
      merged: 0,
      skipped: 3,
      withFigures: 2,
      skips: [
        { line: 5, keyword: '', reason: messages.keywordPlannerSkipBlank },
        { line: 6, keyword: 'LEATHER WALLET', reason: messages.keywordPlannerSkipDuplicate },
        {
          line: 7,
          keyword: 'card holder',
          reason: messages.keywordPlannerSkipBadNumber('Top of page bid (low range)'),
        },
      ],
      source: 'keyword-planner',
      currency: 'USD',
    });
  });

  it('keeps the figures apart by place: another place’s project does not see them', async () => {
    const here = await buildProject(ctx, { owner, ...place });
    const elsewhere = await buildProject(ctx, { owner, ...place, city: 'Boston' });
    await buildKeyword(ctx, { as: owner, projectId: elsewhere.id, keyword: 'leather wallet' });
    await imported(here.id, wallets);
    expect((await figuresPage(elsewhere.id)).get('leather wallet')!.metrics).toBeNull();
  });

  it('writes nothing when anything fails part way', async () => {
    const project = await buildProject(ctx, { owner, ...place });
    await ctx.database.pool.query(`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.keyword = 'poison' then raise exception 'refused'; end if;
        return new;
      end $$;
      create trigger refuse_poison before insert on keyword_metrics for each row execute function refuse_poison();`);
    try {
      const before = await dataChecksums(ctx);
      // All the keywords are written (two statements) before the figures, and one row's figures fail.
      const rows = [...realisticPlannerRows(6_000), plannerRow('poison')];
      const response = await importFile(project.id, plannerFile(rows));
      expect(response.statusCode).toBe(500);
      expect(await dataChecksums(ctx)).toEqual(before);
    } finally {
      await ctx.database.pool.query('drop trigger refuse_poison on keyword_metrics; drop function refuse_poison()');
    }
  });
});

describe('a file or request the import refuses', () => {
  let project: Project;
  beforeAll(async () => {
    project = await buildProject(ctx, { owner, ...place });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'leather wallet' });
  });

  /** Sends, and checks the answer and that nothing was written. */
  async function expectRefused(
    sent: () => ReturnType<typeof send>,
    status: number,
    body: ReturnType<typeof errorBody>,
  ): Promise<void> {
    const before = await dataChecksums(ctx);
    const response = await sent();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual(body);
    expect(await dataChecksums(ctx)).toEqual(before);
  }

  const refused = (message: string) => errorBody('validation_error', message);
  const file = (bytes: Buffer, field = 'file'): MultipartFile => ({ field, name: 'keywords.csv', bytes });

  it('refuses a file that is no Keyword Planner export', async () => {
    const cases: Array<[string, Buffer, string]> = [
      [
        'without Avg. monthly searches',
        plannerFile(wallets, { header: PLANNER_HEADER.filter((name) => name !== 'Avg. monthly searches') }),
        messages.keywordPlannerMissingColumns(['Avg. monthly searches']),
      ],
      [
        'another CSV',
        Buffer.from('id,keyword_text\n1,hubspot\n2,salesforce\n'),
        messages.keywordPlannerMissingColumns(['Keyword', 'Avg. monthly searches']),
      ],
      [
        'an image',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
        messages.keywordPlannerNotText,
      ],
      ['only a header', plannerFile([]), messages.keywordPlannerNoRows],
      ['empty', Buffer.alloc(0), messages.keywordPlannerNoRows],
      [
        'a quote never closed',
        Buffer.from('Keyword Stats\nKeyword,Avg. monthly searches\nwallet,10\n"card holder,20\n'),
        messages.keywordPlannerBadLine(4),
      ],
    ];
    for (const [name, bytes, message] of cases) {
      await expectRefused(() => importFile(project.id, bytes), 400, refused(message)).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
    }
  });

  it('refuses no file, a file in another field, and two files', async () => {
    const bytes = plannerFile(wallets);
    await expectRefused(() => send(project.id, []), 400, refused(messages.keywordPlannerFileRequired));
    await expectRefused(
      () => send(project.id, [file(bytes, 'documents')]),
      400,
      refused(messages.keywordPlannerFileRequired),
    );
    await expectRefused(
      () => send(project.id, [file(bytes), file(bytes)]),
      400,
      refused(messages.keywordPlannerOneFile),
    );
  });

  it('refuses a body that is not a form', async () => {
    await expectRefused(
      () =>
        request(ctx, owner, {
          method: 'POST',
          url: buildPath(endpoints.keywordPlannerImport.path, { projectId: project.id }),
          headers: { 'content-type': 'text/csv' },
          payload: plannerFile(wallets, { encoding: 'utf-8' }),
        }),
      415,
      errorBody('unsupported_media_type', messages.keywordPlannerFileRequired),
    );
    await expectRefused(
      () =>
        request(ctx, owner, {
          method: 'POST',
          url: buildPath(endpoints.keywordPlannerImport.path, { projectId: project.id }),
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          payload: '{"file":"keywords.csv"}',
        }),
      400,
      refused(messages.invalidRequest),
    );
  });

  it('refuses a file over 40 MB with 413', async () => {
    // Rows long enough that the size limit comes before the row limit.
    const padding = 'x'.repeat(8_000);
    const rows = Array.from({ length: 5_300 }, (_, index) => ({
      ...plannerRow(`wallet ${index}`),
      'In plan?': padding,
    }));
    const bytes = plannerFile(rows, { encoding: 'utf-8', header: [...PLANNER_HEADER, 'In plan?'] });
    expect(bytes.length).toBeGreaterThan(constants.keywordPlannerImport.maxBytes);
    await expectRefused(
      () => importFile(project.id, bytes),
      413,
      errorBody('payload_too_large', messages.keywordPlannerTooLarge),
    );
  });

  it('answers a project the caller cannot see as missing, before reading the file', async () => {
    const stranger = await buildUser(ctx);
    const notFound = errorBody('not_found', messages.notFound);
    await expectRefused(() => importFile(project.id, plannerFile(wallets), stranger), 404, notFound);
    // Not even a broken upload is looked at.
    await expectRefused(() => importFile(project.id, Buffer.from([0, 1, 2]), stranger), 404, notFound);
    await expectRefused(() => importFile(999_999_999, plannerFile(wallets)), 404, notFound);
    await expectRefused(
      () => importFile(project.id, plannerFile(wallets), null),
      401,
      errorBody('unauthorized', messages.signInRequired),
    );
  });

  it('leaves the project’s keywords as they were', async () => {
    const response = await request(ctx, owner, {
      method: 'GET',
      url: buildPath(endpoints.listProjectKeywords.path, { projectId: project.id }),
    });
    expect((response.json() as Keyword[]).map((keyword) => keyword.keyword)).toEqual(['leather wallet']);
  });
});

describe('large files', () => {
  it('refuses a file of more than 100,000 rows, writing nothing', async () => {
    const project = await buildProject(ctx, { owner, ...place });
    const bytes = plannerFile(realisticPlannerRows(constants.keywordPlannerImport.maxRows + 1));
    const before = await dataChecksums(ctx);
    const response = await importFile(project.id, bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody('validation_error', messages.keywordPlannerTooManyRows));
    expect(await dataChecksums(ctx)).toEqual(before);
  });

  // 100,000 rows take seconds more to write: bench/keyword-planner.ts imports them.
  it('imports rows more than one statement writes', async () => {
    const project = await buildProject(ctx, { owner, ...place });
    const answer = await imported(project.id, realisticPlannerRows(12_000));
    expect(answer).toMatchObject({ read: 12_000, added: 12_000, merged: 0, skipped: 0, withFigures: 12_000 });
    expect(await keywordCount(project.id)).toBe(12_000);
    const { geo, language } = metricsScope('estimate', place);
    const { rows } = await ctx.database.pool.query<{ count: number }>(
      `select count(*)::int as count from keywords k
       join keyword_metrics m on m.provider = 'keyword-planner' and m.geo = $2 and m.language = $3
         and m.keyword = k.normalized and m.project_id = k.project_id
       where k.project_id = $1 and k.source = 'import' and jsonb_array_length(m.monthly_volumes) = 12`,
      [project.id, geo, language],
    );
    expect(rows[0]!.count).toBe(12_000);
  });
});
