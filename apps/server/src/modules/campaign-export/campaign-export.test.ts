import {
  adTextLength,
  buildPath,
  constants,
  endpoints,
  messages,
  type ClustersAnswer,
  type KeywordPage,
} from '@keywright/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { buildKeywordList } from '../../../test/factories/keyword-lists';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildSharedProject } from '../../../test/factories/team';
import type { TestUser } from '../../../test/factories/users';
import { errorBody, request } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import { adInputText, adLineProblem } from '../../providers/ad-copy/ad-lines';
import { adsEditorColumns, RESPONSIVE_SEARCH_AD } from '../ad-copy/ad-copy.service';

const ctx = useTestContext();

const url = (name: keyof typeof endpoints, params: Record<string, number> = {}) =>
  buildPath(endpoints[name].path, params);

const exportCampaign = (as: TestUser | null, projectId: number, payload: object) =>
  request(ctx, as, { method: 'POST', url: url('exportCampaign', { projectId }), payload });

type Row = Record<string, string>;

/** The file parsed back as a spreadsheet reads it, each row by its header. */
function rowsOf(text: string): Row[] {
  expect(text.startsWith('\ufeff')).toBe(true);
  const [header, ...rows] = parse(text, { bom: true, relax_column_count: false }) as string[][];
  expect(header).toEqual([...adsEditorColumns]);
  return rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index]!])));
}

const project = {
  name: 'Bright Smile Dental',
  description: 'Family dentist in Denver: teeth whitening, dental implants and emergency care',
  country: 'United States',
  city: 'Denver',
  language: 'English',
};
const keywords = [
  'teeth whitening',
  'teeth whitening near me',
  'teeth whitening price',
  'professional teeth whitening',
  'best teeth whitening',
  'dental implants',
  'dental implants cost',
  'cheap dental implants',
  'dental implants near me',
  'how much do dental implants cost',
  'emergency dentist',
  'emergency dentist near me',
  'emergency dentist denver',
  '24 hour emergency dentist',
  'emergency dentist open now',
];

/**
 * Every row and every limit of a campaign file: one campaign; per ad group its keyword rows (the
 * match type, Max CPC from the high bid or empty) then one responsive search ad of 15 headlines
 * (30 characters) and 4 descriptions (90) that keep the ad-line rules, the final URL and a path
 * of at most 15 characters; ad group names unique.
 */
