import {
  buildPath,
  decodeLeftOut,
  endpoints,
  leftOutHeader,
  messages,
  negativeCriterionType,
  type ExportLeftOut,
  type NegativeList,
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
import { adsEditorColumns } from '../ad-copy/ad-copy.service';

const ctx = useTestContext();

const url = (name: keyof typeof endpoints, params: Record<string, number> = {}) =>
  buildPath(endpoints[name].path, params);

type Row = Record<string, string>;

/** The file parsed back as a spreadsheet reads it, each row by its header. */
function rowsOf(text: string): Row[] {
  const [header, ...rows] = parse(text, { bom: true, relax_column_count: false }) as string[][];
  expect(header).toEqual([...adsEditorColumns]);
  return rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index]!])));
}

/** The campaign's negative rows: keyword, criterion type, and the cells that must be empty. */
const negativesOf = (rows: Row[]) =>
  rows
    .filter((row) => row['Criterion Type']!.startsWith('Negative'))
    .map((row) => ({
      campaign: row.Campaign,
      adGroup: row['Ad group'],
      keyword: row.Keyword,
      type: row['Criterion Type'],
      maxCpc: row['Max CPC'],
    }));

const tooLong = `${'whitening '.repeat(7)}whitening11`; // 81 characters, 8 words
const tooManyWords = 'best teeth whitening kit for sensitive teeth at home near me today'; // 11 words
const keywords = ['teeth whitening', 'teeth whitening kit', 'dental implants', tooLong, tooManyWords];

/**
 * A dentist's project with a list of keywords (two beyond Google Ads' limits) and two negative
 * lists: Job seekers (exact and phrase) and Free (a term written twice once cleaned, one that
 * becomes eleven words and one with no letter at all).
 */
async function dentist() {
  const world = await buildSharedProject(ctx);
  const project = await buildProject(ctx, { owner: world.owner, name: 'Bright Smile Dental' });
  const ids: number[] = [];
  for (const keyword of keywords)
    ids.push((await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword })).id);
  const list = await buildKeywordList(ctx, {
    owner: world.owner,
    projectId: project.id,
    name: 'Whitening',
    keywordIds: ids,
  });
  const negativeList = async (name: string, items: Array<{ text: string; match_type: 'exact' | 'phrase' }>) => {
    const made = await request(ctx, world.owner, {
      method: 'POST',
      url: url('createNegativeList', { projectId: project.id }),
      payload: { name },
    });
    expect(made.statusCode, made.body).toBe(201);
    const negative = made.json<NegativeList>();
    const added = await request(ctx, world.owner, {
      method: 'POST',
      url: url('addNegativeItems', { id: negative.id }),
      payload: { items },
    });
    expect(added.json()).toMatchObject({ added: items.length });
    return negative;
  };
  const jobs = await negativeList('Job seekers', [
    { text: 'dentist jobs', match_type: 'exact' },
    { text: 'salary', match_type: 'phrase' },
  ]);
  const free = await negativeList('Free', [
    { text: 'free', match_type: 'phrase' },
    { text: 'free!', match_type: 'phrase' },
    { text: 'a!b!c!d!e!f!g!h!i!j!k', match_type: 'phrase' },
    { text: '%%%', match_type: 'exact' },
  ]);
  // Another project's list, even one its owner reads, is not this project's.
  const other = await buildProject(ctx, { owner: world.owner, name: 'Other' });
  const elsewhere = await request(ctx, world.owner, {
    method: 'POST',
    url: url('createNegativeList', { projectId: other.id }),
    payload: { name: 'Elsewhere' },
  });
  return { world, project, list, jobs, free, elsewhere: elsewhere.json<NegativeList>() };
}

const jobNegatives = (campaign: string) => [
  { campaign, adGroup: '', keyword: 'dentist jobs', type: negativeCriterionType.exact, maxCpc: '' },
  { campaign, adGroup: '', keyword: 'salary', type: negativeCriterionType.phrase, maxCpc: '' },
];
// "free!" is "free" once cleaned: written once.
const freeNegatives = (campaign: string) => [
  { campaign, adGroup: '', keyword: 'free', type: negativeCriterionType.phrase, maxCpc: '' },
];

