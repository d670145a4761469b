import {
  buildPath,
  endpoints,
  messages,
  type Keyword,
  type KeywordPage,
  type ProjectStatusAnswer,
  type SearchIntent,
} from '@keywright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildKeywordList } from '../../../test/factories/keyword-lists';
import { buildKeyword, insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createTestContext, request, type TestContext } from '../../../test/harness';
import { plannerFile, plannerRow } from '../../../test/support/keyword-planner-files';
import { multipart } from '../../../test/support/multipart';
import { readIntent } from '../../providers/intent/intent-rules';
import { createIntentFiller } from './intent-filler';

let ctx: TestContext;
let owner: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await buildUser(ctx);
});
afterAll(() => ctx.close());

const url = (name: keyof typeof endpoints, params: Record<string, number> = {}) =>
  buildPath(endpoints[name].path, params);

/** The rules' reading of a keyword for the accounting app below. */
const ledgerly = { brands: ['Ledgerly', 'QuickBooks', 'Xero'], places: ['Austin', 'United States'] };
const expected = (keyword: string) => readIntent(keyword, ledgerly).intents;

async function accountingProject() {
  const project = await buildProject(ctx, {
    owner,
    name: 'Ledgerly',
    description: 'Accounting software for small businesses',
    city: 'Austin',
    country: 'United States',
  });
  // Competitors come with keyword generation's form; set here without starting a run.
  await ctx.database.pool.query('update projects set competitors = $2 where id = $1', [project.id, 'QuickBooks, Xero']);
  return project;
}

async function keywordsOf(projectId: number): Promise<Keyword[]> {
  const response = await request(ctx, owner, { method: 'GET', url: url('listProjectKeywords', { projectId }) });
  return response.json();
}

async function page(projectId: number, query: string) {
  return request(ctx, owner, {
    method: 'GET',
    url: `${url('projectKeywordPage', { projectId })}?pageSize=100&${query}`,
  });
}

describe('search intent stored with each keyword', () => {
  it("reads a keyword added by hand against the project's name, competitors and place", async () => {
    const project = await accountingProject();
    const cases: Array<[string, SearchIntent[]]> = [
      ['ledgerly', ['navigational']],
      ['xero login', ['navigational']],
      ['how to reconcile a bank statement', ['informational']],
      ['best accounting software', ['commercial']],
      ['buy accounting software', ['transactional']],
      ['bookkeeper austin', ['transactional']],
    ];
    for (const [keyword, intent] of cases) {
      const added = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword });
      expect(added.intent, keyword).toEqual(intent);
      expect(added.intent).toEqual(expected(keyword));
    }
    const rows = await keywordsOf(project.id);
    expect(rows.every((row) => row.intent.length >= 1 && row.intent.length <= 2)).toBe(true);
  });

  it('reads the keywords of every other way in: Generate More, a generation run, lists and a Keyword Planner file', async () => {
    const project = await accountingProject();
    const more = await request(ctx, owner, {
      method: 'POST',
      url: url('generateFilteredKeywords'),
      payload: { projectId: project.id, count: 20 },
    });
    expect(more.statusCode, more.body).toBe(200);
    const generated = more.json<{ generated: Keyword[] }>().generated;
    expect(generated.length).toBeGreaterThan(0);
    for (const keyword of generated) expect(keyword.intent, keyword.keyword).toEqual(expected(keyword.keyword));

    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const byText = await request(ctx, owner, {
      method: 'POST',
      url: url('addKeywordListText', { listId: list.id }),
      payload: { keyword_text: 'quickbooks pricing' },
    });
    expect(byText.statusCode, byText.body).toBe(201);
    const created = await request(ctx, owner, {
      method: 'POST',
      url: url('addKeywordListItem'),
      payload: { list_id: list.id, keyword_text: 'what is double entry', project_id: project.id, create_keyword: true },
    });
    expect(created.statusCode, created.body).toBe(201);

    const upload = multipart([
      { field: 'file', name: 'Keyword Stats.csv', bytes: plannerFile([plannerRow('xero vs quickbooks')]) },
    ]);
    const imported = await request(ctx, owner, {
      method: 'POST',
      url: url('keywordPlannerImport', { projectId: project.id }),
      ...upload,
    });
    expect(imported.statusCode, imported.body).toBe(200);

    // A run of its own project: Generate More above took the ideas it would find here.
    const runProject = await accountingProject();
    const started = await request(ctx, owner, {
      method: 'POST',
      url: url('startKeywordGeneration'),
      payload: {
        projectId: runProject.id,
        projectName: 'Ledgerly',
        productService: 'Accounting software for small businesses',
        competitors: 'QuickBooks, Xero',
        city: 'Austin',
        country: 'United States',
        keywordCount: 10,
      },
    });
    expect(started.statusCode, started.body).toBe(202);
    const run = await vi.waitFor(
      async () => {
        const status = await request(ctx, owner, {
          method: 'GET',
          url: url('projectStatus', { projectId: runProject.id }),
        });
        const answer = status.json<ProjectStatusAnswer>();
        expect(answer.status).toBe('completed');
        return answer;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(run.keywords!.length).toBeGreaterThan(0);
    for (const row of run.keywords!) expect(row.intent, row.keyword).toEqual(expected(row.keyword));

    const rows = await keywordsOf(project.id);
    for (const text of ['quickbooks pricing', 'what is double entry', 'xero vs quickbooks']) {
      expect(rows.map((row) => row.keyword)).toContain(text);
    }
    for (const row of rows) expect(row.intent, row.keyword).toEqual(expected(row.keyword));
    expect(rows.find((row) => row.keyword === 'xero vs quickbooks')!.intent).toContain('commercial');
  });
});