function checkCampaign(
  rows: Row[],
  expected: {
    campaign: string;
    matchType: string;
    finalUrl: string;
    groups: Map<string, Array<{ keyword: string; maxCpc: string }>>;
    inputText: string;
  },
) {
  const seen = new Set<string>();
  let index = 0;
  while (index < rows.length) {
    const adGroup = rows[index]!['Ad group']!;
    expect(seen.has(adGroup), `ad group ${adGroup} twice`).toBe(false);
    seen.add(adGroup);
    const wanted = expected.groups.get(adGroup);
    expect(wanted, `ad group ${adGroup}`).toBeDefined();
    const keywordRows: Row[] = [];
    while (rows[index]!['Ad type'] === '') keywordRows.push(rows[index++]!);
    const ad = rows[index++]!;
    for (const row of [...keywordRows, ad]) {
      expect(row.Campaign).toBe(expected.campaign);
      expect(row['Ad group']).toBe(adGroup);
    }
    expect(keywordRows.map((row) => ({ keyword: row.Keyword, maxCpc: row['Max CPC'] }))).toEqual(wanted);
    for (const row of keywordRows) {
      expect(row['Criterion Type']).toBe(expected.matchType);
      const empty = Object.entries(row).filter(
        ([name]) => !['Campaign', 'Ad group', 'Keyword', 'Criterion Type', 'Max CPC'].includes(name),
      );
      expect(empty.every(([, value]) => value === '')).toBe(true);
    }
    expect(ad).toMatchObject({ Keyword: '', 'Criterion Type': '', 'Max CPC': '', 'Ad type': RESPONSIVE_SEARCH_AD });
    const headlines = Array.from({ length: 15 }, (_, i) => ad[`Headline ${i + 1}`]!);
    const descriptions = Array.from({ length: 4 }, (_, i) => ad[`Description ${i + 1}`]!);
    expect(headlines.filter(Boolean)).toHaveLength(constants.adsEditor.maxHeadlines);
    expect(descriptions.filter(Boolean)).toHaveLength(constants.adsEditor.maxDescriptions);
    for (const line of headlines) {
      expect(adTextLength(line), line).toBeLessThanOrEqual(constants.headlines.maxLength);
      expect(adLineProblem('headlines', line, expected.inputText), line).toBeNull();
    }
    for (const line of descriptions) {
      expect(adTextLength(line), line).toBeLessThanOrEqual(constants.descriptions.maxLength);
      expect(adLineProblem('descriptions', line, expected.inputText), line).toBeNull();
    }
    expect(new Set(headlines.map((line) => line.toLowerCase())).size).toBe(15);
    expect(ad['Final URL']).toBe(expected.finalUrl);
    expect(adTextLength(ad['Path 1']!)).toBeLessThanOrEqual(constants.adsEditor.pathMaxLength);
    expect(ad['Path 1']).toMatch(/^[\p{L}\p{N}-]*$/u);
    expect(ad['Path 2']).toBe('');
  }
  expect([...seen].sort()).toEqual([...expected.groups.keys()].sort());
}

const dollars = (micros: number | null) => (micros == null ? '' : (micros / 1_000_000).toFixed(2));