/** What both exports leave out of the dentist's file, named in the header's summary. */
const dentistLeftOut: ExportLeftOut = {
  keywords: 2,
  negatives: 2,
  by_reason: { too_long: 1, too_many_words: 2, no_letters: 1, unknown_ad_group: 0 },
  items: expect.arrayContaining([
    { text: tooLong, kind: 'keyword', reason: 'too_long' },
    { text: tooManyWords, kind: 'keyword', reason: 'too_many_words' },
    { text: 'a!b!c!d!e!f!g!h!i!j!k', kind: 'negative', reason: 'too_many_words' },
    { text: '%%%', kind: 'negative', reason: 'no_letters' },
  ]) as ExportLeftOut['items'],
};

const finalUrl = 'https://brightsmile.example';

describe('negative lists and Google Ads limits in the campaign export', () => {
  const exportCampaign = (as: TestUser | null, projectId: number, payload: object) =>
    request(ctx, as, {
      method: 'POST',
      url: url('exportCampaign', { projectId }),
      payload: { groupBy: 'lists', campaign: 'Denver search', finalUrl, ...payload },
    });

  it("carries all of the project's negative lists without negativeListIds, as campaign negatives", async () => {
    const { world, project } = await dentist();
    const response = await exportCampaign(world.member, project.id, {});
    expect(response.statusCode, response.body).toBe(200);
    const rows = rowsOf(response.body);
    // Lists by name: Free, then Job seekers; after the ad group.
    expect(negativesOf(rows)).toEqual([...freeNegatives('Denver search'), ...jobNegatives('Denver search')]);
    const firstNegative = rows.findIndex((row) => row['Criterion Type']!.startsWith('Negative'));
    expect(firstNegative).toBeGreaterThan(0);
    expect(rows.slice(firstNegative).every((row) => row['Ad type'] === '' && row['Ad group'] === '')).toBe(true);
    // The keywords beyond the limits are not in the file, and the summary names them.
    const written = rows
      .filter((row) => row['Ad group'] === 'Whitening' && row.Keyword !== '')
      .map((row) => row.Keyword);
    expect(written.sort()).toEqual(['dental implants', 'teeth whitening', 'teeth whitening kit']);
    expect(decodeLeftOut(response.headers[leftOutHeader] as string)).toEqual(dentistLeftOut);
  });

  it('carries only the lists chosen, none for [], and refuses a list not of the project with nothing written', async () => {
    const { world, project, jobs, free, elsewhere } = await dentist();
    const jobsOnly = await exportCampaign(world.owner, project.id, { negativeListIds: [jobs.id] });
    expect(negativesOf(rowsOf(jobsOnly.body))).toEqual(jobNegatives('Denver search'));
    // Only the chosen lists' terms count in the summary.
    expect(decodeLeftOut(jobsOnly.headers[leftOutHeader] as string)).toMatchObject({ keywords: 2, negatives: 0 });

    const none = await exportCampaign(world.owner, project.id, { negativeListIds: [] });
    expect(none.statusCode).toBe(200);
    expect(negativesOf(rowsOf(none.body))).toEqual([]);

    for (const ids of [
      [jobs.id, elsewhere.id],
      [free.id, 99_999_999],
    ]) {
      const refused = await exportCampaign(world.owner, project.id, { negativeListIds: ids });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toMatch(/application\/json/);
      expect(refused.json()).toEqual(errorBody('validation_error', messages.negativeListsNotInProject([ids[1]!])));
    }
    const notIds = await exportCampaign(world.owner, project.id, { negativeListIds: 'all' });
    expect(notIds.statusCode).toBe(400);
  });

  it('says nothing was left out when every keyword is within the limits', async () => {
    const world = await buildSharedProject(ctx);
    const made = await buildProject(ctx, { owner: world.owner });
    const keyword = await buildKeyword(ctx, { as: world.owner, projectId: made.id, keyword: 'teeth whitening' });
    await buildKeywordList(ctx, {
      owner: world.owner,
      projectId: made.id,
      name: 'Whitening',
      keywordIds: [keyword.id],
    });
    const response = await exportCampaign(world.owner, made.id, {});
    expect(decodeLeftOut(response.headers[leftOutHeader] as string)).toEqual({
      keywords: 0,
      negatives: 0,
      by_reason: { too_long: 0, too_many_words: 0, no_letters: 0, unknown_ad_group: 0 },
      items: [],
    });
  });
});

