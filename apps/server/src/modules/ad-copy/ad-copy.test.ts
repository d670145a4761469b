import {
  adTextLength,
  buildPath,
  endpoints,
  messages,
  type AdBrief,
  type AdCopy,
  type AdLineKind,
} from '@keywright/contract';
import { parse } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildKeywordList, fillKeywordList } from '../../../test/factories/keyword-lists';
import { buildKeyword, insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildSharedProject } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createFakeMetricsProvider } from '../../../test/fakes/metrics-provider';
import { dataSnapshot, errorBody, request, validationError } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import type { AdCopyWriter } from '../../providers/ad-copy/ad-copy-writer';
import { createOfflineAdCopyWriter } from '../../providers/ad-copy/offline';
import { UpstreamError } from '../../providers/metrics/metrics-provider';

// Figures are read off the keyword: `cpc 1.20-3.45` gives that bid range, `unknown` none, anything
// else 1,000 searches a word (see the fake).
const fake = createFakeMetricsProvider();

/** The offline writer, unless a test scripts the writer's answers; every call counted. */
const offline = createOfflineAdCopyWriter();
let scripted: AdCopyWriter['write'] | null = null;
let writes = 0;
const writer: AdCopyWriter = {
  name: 'offline',
  write(kind, brief) {
    writes += 1;
    return (scripted ?? offline.write)(kind, brief);
  },
};

const ctx = useTestContext({ app: { providers: { metrics: fake.provider, adCopyWriter: writer } } });
beforeEach(() => {
  fake.reset();
  scripted = null;
  writes = 0;
});

const today = () => new Date().toISOString().slice(0, 10);
const url = (name: keyof typeof endpoints, params: Record<string, number> = {}) =>
  buildPath(endpoints[name].path, params);

const input = (overrides: object = {}) => ({
  keywords: ['organic coffee beans', 'fair trade coffee', 'espresso beans online'],
  projectInfo: {
    name: 'Green Leaf Coffee',
    description: 'Organic coffee beans roasted in small batches',
    country: 'United States',
    city: 'Portland',
    language: 'English',
  },
  ...overrides,
});

/** Twenty lines a writer might answer, each keeping the line rules (no numbers or claims; a description ends a sentence). */
const WORDS =
  'Alpha Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliet Kilo Lima Mike November Oscar Papa Quebec Romeo Sierra Tango'.split(
    ' ',
  );
const sentence = (kind: AdLineKind, text: string) => (kind === 'descriptions' ? `${text}.` : text);
const goodLines = (kind: AdLineKind, prefix: string, count = 20) =>
  WORDS.slice(0, count).map((word) => sentence(kind, `${prefix} ${word}`));

const lineEndpoints = { headlines: 'generateHeadlines', descriptions: 'generateDescriptions' } as const;
const limits: Record<AdLineKind, number> = { headlines: 30, descriptions: 90 };
const header: Record<AdLineKind, string> = { headlines: 'Headline', descriptions: 'Description' };

const generate = (as: TestUser | null, kind: AdLineKind, payload: unknown) =>
  request(ctx, as, { method: 'POST', url: url(lineEndpoints[kind]), payload: payload as InjectOptions['payload'] });
const adCopy = (as: TestUser | null, payload: unknown) =>
  request(ctx, as, { method: 'POST', url: url('adCopy'), payload: payload as InjectOptions['payload'] });
const brief = (as: TestUser | null, id: number) =>
  request(ctx, as, { method: 'GET', url: url('keywordListAdBrief', { id }) });
const editorExport = (as: TestUser | null, id: number, payload: object) =>
  request(ctx, as, { method: 'POST', url: url('exportGoogleAdsEditor', { id }), payload });
const loadCpc = (as: TestUser, id: number) =>
  request(ctx, as, { method: 'POST', url: url('keywordListMetrics', { id }), payload: {} });

/** A CSV file's rows, parsed back as a spreadsheet would (the BOM dropped, quotes undone). */
function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false }) as string[][];
}

/** A cell as it was before the leading apostrophe that keeps a formula-like text from running. */
const unneutralized = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The key two lines are one under: case-folded, punctuation and spaces ignored. */
const lineKey = (line: string) =>
  line
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .replace(/[\p{P}\p{Z}\s]/gu, '');

