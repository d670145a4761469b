import {
  buildPath,
  endpoints,
  messages,
  type Keyword,
  type KeywordPage,
  type ProjectStatusAnswer,
  type SearchIntent,
} from '@keywright/contract';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildKeywordList } from '../../../test/factories/keyword-lists';
import { buildKeyword, insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import {
  askedIntentKeywords,
  startFakeChatServer,
  type FakeChatAnswer,
  type FakeChatServer,
} from '../../../test/fakes/chat-completions';
import { createTestContext, request, type TestContext } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import { plannerFile, plannerRow } from '../../../test/support/keyword-planner-files';
import { multipart } from '../../../test/support/multipart';
import type { IntentReader } from '../../providers/intent/intent-reader';
import { readIntent } from '../../providers/intent/intent-rules';
import { createLlmIntentReader } from '../../providers/intent/llm-intent';
import { createIntentFiller } from './intent-filler';
import { createOpenIntentPass } from './open-intents';

const ctx = useTestContext();
let owner: TestUser;
beforeAll(async () => {
  owner = await buildUser(ctx);
});

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
      // A bookkeeper is hired wherever; in the project's own city, now.
      'bookkeeper boston': ['commercial'],
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
    const { rows } = await ctx.database.pool.query<{
      keyword: string;
      intent: SearchIntent[] | null;
      intent_open: boolean | null;
    }>('select keyword, intent, intent_open from keywords where project_id = $1', [project.id]);
    for (const row of rows) {
      expect(row.intent, row.keyword).toEqual(expected(row.keyword));
      expect(row.intent_open, row.keyword).toBe(readIntent(row.keyword, ledgerly).open);
    }
    expect(rows.filter((row) => row.intent_open).length).toBeGreaterThan(4_000); // "term 12" is read by no rule
    expect(await createIntentFiller({ db: ctx.database.db }).fillProject(project.id)).toBe(0);
  });
  it("reads against the project's new competitors a keyword it meets while their change commits", async () => {
    const project = await accountingProject();
    await ctx.database.pool.query(
      `insert into keywords (project_id, keyword, normalized, source) values ($1, 'globex', 'globex', 'import')`,
      [project.id],
    );
    // The change of competitors as the project form makes it, held open while the filler starts.
    const change = await ctx.database.pool.connect();
    try {
      await change.query('begin');
      await change.query('update projects set competitors = $2 where id = $1', [
        project.id,
        'QuickBooks, Xero, Globex',
      ]);
      await change.query(
        'update keywords set intent = null, intent_open = null where project_id = $1 and intent is not null',
        [project.id],
      );
      const filling = createIntentFiller({ db: ctx.database.db }).fillProject(project.id);
      // The filler waits on the change (for the project's row) before it commits.
      await vi.waitFor(
        async () => {
          const { rows } = await ctx.database.pool.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(rows[0]!.waiting).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      await change.query('commit');
      await filling;
    } finally {
      change.release();
    }
    const withGlobex = { ...ledgerly, brands: [...ledgerly.brands, 'Globex'] };
    expect(readIntent('globex', withGlobex).intents).not.toEqual(expected('globex'));
    expect((await storedIntents(ctx, project.id)).globex).toEqual({
      intent: readIntent('globex', withGlobex).intents,
      open: readIntent('globex', withGlobex).open,
    });
  });
});

/** A project's keywords as stored: intents and whether the rules left them open. */
async function storedIntents(
  context: TestContext,
  projectId: number,
): Promise<Record<string, { intent: SearchIntent[] | null; open: boolean | null }>> {
  const { rows } = await context.database.pool.query<{
    keyword: string;
    intent: SearchIntent[] | null;
    intent_open: boolean | null;
  }>('select keyword, intent, intent_open from keywords where project_id = $1 order by id', [projectId]);
  return Object.fromEntries(rows.map((row) => [row.keyword, { intent: row.intent, open: row.intent_open }]));
}

async function keywordsVersion(context: TestContext, projectId: number): Promise<number> {
  const { rows } = await context.database.pool.query('select keywords_version from projects where id = $1', [
    projectId,
  ]);
  return Number(rows[0].keywords_version);
}