describe("negative lists and Google Ads limits in a list's Google Ads Editor export", () => {
  const headlines = ['Bright Smile Dental', 'Whitening in Denver', 'Book a visit today'];
  const descriptions = ['Gentle care for the whole family.', 'Book your visit online in a minute.'];
  const exportList = (as: TestUser | null, listId: number, payload: object = {}) =>
    request(ctx, as, {
      method: 'POST',
      url: url('exportGoogleAdsEditor', { id: listId }),
      payload: { campaign: 'Denver search', adGroup: 'Whitening', finalUrl, headlines, descriptions, ...payload },
    });

  it("carries the list's project's negative lists (all, chosen, none) and names what the limits left out", async () => {
    const { world, list, jobs, elsewhere } = await dentist();
    const all = await exportList(world.member, list.id);
    expect(all.statusCode, all.body).toBe(200);
    const rows = rowsOf(all.body);
    expect(negativesOf(rows)).toEqual([...freeNegatives('Denver search'), ...jobNegatives('Denver search')]);
    expect(
      rows
        .filter((row) => row['Ad group'] === 'Whitening' && row.Keyword !== '')
        .map((row) => row.Keyword)
        .sort(),
    ).toEqual(['dental implants', 'teeth whitening', 'teeth whitening kit']);
    expect(decodeLeftOut(all.headers[leftOutHeader] as string)).toEqual(dentistLeftOut);

    const chosen = await exportList(world.owner, list.id, { negativeListIds: [jobs.id] });
    expect(negativesOf(rowsOf(chosen.body))).toEqual(jobNegatives('Denver search'));
    const none = await exportList(world.owner, list.id, { negativeListIds: [] });
    expect(negativesOf(rowsOf(none.body))).toEqual([]);

    const refused = await exportList(world.owner, list.id, { negativeListIds: [elsewhere.id] });
    expect(refused.json()).toEqual(errorBody('validation_error', messages.negativeListsNotInProject([elsewhere.id])));
  });

  it('a list without a project has no negatives: none by default, a named list refused', async () => {
    const { world, jobs } = await dentist();
    const keyword = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id, keyword: 'dental care' });
    const loose = await buildKeywordList(ctx, { owner: world.owner, name: 'Loose', keywordIds: [keyword.id] });
    const plain = await exportList(world.owner, loose.id);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(negativesOf(rowsOf(plain.body))).toEqual([]);
    const refused = await exportList(world.owner, loose.id, { negativeListIds: [jobs.id] });
    expect(refused.json()).toEqual(errorBody('validation_error', messages.negativeListsNotInProject([jobs.id])));
  });
});