function expectGoodLines(kind: AdLineKind, lines: readonly string[]) {
  expect(lines).toHaveLength(20);
  for (const line of lines) {
    expect(line.trim(), line).toBe(line);
    expect(line.length, line).toBeGreaterThan(0);
    expect(adTextLength(line), line).toBeLessThanOrEqual(limits[kind]);
  }
  expect(new Set(lines.map(lineKey)).size).toBe(20);
}

async function expectRefusedAndNothingWritten(send: () => Promise<{ statusCode: number; json(): unknown }>) {
  const before = await dataSnapshot(ctx);
  const response = await send();
  expect(response.statusCode).toBe(400);
  expect(writes).toBe(0);
  expect(await dataSnapshot(ctx)).toEqual(before);
  return response.json();
}

describe.each(['headlines', 'descriptions'] as const)('generate %s', (kind) => {
  it('answers a CSV file of 20 lines, each within its limit and with its length, unique', async () => {
    const user = await buildUser(ctx);
    const response = await generate(user, kind, input());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Green_Leaf_Coffee_${kind}_${today()}.csv"`,
    );
    expect(response.body.startsWith('\ufeff')).toBe(true);
    expect(response.body.endsWith('\r\n')).toBe(true);
    expect(response.body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);

    const [head, ...rows] = parseCsv(response.body);
    expect(head).toEqual([header[kind], 'Characters']);
    const lines = rows.map(([line]) => unneutralized(line!));
    expectGoodLines(kind, lines);
    for (const [index, [, count]] of rows.entries()) expect(count).toBe(String(adTextLength(lines[index]!)));
    expect(writes).toBe(1);
  });

  it('names the file after the project, made safe', async () => {
    const user = await buildUser(ctx);
    const response = await generate(user, kind, input({ projectInfo: { name: 'Café "Bean" / Co.' } }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Cafe_Bean_Co_${kind}_${today()}.csv"`);
  });

  it('writes quotes, commas, emoji and formula-like lines as a CSV that parses back, formulas defused', async () => {
    const tricky = ['=SUM(A1)', '+1 coffee', '@x beans', '-roast', 'Say "hi", friend', 'Beans ☕ 🇺🇸 fresh'];
    scripted = async () => [...tricky.map((line) => sentence(kind, line)), ...goodLines(kind, 'Fresh', 14)];
    const user = await buildUser(ctx);
    const response = await generate(user, kind, input({ keywords: ['=SUM(A1)', '+1', '@x', 'a "b", c', 'café ☕'] }));
    expect(response.statusCode, response.body).toBe(200);
    const [, ...rows] = parseCsv(response.body);
    const extra = kind === 'descriptions' ? 1 : 0;
    expect(rows.slice(0, 6)).toEqual([
      [`'${sentence(kind, '=SUM(A1)')}`, String(8 + extra)],
      [`'${sentence(kind, '+1 coffee')}`, String(9 + extra)],
      [`'${sentence(kind, '@x beans')}`, String(8 + extra)],
      [`'${sentence(kind, '-roast')}`, String(6 + extra)],
      [sentence(kind, 'Say "hi", friend'), String(16 + extra)],
      [sentence(kind, 'Beans ☕ 🇺🇸 fresh'), String(15 + extra)],
    ]);
    expect(rows).toHaveLength(20);
  });

  it('parses back whatever the writer makes of tricky keywords', async () => {
    const user = await buildUser(ctx);
    const keywords = ['=SUM(A1)', '+1', '@x', 'coffee, "the good stuff"', 'café ☕ beans', 'espresso 🇮🇹'];
    const response = await generate(user, kind, input({ keywords }));
    expect(response.statusCode, response.body).toBe(200);
    const [head, ...rows] = parseCsv(response.body);
    expect(head).toEqual([header[kind], 'Characters']);
    expect(rows.every((row) => row.length === 2 && !/^[=+\-@\t\r]/.test(row[0]!))).toBe(true);
    expectGoodLines(
      kind,
      rows.map(([line]) => unneutralized(line!)),
    );
  });

  it('checks the writer once more: drops lines that break a rule, asks again, never answers fewer than 20', async () => {
    const broken = [
      sentence(kind, 'good Alpha'), // the same as "Good Alpha" once case-folded
      sentence(kind, 'x'.repeat(limits[kind] + 1)),
      '  ',
      sentence(kind, 'Tab\there'),
      sentence(kind, 'Only 7 left'), // a number the input does not state
      sentence(kind, 'Free delivery'), // a claim the project does not make
    ];
    let call = 0;
    scripted = async () => {
      call += 1;
      return call === 1 ? [...goodLines(kind, 'Good', 15), ...broken] : goodLines(kind, 'More');
    };
    const user = await buildUser(ctx);
    const response = await generate(user, kind, input());
    expect(response.statusCode, response.body).toBe(200);
    const lines = parseCsv(response.body)
      .slice(1)
      .map(([line]) => line!);
    expect(lines).toEqual([...goodLines(kind, 'Good', 15), ...goodLines(kind, 'More', 5)]);
    expect(writes).toBe(2);
  });

  it("answers 502 with the people's text when the writer cannot make 20 good lines", async () => {
    scripted = async () => Array.from({ length: 20 }, () => 'Same line');
    const user = await buildUser(ctx);
    const response = await generate(user, kind, input());
    expect(response.statusCode).toBe(502);
    const message = kind === 'headlines' ? messages.failedToGenerateHeadlines : messages.failedToGenerateDescriptions;
    expect(response.json()).toEqual(errorBody('upstream_error', message));
  });

  it("answers 502 with the language model's own text when it fails", async () => {
    scripted = async () => {
      throw new UpstreamError('The language model did not answer in time.', 504);
    };
    const user = await buildUser(ctx);
    const response = await generate(user, kind, input());
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(errorBody('upstream_error', 'The language model did not answer in time.'));
  });

  it('asks a signed-out client to sign in and calls no writer', async () => {
    const response = await generate(null, kind, input());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody('unauthorized', messages.signInRequired));
    expect(writes).toBe(0);
  });
});