/** Keywords the rules leave open for the accounting app, each with what the model below says. */
const modelSays: Record<string, SearchIntent[]> = {
  'bank reconciliation': ['commercial'],
  'invoicing software': ['transactional', 'commercial'],
  globex: ['navigational'],
  payroll: ['transactional'],
  'receipt scanner': ['commercial', 'transactional'],
  'expense reports': ['transactional'],
};
/** Keywords the rules decide: never asked of the model. */
const decided = ['ledgerly', 'buy accounting software', 'best accounting software', 'how to do bookkeeping'];

/** The model's answer for the keywords a read asks about: `modelSays`, commercial for any other. */
const modelAnswer = (keywords: string[]): FakeChatAnswer => ({
  content: JSON.stringify({
    keywords: keywords.map((keyword) => ({ keyword, intents: modelSays[keyword] ?? ['commercial'] })),
  }),
});

describe('the language model reads the intents the rules leave open', () => {
  let llm: FakeChatServer;
  let llmCtx: TestContext;
  let llmOwner: TestUser;
  beforeAll(async () => {
    llm = await startFakeChatServer();
    llmCtx = await createTestContext({
      env: { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'sk-test', LLM_MODEL: 'test-model', LLM_TIMEOUT_SECONDS: '10' },
    });
    llmOwner = await buildUser(llmCtx);
  });
  afterAll(async () => {
    await llmCtx?.close();
    await llm?.close();
  });

  /** Every keyword the model was asked about, in this context. */
  const askedOfModel = () => llm.intentRequests.flatMap((sent) => askedIntentKeywords(sent.body));

  async function llmProject(name = 'Ledgerly') {
    const project = await buildProject(llmCtx, { owner: llmOwner, name, city: 'Austin', country: 'United States' });
    await llmCtx.database.pool.query('update projects set competitors = $2 where id = $1', [
      project.id,
      'QuickBooks, Xero',
    ]);
    return project;
  }

  async function llmPage(projectId: number, query = '') {
    const response = await request(llmCtx, llmOwner, {
      method: 'GET',
      url: `${url('projectKeywordPage', { projectId })}?pageSize=100&${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return Object.fromEntries(response.json<KeywordPage>().data.map((row) => [row.keyword, row.intent]));
  }

  it("shows the model's intents on the page for keywords added by hand, and never asks about those the rules decided", async () => {
    llm.scriptIntents(...Array.from({ length: 20 }, () => modelAnswer));
    const open = ['bank reconciliation', 'invoicing software', 'globex'];
    // The premise: the rules leave these open and decide the others.
    for (const keyword of open) expect(readIntent(keyword, ledgerly).open, keyword).toBe(true);
    for (const keyword of decided) expect(readIntent(keyword, ledgerly).open, keyword).toBe(false);

    const project = await llmProject();
    for (const keyword of [...decided, ...open]) {
      const added = await buildKeyword(llmCtx, { as: llmOwner, projectId: project.id, keyword });
      expect(added.intent, keyword).toEqual(expected(keyword)); // the rules' reading, at once
    }
    const wanted = Object.fromEntries([
      ...decided.map((keyword) => [keyword, expected(keyword)]),
      ...open.map((keyword) => [keyword, modelSays[keyword]]),
    ]);
    await vi.waitFor(async () => expect(await llmPage(project.id)).toEqual(wanted), { timeout: 20_000, interval: 100 });
    // A filtered page follows the model's intents too.
    expect(Object.keys(await llmPage(project.id, 'intent=transactional')).sort()).toEqual(
      ['buy accounting software', 'invoicing software'].sort(),
    );
    const stored = await storedIntents(llmCtx, project.id);
    expect(Object.values(stored).every((row) => row.open === false)).toBe(true);

    const asked = askedOfModel();
    expect(new Set(asked)).toEqual(new Set(open));
    for (const keyword of decided) expect(asked).not.toContain(keyword);
    // The model is told the project's brands and place.
    const prompt = llm.intentRequests[0]!.body.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('Ledgerly');
    expect(prompt).toContain('QuickBooks; Xero');
    expect(prompt).toContain('Austin, United States');
  });

  it('reads the open keywords of a Keyword Planner file, which are stored without saying they are open', async () => {
    llm.scriptIntents(...Array.from({ length: 20 }, () => modelAnswer));
    const project = await llmProject();
    const upload = multipart([
      {
        field: 'file',
        name: 'Keyword Stats.csv',
        bytes: plannerFile([plannerRow('xero vs quickbooks'), plannerRow('payroll')]),
      },
    ]);
    const imported = await request(llmCtx, llmOwner, {
      method: 'POST',
      url: url('keywordPlannerImport', { projectId: project.id }),
      ...upload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await llmPage(project.id)).toEqual({
          'xero vs quickbooks': expected('xero vs quickbooks'),
          payroll: modelSays.payroll,
        }),
      { timeout: 20_000, interval: 100 },
    );
    expect(askedOfModel()).not.toContain('xero vs quickbooks');
  });

  it("leaves the rules' intents, and writes nothing, when the model answers garbage or 500", async () => {
    const garbled = await llmProject('Garbled');
    const fine = await llmProject('Fine');
    const failing = await llmProject('Failing');
    const last = await llmProject('Last');
    llm.scriptIntents(
      ...Array.from({ length: 40 }, () => (keywords: string[]) => {
        if (keywords.includes('receipt scanner')) return { content: 'Sure! Receipt scanners are mostly commercial.' };
        if (keywords.includes('expense reports')) return { status: 500, error: 'model overloaded' };
        return modelAnswer(keywords);
      }),
    );
    const before = llm.intentRequests.length;
    // In project order, each failing one followed by one that succeeds (two failures in a row pause the pass).
    await buildKeyword(llmCtx, { as: llmOwner, projectId: garbled.id, keyword: 'receipt scanner' });
    await buildKeyword(llmCtx, { as: llmOwner, projectId: garbled.id, keyword: 'buy accounting software' });
    await buildKeyword(llmCtx, { as: llmOwner, projectId: fine.id, keyword: 'payroll' });
    await buildKeyword(llmCtx, { as: llmOwner, projectId: failing.id, keyword: 'expense reports' });
    await buildKeyword(llmCtx, { as: llmOwner, projectId: failing.id, keyword: 'xero login' });
    const versions = [await keywordsVersion(llmCtx, garbled.id), await keywordsVersion(llmCtx, failing.id)];
    await buildKeyword(llmCtx, { as: llmOwner, projectId: last.id, keyword: 'globex' });

    // Once the last project has the model's intents, the pass has been through the failing ones.
    await vi.waitFor(async () => expect(await llmPage(last.id)).toEqual({ globex: modelSays.globex }), {
      timeout: 25_000,
      interval: 100,
    });
    expect(await llmPage(fine.id)).toEqual({ payroll: modelSays.payroll });
    const sent = llm.intentRequests.slice(before).map((request) => askedIntentKeywords(request.body));
    expect(sent.filter((keywords) => keywords.includes('receipt scanner'))).toHaveLength(3); // asked three times
    expect(sent.filter((keywords) => keywords.includes('expense reports'))).toHaveLength(3); // the client's retries
    const rules = (keyword: string) => ({ intent: expected(keyword) });
    expect(await storedIntents(llmCtx, garbled.id)).toEqual({
      'receipt scanner': { ...rules('receipt scanner'), open: true },
      'buy accounting software': { ...rules('buy accounting software'), open: false },
    });
    expect(await storedIntents(llmCtx, failing.id)).toEqual({
      'expense reports': { ...rules('expense reports'), open: true },
      'xero login': { ...rules('xero login'), open: false },
    });
    expect([await keywordsVersion(llmCtx, garbled.id), await keywordsVersion(llmCtx, failing.id)]).toEqual(versions);
  });
});

describe('the open-intents pass', () => {
  /** A reader the test holds: each read waits for `release`, then answers every keyword transactional. */
  function heldReader() {
    const sent: string[][] = [];
    let release = () => {};
    let asked = () => {};
    const isAsked = new Promise<void>((resolve) => (asked = resolve));
    const reader: IntentReader = {
      name: 'llm',
      async read({ keywords }) {
        sent.push([...keywords]);
        asked();
        await new Promise<void>((resolve) => (release = resolve));
        return new Map(keywords.map((keyword) => [keyword, ['transactional']]));
      },
    };
    return { reader, sent, isAsked, release: () => release() };
  }

  const open = ['bank reconciliation', 'payroll', 'globex', 'invoicing software'];

  async function projectWithOpenKeywords() {
    const project = await accountingProject();
    const added: Record<string, Keyword> = {};
    for (const keyword of [...open, 'buy accounting software']) {
      added[keyword] = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword });
    }
    return { project, added };
  }

  // The top-level context has no model: nothing else writes these rows in the background.
  let held: pg.PoolClient | undefined;
  afterEach(async () => {
    await held?.query('rollback');
    held?.release();
    held = undefined;
  });

  it('writes only the rows still open and as they were sent, after the model answered', async () => {
    const { project, added } = await projectWithOpenKeywords();
    const { reader, sent, isAsked, release } = heldReader();
    const pass = createOpenIntentPass({ db: ctx.database.db, reader });
    const reading = pass.readProject(project.id);
    await isAsked;
    expect(sent).toEqual([open]); // the decided keyword is not sent

    // While the model thinks: one keyword deleted, one given other intents, one held by another transaction.
    await request(ctx, owner, { method: 'DELETE', url: url('deleteKeyword', { id: added.payroll!.id }) });
    await ctx.database.pool.query(`update keywords set intent = '{navigational}' where id = $1`, [added.globex!.id]);
    held = await ctx.database.pool.connect();
    await held.query('begin');
    await held.query('select 1 from keywords where id = $1 for update', [added['invoicing software']!.id]);
    const version = await keywordsVersion(ctx, project.id);
    release();
    expect(await reading).toBe(1);

    expect(await storedIntents(ctx, project.id)).toEqual({
      'bank reconciliation': { intent: ['transactional'], open: false },
      globex: { intent: ['navigational'], open: true },
      'invoicing software': { intent: expected('invoicing software'), open: true },
      'buy accounting software': { intent: expected('buy accounting software'), open: false },
    });
    expect(await keywordsVersion(ctx, project.id)).toBeGreaterThan(version);
  });

  it("writes nothing when the project's brands or place changed while the model answered", async () => {
    const { project } = await projectWithOpenKeywords();
    const { reader, isAsked, release } = heldReader();
    const pass = createOpenIntentPass({ db: ctx.database.db, reader });
    const reading = pass.readProject(project.id);
    await isAsked;
    const renamed = await request(ctx, owner, {
      method: 'PUT',
      url: url('updateProject', { id: project.id }),
      payload: { name: 'Globex', description: 'Accounting software', city: 'Austin', country: 'United States' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    release();
    expect(await reading).toBe(0);
    // Read again by the rules against the new name: "globex" is now the project's own brand.
    const context = { brands: ['Globex', 'QuickBooks', 'Xero'], places: ['Austin', 'United States'] };
    const stored = await storedIntents(ctx, project.id);
    for (const [keyword, row] of Object.entries(stored)) {
      expect(row, keyword).toEqual({
        intent: readIntent(keyword, context).intents,
        open: readIntent(keyword, context).open,
      });
    }
    expect(stored.globex).toEqual({ intent: ['navigational'], open: false });
  });

  it('waits longer after each failure of a project, logs one line each, and goes on with the other projects', async () => {
    const { project } = await projectWithOpenKeywords();
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cash flow forecast' });
    let now = 1_000_000;
    const sent: string[][] = [];
    const logged: string[] = [];
    const reader: IntentReader = {
      name: 'llm',
      async read({ keywords }) {
        sent.push([...keywords]);
        // This project's batch cannot be read; the others' are, with nothing new to say.
        if (keywords.includes('cash flow forecast')) throw new Error('unreadable');
        return new Map();
      },
    };
    const pass = createOpenIntentPass({
      db: ctx.database.db,
      reader,
      timings: { pollMs: 60_000, firstRetryMs: 30_000, maxRetryMs: 60_000 },
      clock: () => now,
      log: (_error, message) => logged.push(message),
    });
    const before = await storedIntents(ctx, project.id);
    const triesOfProject = () => sent.filter((keywords) => keywords.includes('cash flow forecast')).length;

    await pass.readAll();
    expect([triesOfProject(), logged]).toEqual([
      1,
      [`reading open keyword intents failed (project ${project.id}, try 1); again in 30 s`],
    ]);
    const others = await ctx.database.pool.query(
      'select count(*)::int as open from keywords where intent_open and project_id <> $1',
      [project.id],
    );
    expect(others.rows[0].open).toBe(0); // the other projects were read all the same
    await pass.readAll(); // within the wait: not asked
    now += 29_000;
    await pass.readAll();
    expect(triesOfProject()).toBe(1);
    now += 1_000;
    await pass.readAll();
    expect(triesOfProject()).toBe(2);
    expect(logged.at(-1)).toBe(`reading open keyword intents failed (project ${project.id}, try 2); again in 60 s`);
    now += 59_000; // the wait doubled
    await pass.readAll();
    expect(triesOfProject()).toBe(2);
    now += 1_000;
    await pass.readAll();
    expect(triesOfProject()).toBe(3);
    expect(logged).toHaveLength(3);
    expect(await storedIntents(ctx, project.id)).toEqual(before);
  });

  it('pauses as a whole when two projects fail one after the other, as when the model is down', async () => {
    const projects = [await projectWithOpenKeywords(), await projectWithOpenKeywords()].map(({ project }) => project);
    let now = 1_000_000;
    let isDown = true;
    const sent: string[][] = [];
    const reader: IntentReader = {
      name: 'llm',
      async read({ keywords }) {
        sent.push([...keywords]);
        if (isDown) throw new Error('model down');
        return new Map(keywords.map((keyword) => [keyword, ['transactional']]));
      },
    };
    const pass = createOpenIntentPass({
      db: ctx.database.db,
      reader,
      timings: { pollMs: 60_000, firstRetryMs: 30_000, maxRetryMs: 120_000 },
      clock: () => now,
    });
    const { rows } = await ctx.database.pool.query<{ count: number }>(
      'select count(distinct project_id)::int as count from keywords where intent_open',
    );
    expect(rows[0]!.count).toBeGreaterThanOrEqual(2);
    await pass.readAll();
    expect(sent).toHaveLength(2); // two failed: the round ends
    now += 29_000;
    await pass.readAll();
    expect(sent).toHaveLength(2);
    now += 1_000;
    await pass.readAll();
    expect(sent).toHaveLength(4);
    now += 59_000; // the pause doubled
    await pass.readAll();
    expect(sent).toHaveLength(4);
    isDown = false;
    now += 1_000;
    await pass.readAll();
    for (const project of projects) {
      expect(Object.values(await storedIntents(ctx, project.id)).every((row) => row.open === false)).toBe(true);
    }
  });

  it('gives up the answer it waits for when stopped, leaving the rows open', async () => {
    const llm = await startFakeChatServer();
    try {
      const { project } = await projectWithOpenKeywords();
      llm.scriptIntents({ hang: true });
      const pass = createOpenIntentPass({
        db: ctx.database.db,
        reader: createLlmIntentReader({ baseUrl: llm.baseUrl, model: 'test-model' }),
      });
      const before = await storedIntents(ctx, project.id);
      pass.start();
      await vi.waitFor(() => expect(llm.intentRequests).toHaveLength(1), { timeout: 10_000, interval: 20 });
      const stoppedAt = Date.now();
      await pass.stop();
      expect(Date.now() - stoppedAt).toBeLessThan(5_000);
      expect(await storedIntents(ctx, project.id)).toEqual(before);
      expect(Object.values(before).filter((row) => row.open)).toHaveLength(open.length);
    } finally {
      await llm.close();
    }
  });
});