describe('POST /api/projects/:projectId/campaign-export', () => {
  it('writes one campaign named after the project, an ad group per group with its keywords and one ad', async () => {
    const world = await buildSharedProject(ctx);
    const made = await buildProject(ctx, { owner: world.owner, ...project });
    for (const keyword of keywords) await buildKeyword(ctx, { as: world.owner, projectId: made.id, keyword });
    // Figures cached, as after Show CPC: each keyword's Max CPC is its high bid.
    await request(ctx, world.owner, { method: 'POST', url: url('keywordMetrics'), payload: { projectId: made.id } });

    const response = await exportCampaign(world.member, made.id, { finalUrl: 'https://brightsmile.example/book' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Bright_Smile_Dental_campaign_${today}.csv"`,
    );
    const groups = (
      await request(ctx, world.owner, { method: 'GET', url: url('projectClusters', { projectId: made.id }) })
    ).json<ClustersAnswer>();
    expect(groups.clusters.length).toBe(3);
    // Estimated bids are no Max CPC unless the person asks (issue 24): the ad group's default bid applies.
    const rows = rowsOf(response.body);
    expect(rows.filter((row) => row['Max CPC'] !== '')).toEqual([]);
    const withEstimates = await exportCampaign(world.member, made.id, {
      finalUrl: 'https://brightsmile.example/book',
      useEstimatedBids: true,
    });
    checkCampaign(rowsOf(withEstimates.body), {
      campaign: project.name,
      matchType: 'Phrase',
      finalUrl: 'https://brightsmile.example/book',
      groups: new Map(
        groups.clusters.map((cluster) => [
          cluster.name,
          cluster.keywords.map((keyword) => ({ keyword: keyword.keyword, maxCpc: dollars(keyword.cpc_high) })),
        ]),
      ),
      inputText: adInputText({ keywords, project: { ...project, siteUrl: '', targetAudience: '' } }),
    });
    // Every keyword of the project once, with a Max CPC where figures are cached.
    const page = (
      await request(ctx, world.owner, {
        method: 'GET',
        url: `${url('projectKeywordPage', { projectId: made.id })}?metrics=true&pageSize=100`,
      })
    ).json<KeywordPage>();
    const keywordRows = rowsOf(withEstimates.body).filter((row) => row.Keyword !== '');
    expect(keywordRows.map((row) => row.Keyword).sort()).toEqual([...keywords].sort());
    for (const row of keywordRows) {
      const figures = page.data.find((keyword) => keyword.keyword === row.Keyword)!.metrics;
      expect(row['Max CPC'], row.Keyword).toBe(dollars(figures?.cpc_high ?? null));
    }
    // The display path: the ad group's name, whole words within 15 characters.
    const paths = new Map(rows.filter((row) => row['Ad type'] !== '').map((row) => [row['Ad group'], row['Path 1']]));
    expect(paths).toEqual(
      new Map([
        ['teeth whitening', 'teeth-whitening'],
        ['dental implants', 'dental-implants'],
        ['emergency dentist', 'emergency'],
      ]),
    );
  });

  it('writes an ad group per list of the project at the match type asked, without Max CPC when asked', async () => {
    const world = await buildSharedProject(ctx);
    const made = await buildProject(ctx, { owner: world.owner, ...project });
    const ids = new Map<string, number>();
    for (const keyword of keywords) {
      ids.set(keyword, (await buildKeyword(ctx, { as: world.owner, projectId: made.id, keyword })).id);
    }
    const pick = (texts: string[]) => texts.map((text) => ids.get(text)!);
    await buildKeywordList(ctx, {
      owner: world.owner,
      projectId: made.id,
      name: 'Whitening',
      keywordIds: pick(keywords.slice(0, 5)),
    });
    // A member's list of the project, named like the owner's in another case: two ad groups all the same
    // for the member, who reads both (the owner does not read the member's own lists).
    await buildKeywordList(ctx, {
      owner: world.member,
      projectId: made.id,
      name: 'whitening',
      keywordIds: pick(['teeth whitening', 'emergency dentist']),
    });
    // A list of another project is not the campaign's.
    await buildKeywordList(ctx, { owner: world.owner, name: 'Elsewhere', keywordIds: pick(['dental implants']) });

    const response = await exportCampaign(world.member, made.id, {
      groupBy: 'lists',
      campaign: 'Denver search',
      matchType: 'Exact',
      includeMaxCpc: false,
      finalUrl: 'https://brightsmile.example',
    });
    expect(response.statusCode, response.body).toBe(200);
    const inList = (texts: string[]) => [...texts].reverse().map((keyword) => ({ keyword, maxCpc: '' }));
    checkCampaign(rowsOf(response.body), {
      campaign: 'Denver search',
      matchType: 'Exact',
      finalUrl: 'https://brightsmile.example',
      groups: new Map([
        ['Whitening', inList(keywords.slice(0, 5))],
        ['whitening (2)', inList(['teeth whitening', 'emergency dentist'])],
      ]),
      inputText: adInputText({ keywords, project: { ...project, siteUrl: '', targetAudience: '' } }),
    });
  });

  it('answers 409 with nothing to export, 400 for a bad final URL, 404 to a stranger and 401 signed out', async () => {
    const world = await buildSharedProject(ctx);
    const empty = await buildProject(ctx, { owner: world.owner });
    const finalUrl = 'https://example.com';
    expect((await exportCampaign(world.owner, empty.id, { finalUrl })).json()).toEqual(
      errorBody('conflict', messages.noGroupsToExport),
    );
    expect((await exportCampaign(world.owner, world.project.id, { finalUrl, groupBy: 'lists' })).json()).toEqual(
      errorBody('conflict', messages.noListsToExport),
    );
    const bad = await exportCampaign(world.owner, world.project.id, { finalUrl: 'example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { message: messages.finalUrlInvalid } });
    expect((await exportCampaign(world.stranger, world.project.id, { finalUrl })).json()).toEqual(
      errorBody('not_found', messages.notFound),
    );
    expect((await exportCampaign(null, world.project.id, { finalUrl })).statusCode).toBe(401);
  });
});