describe('ad copy input', () => {
  const { name: _name, ...withoutName } = input().projectInfo;
  const refused: Array<[string, object, string, string]> = [
    ['no keywords', input({ keywords: [] }), 'body.keywords', messages.adKeywordsRequired],
    [
      '1,001 keywords',
      input({ keywords: Array.from({ length: 1001 }, (_, i) => `keyword ${i}`) }),
      'body.keywords',
      messages.adTooManyKeywords,
    ],
    ['an over-long keyword', input({ keywords: ['k'.repeat(201)] }), 'body.keywords.0', messages.atMostCharacters(200)],
    ['a blank keyword', input({ keywords: ['   '] }), 'body.keywords.0', messages.adKeywordBlank],
    [
      'a blank project name',
      input({ projectInfo: { ...input().projectInfo, name: '  ' } }),
      'body.projectInfo.name',
      messages.adProjectNameRequired,
    ],
    ['no project name', input({ projectInfo: withoutName }), 'body.projectInfo.name', messages.adProjectNameRequired],
    ['a control character', input({ keywords: ['coffee\u0007beans'] }), 'body.keywords.0', messages.invalidCharacters],
  ];

  it.each(refused)(
    'answers 400 for %s on every ad copy call and writes nothing',
    async (_label, payload, path, message) => {
      const user = await buildUser(ctx);
      for (const send of [
        () => generate(user, 'headlines', payload),
        () => generate(user, 'descriptions', payload),
        () => adCopy(user, payload),
      ]) {
        expect(await expectRefusedAndNothingWritten(send)).toEqual(validationError(path, message));
      }
    },
  );

  it('answers 400 for a keywords field that is not a list of texts', async () => {
    const user = await buildUser(ctx);
    for (const keywords of [undefined, 'coffee', [1, 2]]) {
      const body = (await expectRefusedAndNothingWritten(() => adCopy(user, input({ keywords })))) as {
        error: { code: string };
      };
      expect(body.error.code).toBe('validation_error');
    }
  });
});