describe('reading intents again', () => {
  it("reads a project's keywords again when its name, competitors or place change", async () => {
    const project = await buildProject(ctx, { owner, name: 'Ledgerly', city: 'Austin', country: 'United States' });
    for (const keyword of ['ledgerly', 'globex', 'bookkeeper boston']) {
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword });
    }
    const intentOf = async () =>
      Object.fromEntries((await keywordsOf(project.id)).map((row) => [row.keyword, row.intent]));
    expect(await intentOf()).toEqual({
      ledgerly: ['navigational'],
      globex: ['informational'],
      'bookkeeper boston': ['informational'],
    });
    const renamed = await request(ctx, owner, {
      method: 'PUT',
      url: url('updateProject', { id: project.id }),
      payload: { name: 'Tallybook', description: 'Accounting software', city: 'Boston', country: 'United States' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await intentOf()).toEqual({
      ledgerly: ['informational'],
      globex: ['informational'],
      'bookkeeper boston': ['transactional'],
    });
    // A generation run's form names competitors: their names are brands from then on.
    const started = await request(ctx, owner, {
      method: 'POST',
      url: url('startKeywordGeneration'),
      payload: {
        projectId: project.id,
        projectName: 'Tallybook',
        productService: 'Accounting software',
        competitors: 'Globex',
        city: 'Boston',
        country: 'United States',
        keywordCount: 10,
      },
    });
    expect(started.statusCode, started.body).toBe(202);
    expect((await intentOf()).globex).toEqual(['navigational']);
  });
});