describe('negatives of one ad group in the exports', () => {
  /**
   * A dentist's project with two keyword lists (ad groups Whitening and Implants when grouped by
   * list) and a negative list holding a term for the campaign and the same term for Whitening, one
   * for "implants" (another case), and one for an ad group no export has (Veneers).
   */
  async function crossGroups() {
    const world = await buildSharedProject(ctx);
    const project = await buildProject(ctx, { owner: world.owner, name: 'Bright Smile Dental' });
    const listOf = async (name: string, texts: string[]) => {
      const ids: number[] = [];
      for (const keyword of texts)
        ids.push((await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword })).id);
      return buildKeywordList(ctx, { owner: world.owner, projectId: project.id, name, keywordIds: ids });
    };
    const whitening = await listOf('Whitening', ['teeth whitening', 'teeth whitening kit']);
    await listOf('Implants', ['dental implants', 'implant cost']);
    const made = await request(ctx, world.owner, {
      method: 'POST',
      url: url('createNegativeList', { projectId: project.id }),
      payload: { name: 'Cross-group' },
    });
    const negative = made.json<NegativeList>();
    const added = await request(ctx, world.member, {
      method: 'POST',
      url: url('addNegativeItems', { id: negative.id }),
      payload: {
        items: [
          { text: 'dental implants', match_type: 'exact' },
          { text: 'dental implants', match_type: 'exact', ad_group: 'Whitening' },
          { text: 'teeth whitening', match_type: 'phrase', ad_group: 'implants' },
          { text: 'porcelain veneers', match_type: 'exact', ad_group: 'Veneers' },
        ],
      },
    });
    expect(added.json()).toMatchObject({ added: 4 });
    return { world, project, whitening };
  }

  const veneers = { text: 'porcelain veneers', kind: 'negative', reason: 'unknown_ad_group', ad_group: 'Veneers' };

  it("writes an ad group's negative with the group's name, the campaign's with Ad group empty, and reports one of a group not in the file", async () => {
    const { world, project } = await crossGroups();
    const response = await request(ctx, world.member, {
      method: 'POST',
      url: url('exportCampaign', { projectId: project.id }),
      payload: { groupBy: 'lists', campaign: 'Denver search', finalUrl },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(negativesOf(rowsOf(response.body))).toEqual([
      { campaign: 'Denver search', adGroup: '', keyword: 'dental implants', type: 'Negative exact', maxCpc: '' },
      {
        campaign: 'Denver search',
        adGroup: 'Whitening',
        keyword: 'dental implants',
        type: 'Negative exact',
        maxCpc: '',
      },
      {
        campaign: 'Denver search',
        adGroup: 'Implants',
        keyword: 'teeth whitening',
        type: 'Negative phrase',
        maxCpc: '',
      },
    ]);
    expect(decodeLeftOut(response.headers[leftOutHeader] as string)).toEqual({
      keywords: 0,
      negatives: 1,
      by_reason: { too_long: 0, too_many_words: 0, no_letters: 0, unknown_ad_group: 1 },
      items: [veneers],
    });
    expect(messages.leftOutItem(veneers.text, true, messages.leftOutReasons.unknown_ad_group, veneers.ad_group)).toBe(
      'Negative keyword “porcelain veneers” of the ad group Veneers: the file has no ad group of that name',
    );
  });

  it("carries the campaign's negatives and its own ad group's in a list's export, and reports other groups'", async () => {
    const { world, whitening } = await crossGroups();
    const response = await request(ctx, world.owner, {
      method: 'POST',
      url: url('exportGoogleAdsEditor', { id: whitening.id }),
      payload: {
        campaign: 'Denver search',
        adGroup: 'Whitening',
        finalUrl,
        headlines: ['Bright Smile Dental', 'Whitening in Denver', 'Book a visit today'],
        descriptions: ['Gentle care for the whole family.', 'Book your visit online in a minute.'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(negativesOf(rowsOf(response.body))).toEqual([
      { campaign: 'Denver search', adGroup: '', keyword: 'dental implants', type: 'Negative exact', maxCpc: '' },
      {
        campaign: 'Denver search',
        adGroup: 'Whitening',
        keyword: 'dental implants',
        type: 'Negative exact',
        maxCpc: '',
      },
    ]);
    expect(decodeLeftOut(response.headers[leftOutHeader] as string)).toEqual({
      keywords: 0,
      negatives: 2,
      by_reason: { too_long: 0, too_many_words: 0, no_letters: 0, unknown_ad_group: 2 },
      // By text, as the list holds them.
      items: [veneers, { text: 'teeth whitening', kind: 'negative', reason: 'unknown_ad_group', ad_group: 'implants' }],
    });
  });
});