describe('ad copy (JSON)', () => {
  it('answers 20 headlines and 20 descriptions, each within its limit and unique', async () => {
    const user = await buildUser(ctx);
    const response = await adCopy(user, input());
    expect(response.statusCode, response.body).toBe(200);
    const { headlines, descriptions } = response.json() as AdCopy;
    expectGoodLines('headlines', headlines);
    expectGoodLines('descriptions', descriptions);
    expect(writes).toBe(2);
  });

  it('gives the writer the keywords and the project facts as sent, defaults filled', async () => {
    const seen: unknown[] = [];
    scripted = async (kind, received) => {
      seen.push({ kind, ...received });
      return goodLines(kind, kind === 'headlines' ? 'Headline' : 'Description');
    };
    const user = await buildUser(ctx);
    const response = await adCopy(user, { keywords: ['coffee beans'], projectInfo: { name: 'Green Leaf' } });
    expect(response.statusCode, response.body).toBe(200);
    const project = {
      name: 'Green Leaf',
      description: '',
      country: '',
      city: '',
      language: '',
      siteUrl: '',
      targetAudience: '',
    };
    expect(seen).toEqual(
      expect.arrayContaining([
        { kind: 'headlines', keywords: ['coffee beans'], project },
        { kind: 'descriptions', keywords: ['coffee beans'], project },
      ]),
    );
    expect(response.json()).toEqual({
      headlines: goodLines('headlines', 'Headline'),
      descriptions: goodLines('descriptions', 'Description'),
    });
  });

  it('answers 502 when the writer fails and 401 signed out', async () => {
    scripted = async () => {
      throw new UpstreamError('The language model is not reachable.', 503);
    };
    const user = await buildUser(ctx);
    const failed = await adCopy(user, input());
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual(errorBody('upstream_error', 'The language model is not reachable.'));
    const signedOut = await adCopy(null, input());
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('ad brief', () => {
  it("answers the list's keywords, the most searched first, then the rest in the list's order, and the project's facts", async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner, name: 'Green Leaf', description: 'Organic coffee' });
    await ctx.database.pool.query(
      `update projects set site_url = 'https://greenleaf.example', target_audience = 'home baristas' where id = $1`,
      [project.id],
    );
    const texts = ['beans', 'dark roast coffee', 'unknown blend', 'decaf', 'fresh coffee', 'latte'];
    const ids: number[] = [];
    for (const keyword of texts) ids.push((await buildKeyword(ctx, { as: owner, projectId: project.id, keyword })).id);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id, keywordIds: ids, name: 'Coffee' });
    // Before any figures: the list's own order, the latest added first.
    const unordered = await brief(owner, list.id);
    expect(unordered.statusCode, unordered.body).toBe(200);
    expect((unordered.json() as AdBrief).keywords).toEqual([...texts].reverse());

    expect((await loadCpc(owner, list.id)).statusCode).toBe(200);
    const response = await brief(owner, list.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      listId: list.id,
      listName: 'Coffee',
      projectId: project.id,
      keywordCount: 6,
      // 3,000, 2,000, then 1,000 each in the list's order, then the one without figures.
      keywords: ['dark roast coffee', 'fresh coffee', 'latte', 'decaf', 'beans', 'unknown blend'],
      projectInfo: {
        name: 'Green Leaf',
        description: 'Organic coffee',
        country: 'United States',
        city: 'New York',
        language: 'English',
        siteUrl: 'https://greenleaf.example',
        targetAudience: 'home baristas',
      },
    });
  });

  it('counts figures only where they are cached for the keyword’s own project place', async () => {
    const owner = await buildUser(ctx);
    const here = await buildProject(ctx, { owner, city: 'Boston' });
    const elsewhere = await buildProject(ctx, { owner, city: 'Denver' });
    const short = await buildKeyword(ctx, { as: owner, projectId: here.id, keyword: 'espresso' });
    const long = await buildKeyword(ctx, { as: owner, projectId: here.id, keyword: 'cold brew coffee kit' });
    // Figures for the long keyword only in another place: they do not count here.
    const elsewhereList = await buildKeywordList(ctx, {
      owner,
      projectId: elsewhere.id,
      keywordIds: [
        (await buildKeyword(ctx, { as: owner, projectId: elsewhere.id, keyword: 'cold brew coffee kit' })).id,
      ],
    });
    expect((await loadCpc(owner, elsewhereList.id)).statusCode).toBe(200);
    const list = await buildKeywordList(ctx, { owner, projectId: here.id, keywordIds: [short.id, long.id] });
    const onlyShort = await buildKeywordList(ctx, { owner, projectId: here.id, keywordIds: [short.id] });
    expect((await loadCpc(owner, onlyShort.id)).statusCode).toBe(200);
    expect(((await brief(owner, list.id)).json() as AdBrief).keywords).toEqual(['espresso', 'cold brew coffee kit']);
  });

  it('answers 1,000 keywords at most and counts them all', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    await insertKeywords(ctx, project.id, 1200);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    await fillKeywordList(ctx, list.id, project.id);
    const response = await brief(owner, list.id);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as AdBrief;
    expect(answer.keywordCount).toBe(1200);
    expect(answer.keywords).toHaveLength(1000);
    // The latest added first: fillKeywordList adds the lowest id (term 1) first.
    expect(answer.keywords[0]).toBe('term 1200');
    expect(answer.keywords.at(-1)).toBe('term 201');
    expect(new Set(answer.keywords).size).toBe(1000);
  });

  it('answers 400 for a list without a project', async () => {
    const owner = await buildUser(ctx);
    const keyword = await buildKeyword(ctx, { as: owner });
    const list = await buildKeywordList(ctx, { owner, keywordIds: [keyword.id] });
    const response = await brief(owner, list.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody('validation_error', messages.listNeedsProjectForAds));
  });

  it("reads for the owner's team, not for a stranger, and asks a signed-out client to sign in", async () => {
    const world = await buildSharedProject(ctx);
    const list = await buildKeywordList(ctx, {
      owner: world.owner,
      projectId: world.project.id,
      keywordIds: [world.keyword.id],
    });
    const member = await brief(world.member, list.id);
    expect(member.statusCode).toBe(200);
    expect(member.json()).toMatchObject({
      keywords: [world.keyword.keyword],
      projectInfo: { name: world.project.name },
    });
    const stranger = await brief(world.stranger, list.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(errorBody('not_found', messages.notFound));
    expect((await brief(null, list.id)).statusCode).toBe(401);
  });
});