describe('filtering a page by intent', () => {
  it('keeps the keywords carrying any of the intents asked for, with the CPC filter too', async () => {
    const project = await accountingProject();
    const keywords = [
      'ledgerly',
      'xero login',
      'best accounting software',
      'accounting software reviews',
      'buy accounting software',
      'accounting software price',
      'how to do bookkeeping',
      'what is accrual accounting',
    ];
    for (const keyword of keywords) await buildKeyword(ctx, { as: owner, projectId: project.id, keyword });
    const carrying = (intents: SearchIntent[]) =>
      keywords.filter((keyword) => expected(keyword).some((intent) => intents.includes(intent))).sort();

    for (const intents of [
      ['commercial'],
      ['commercial', 'transactional'],
      ['navigational'],
      ['informational'],
    ] as const) {
      const response = await page(project.id, `intent=${intents.join(',')}`);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<KeywordPage>();
      expect(answer.data.map((row) => row.keyword).sort(), intents.join()).toEqual(carrying([...intents]));
      expect(answer.pagination.totalCount).toBe(carrying([...intents]).length);
    }
    expect(carrying(['commercial', 'transactional']).length).toBeGreaterThan(2);

    // With CPC bounds: both filters hold.
    await request(ctx, owner, { method: 'POST', url: url('keywordMetrics'), payload: { projectId: project.id } });
    const withFigures = (await page(project.id, 'metrics=true')).json<KeywordPage>().data;
    const high = (name: string) => withFigures.find((row) => row.keyword === name)!.metrics!.cpc_high!;
    const minCpc = Math.min(...withFigures.map((row) => row.metrics!.cpc_high ?? Infinity)) / 1_000_000;
    const both = (await page(project.id, `metrics=true&minCpc=${minCpc}&intent=commercial`)).json<KeywordPage>();
    expect(both.data.map((row) => row.keyword).sort()).toEqual(
      carrying(['commercial']).filter((keyword) => high(keyword) >= minCpc * 1_000_000),
    );
    expect(both.pagination.totalCount).toBe(both.data.length);
  });

  it('pages through the keywords of an intent in order, and follows keywords added and deleted', async () => {
    const project = await accountingProject();
    const commercial = [
      'best payroll app',
      'invoicing software reviews',
      'best receipt scanner',
      'expense app reviews',
    ];
    for (const keyword of [...commercial, 'how to do payroll', 'what is an invoice']) {
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword });
    }
    const pages = async () => {
      const seen: string[] = [];
      for (let number = 1; ; number++) {
        const query = `intent=commercial&pageSize=3&page=${number}&sort=keyword`;
        const answer = (
          await request(ctx, owner, {
            method: 'GET',
            url: `${url('projectKeywordPage', { projectId: project.id })}?${query}`,
          })
        ).json<KeywordPage>();
        seen.push(...answer.data.map((row) => row.keyword));
        if (!answer.pagination.hasNextPage) return { seen, totalCount: answer.pagination.totalCount };
      }
    };
    expect(await pages()).toEqual({ seen: [...commercial].sort(), totalCount: 4 });
    const added = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'accounting app reviews' });
    expect(await pages()).toEqual({ seen: [...commercial, added.keyword].sort(), totalCount: 5 });
    const gone = (await keywordsOf(project.id)).find((row) => row.keyword === 'best payroll app')!;
    await request(ctx, owner, { method: 'DELETE', url: url('deleteKeyword', { id: gone.id }) });
    expect((await pages()).seen).not.toContain('best payroll app');
  });

  it('answers 400 for an intent it does not know, and lets a keyword not read yet match none', async () => {
    const project = await accountingProject();
    const response = await page(project.id, 'intent=commercial,curious');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'validation_error', issues: [{ path: 'querystring.intent.1' }] },
    });

    await insertKeywords(ctx, project.id, 3); // stored as before intents were read
    const all = (await page(project.id, '')).json<KeywordPage>();
    expect(all.data.map((row) => row.intent)).toEqual([[], [], []]);
    for (const intent of ['informational', 'navigational', 'commercial', 'transactional']) {
      expect((await page(project.id, `intent=${intent}`)).json<KeywordPage>().data).toEqual([]);
    }
  });

  it('exports only the keywords carrying the intents, each with its Intent column', async () => {
    const project = await accountingProject();
    for (const keyword of ['xero login', 'buy accounting software', 'how to do bookkeeping']) {
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword });
    }
    const response = await request(ctx, owner, {
      method: 'GET',
      url: `${url('exportProjectKeywords', { projectId: project.id })}?intent=navigational,transactional`,
    });
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Keyword,Date Added,Intent');
    const label = (keyword: string) =>
      expected(keyword)
        .map((intent) => messages.intentLabels[intent])
        .join('; ');
    expect(
      lines
        .slice(1)
        .map((line) => line.replace(/,[\d/]+,/, ','))
        .sort(),
    ).toEqual(['buy accounting software', 'xero login'].map((keyword) => `${keyword},${label(keyword)}`).sort());
  });
});

describe('the intent filler', () => {
  it('reads every keyword stored without intents, once, and moves the project’s keywords version', async () => {
    const project = await accountingProject();
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'ledgerly' });
    await insertKeywords(ctx, project.id, 4_500); // stored as before intents were read
    const version = async () =>
      Number(
        (await ctx.database.pool.query('select keywords_version from projects where id = $1', [project.id])).rows[0]
          .keywords_version,
      );
    const before = await version();
    // Two processes at once, as two instances would after an upgrade: each row is read by one of them.
    const fillers = [
      createIntentFiller({ db: ctx.database.db, batchSize: 500 }),
      createIntentFiller({ db: ctx.database.db, batchSize: 500 }),
    ];
    const [first, second] = await Promise.all(fillers.map((filler) => filler.fillProject(project.id)));
    expect(first! + second!).toBe(4_500);
    expect(await version()).toBeGreaterThan(before);
    const { rows } = await ctx.database.pool.query<{ keyword: string; intent: SearchIntent[] | null }>(
      'select keyword, intent from keywords where project_id = $1',
      [project.id],
    );
    for (const row of rows) expect(row.intent, row.keyword).toEqual(expected(row.keyword));
    expect(await createIntentFiller({ db: ctx.database.db }).fillProject(project.id)).toBe(0);
  });
});