describe('Google Ads Editor export', () => {
  const columns = [
    'Campaign',
    'Ad group',
    'Keyword',
    'Criterion Type',
    'Max CPC',
    'Ad type',
    ...Array.from({ length: 15 }, (_, i) => `Headline ${i + 1}`),
    ...Array.from({ length: 4 }, (_, i) => `Description ${i + 1}`),
    'Final URL',
    'Path 1',
    'Path 2',
  ];
  const headlines = Array.from({ length: 15 }, (_, i) => `Organic Coffee Beans ${i + 1}`);
  const descriptions = Array.from(
    { length: 4 },
    (_, i) => `Small-batch organic coffee, roasted fresh every week. Offer ${i + 1}.`,
  );
  const exportInput = (overrides: object = {}) => ({
    campaign: 'Coffee, "Search"',
    adGroup: 'Beans',
    matchType: 'Exact',
    includeMaxCpc: true,
    finalUrl: 'https://greenleaf.example/beans?utm_source=google',
    path1: 'organic-coffee1',
    path2: 'beans',
    headlines,
    descriptions,
    ...overrides,
  });

  /** The file's rows as records by column, checking the header on the way. */
  function records(text: string): Array<Record<string, string>> {
    const [head, ...rows] = parseCsv(text);
    expect(head).toEqual(columns);
    return rows.map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index]!])));
  }

  const blankAd = Object.fromEntries(columns.slice(5).map((column) => [column, '']));

  async function listWithFigures(owner: TestUser, keywordTexts: string[], projectId?: number | null) {
    const project = projectId === undefined ? (await buildProject(ctx, { owner })).id : projectId;
    const ids: number[] = [];
    for (const keyword of keywordTexts)
      ids.push((await buildKeyword(ctx, { as: owner, projectId: project ?? undefined, keyword })).id);
    const list = await buildKeywordList(ctx, { owner, projectId: project, keywordIds: ids, name: 'Coffee / Beans' });
    if (project != null) expect((await loadCpc(owner, list.id)).statusCode).toBe(200);
    return list;
  }

  it('writes a row per keyword (match type, Max CPC from the high bid) and one responsive search ad', async () => {
    const owner = await buildUser(ctx);
    const list = await listWithFigures(owner, ['beans cpc 1.20-3.45', 'unknown roast', 'decaf cpc 0.5-1']);
    const response = await editorExport(owner, list.id, exportInput());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Coffee_Beans_google_ads_editor_${today()}.csv"`,
    );
    expect(response.body.startsWith('\ufeff')).toBe(true);
    expect(response.body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);

    const keywordRow = (keyword: string, maxCpc: string) => ({
      Campaign: 'Coffee, "Search"',
      'Ad group': 'Beans',
      Keyword: keyword,
      'Criterion Type': 'Exact',
      'Max CPC': maxCpc,
      ...blankAd,
    });
    expect(records(response.body)).toEqual([
      // The list's order: the latest added first.
      keywordRow('decaf cpc 0.5-1', '1.00'),
      keywordRow('unknown roast', ''),
      keywordRow('beans cpc 1.20-3.45', '3.45'),
      {
        Campaign: 'Coffee, "Search"',
        'Ad group': 'Beans',
        Keyword: '',
        'Criterion Type': '',
        'Max CPC': '',
        'Ad type': 'Responsive search ad',
        ...Object.fromEntries(headlines.map((line, i) => [`Headline ${i + 1}`, line])),
        ...Object.fromEntries(descriptions.map((line, i) => [`Description ${i + 1}`, line])),
        'Final URL': 'https://greenleaf.example/beans?utm_source=google',
        'Path 1': 'organic-coffee1',
        'Path 2': 'beans',
      },
    ]);
  });

  it.each(['Broad', 'Phrase'] as const)('writes the %s match type on every keyword', async (matchType) => {
    const owner = await buildUser(ctx);
    const list = await listWithFigures(owner, ['beans', 'roast']);
    const response = await editorExport(owner, list.id, exportInput({ matchType }));
    const rows = records(response.body);
    expect(rows.slice(0, 2).map((row) => [row.Keyword, row['Criterion Type']])).toEqual([
      ['roast', matchType],
      ['beans', matchType],
    ]);
  });

  it('leaves Max CPC empty when asked to, and leaves out headlines and descriptions not kept', async () => {
    const owner = await buildUser(ctx);
    const list = await listWithFigures(owner, ['beans cpc 1.20-3.45']);
    const response = await editorExport(
      owner,
      list.id,
      exportInput({
        includeMaxCpc: false,
        headlines: headlines.slice(0, 3),
        descriptions: descriptions.slice(0, 2),
        path1: '',
        path2: '',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [keyword, ad] = records(response.body);
    expect(keyword!['Max CPC']).toBe('');
    expect(ad).toMatchObject({ 'Headline 3': headlines[2], 'Headline 4': '', 'Headline 15': '' });
    expect(ad).toMatchObject({ 'Description 2': descriptions[1], 'Description 3': '', 'Path 1': '', 'Path 2': '' });
  });

  it('keeps a headline of 30 characters counted by grapheme, emoji included', async () => {
    const owner = await buildUser(ctx);
    const list = await listWithFigures(owner, ['beans']);
    const emojiHeadline = `${'a'.repeat(28)}🇺🇸👍🏽`;
    expect(emojiHeadline.length).toBeGreaterThan(30);
    const response = await editorExport(
      owner,
      list.id,
      exportInput({ headlines: [emojiHeadline, ...headlines.slice(1)] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(records(response.body).at(-1)!['Headline 1']).toBe(emojiHeadline);
  });

  it('writes formula-like cells defused and quotes and commas as a CSV that parses back', async () => {
    const owner = await buildUser(ctx);
    const list = await listWithFigures(owner, ['+1 coffee', '-2 decaf', 'coffee/tea']);
    const response = await editorExport(
      owner,
      list.id,
      exportInput({ campaign: '=Campaign, "Search"', includeMaxCpc: false }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = records(response.body);
    expect(rows.map((row) => row.Keyword)).toEqual(['coffee/tea', "'-2 decaf", "'+1 coffee", '']);
    expect(rows.every((row) => row.Campaign === '\'=Campaign, "Search"')).toBe(true);
  });

  it('writes keywords as Google Ads takes them: symbols it refuses cleaned, too long left out, once each', async () => {
    const owner = await buildUser(ctx);
    const list = await listWithFigures(owner, [
      '=SUM(A1)',
      'coffee, "the good stuff"',
      'coffee the good stuff!',
      'best organic fair trade single origin whole bean dark roast coffee beans online',
      `${'very '.repeat(15)}long`,
      '?!',
      'men’s coffee mug',
    ]);
    const response = await editorExport(owner, list.id, exportInput({ includeMaxCpc: false }));
    expect(response.statusCode, response.body).toBe(200);
    expect(records(response.body).map((row) => row.Keyword)).toEqual([
      "men's coffee mug",
      'coffee the good stuff',
      'SUM A1',
      '',
    ]);
  });

  const refusals: Array<[string, object, string, string]> = [
    ['16 headlines', { headlines: [...headlines, 'One more'] }, 'body.headlines', messages.adsEditorHeadlineCount],
    ['2 headlines', { headlines: headlines.slice(0, 2) }, 'body.headlines', messages.adsEditorHeadlineCount],
    [
      '5 descriptions',
      { descriptions: [...descriptions, 'One more.'] },
      'body.descriptions',
      messages.adsEditorDescriptionCount,
    ],
    [
      '1 description',
      { descriptions: descriptions.slice(0, 1) },
      'body.descriptions',
      messages.adsEditorDescriptionCount,
    ],
    [
      'a headline of 31',
      { headlines: ['h'.repeat(31), ...headlines.slice(1)] },
      'body.headlines.0',
      messages.atMostCharacters(30),
    ],
    [
      // Refused by its length alone: segmenting it would take V8 half a minute.
      'a headline of 200,000 characters',
      { headlines: ['h'.repeat(200_000), ...headlines.slice(1)] },
      'body.headlines.0',
      messages.atMostCharacters(30),
    ],
    [
      'a description of 91',
      { descriptions: ['d'.repeat(91), descriptions[1]] },
      'body.descriptions.0',
      messages.atMostCharacters(90),
    ],
    ['a path of 16', { path1: 'p'.repeat(16) }, 'body.path1', messages.atMostCharacters(15)],
    ['Path 2 without Path 1', { path1: '', path2: 'beans' }, 'body.path2', messages.path2NeedsPath1],
    ['a final URL without a host', { finalUrl: 'greenleaf' }, 'body.finalUrl', messages.finalUrlInvalid],
    ['no campaign name', { campaign: ' ' }, 'body.campaign', messages.campaignNameRequired],
    ['an unknown match type', { matchType: 'Modified broad' }, 'body.matchType', ''],
  ];

  it.each(refusals)('answers 400 for %s and writes nothing', async (_label, overrides, path, message) => {
    const owner = await buildUser(ctx);
    const list = await listWithFigures(owner, ['beans']);
    const before = await dataSnapshot(ctx);
    const response = await editorExport(owner, list.id, exportInput(overrides));
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: { code: string; issues: Array<{ path: string; message: string }> } };
    if (message) expect(body).toEqual(validationError(path, message));
    else expect(body.error.issues.map((issue) => issue.path)).toEqual([path]);
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('exports a list without a project, its campaign named by the body', async () => {
    const owner = await buildUser(ctx);
    const keyword = await buildKeyword(ctx, { as: owner, keyword: 'cold brew' });
    const list = await buildKeywordList(ctx, { owner, keywordIds: [keyword.id] });
    const response = await editorExport(owner, list.id, exportInput());
    expect(response.statusCode, response.body).toBe(200);
    const rows = records(response.body);
    expect(rows.map((row) => [row.Campaign, row.Keyword, row['Max CPC']])).toEqual([
      ['Coffee, "Search"', 'cold brew', ''],
      ['Coffee, "Search"', '', ''],
    ]);
  });

  it("reads for the owner's team, not for a stranger, and asks a signed-out client to sign in", async () => {
    const world = await buildSharedProject(ctx);
    const list = await buildKeywordList(ctx, {
      owner: world.owner,
      projectId: world.project.id,
      keywordIds: [world.keyword.id],
    });
    const member = await editorExport(world.member, list.id, exportInput());
    expect(member.statusCode).toBe(200);
    expect(records(member.body)[0]!.Keyword).toBe(world.keyword.keyword);
    const stranger = await editorExport(world.stranger, list.id, exportInput());
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(errorBody('not_found', messages.notFound));
    const missing = await editorExport(world.owner, 999_999_999, exportInput());
    expect(missing.json()).toEqual(stranger.json());
    expect((await editorExport(null, list.id, exportInput())).statusCode).toBe(401);
  });

  it('writes every keyword of a 10,000-keyword list, in its order, and the ad last', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    await insertKeywords(ctx, project.id, 10_000);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    await fillKeywordList(ctx, list.id, project.id);
    const response = await editorExport(owner, list.id, exportInput());
    expect(response.statusCode).toBe(200);
    const rows = records(response.body);
    expect(rows).toHaveLength(10_001);
    expect(rows.slice(0, -1).map((row) => row.Keyword)).toEqual(
      Array.from({ length: 10_000 }, (_, i) => `term ${10_000 - i}`),
    );
    expect(rows.slice(0, -1).every((row) => row['Criterion Type'] === 'Exact' && row['Ad type'] === '')).toBe(true);
    expect(rows.at(-1)!['Ad type']).toBe('Responsive search ad');
  });
});
