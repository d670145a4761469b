import {
  buildPath,
  endpoints,
  messages,
  type NegativeItemsAdded,
  type NegativeList,
  type NegativeListDetail,
} from '@keywright/contract';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '../../../test/factories/projects';
import { buildSharedProject, type SharedProject } from '../../../test/factories/team';
import type { TestUser } from '../../../test/factories/users';
import { dataChecksums, errorBody, request, validationError } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';

const ctx = useTestContext({ app: { jobs: 'off' } });

const url = (name: keyof typeof endpoints, params: Record<string, number> = {}) =>
  buildPath(endpoints[name].path, params);
const send = (as: TestUser | null, options: InjectOptions) => request(ctx, as, options);

const createList = (as: TestUser | null, projectId: number, name: unknown) =>
  send(as, { method: 'POST', url: url('createNegativeList', { projectId }), payload: { name } });
const addItems = (as: TestUser | null, id: number, payload: object) =>
  send(as, { method: 'POST', url: url('addNegativeItems', { id }), payload });

async function newList(as: TestUser, projectId: number, name: string): Promise<NegativeList> {
  const response = await createList(as, projectId, name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function readList(as: TestUser, id: number, query = ''): Promise<NegativeListDetail> {
  const response = await send(as, { method: 'GET', url: `${url('getNegativeList', { id })}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function add(as: TestUser, id: number, payload: object): Promise<NegativeItemsAdded> {
  const response = await addItems(as, id, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function listsOf(as: TestUser, projectId: number): Promise<NegativeList[]> {
  const response = await send(as, { method: 'GET', url: url('listNegativeLists', { projectId }) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const terms = (detail: NegativeListDetail) => detail.items.map((item) => `${item.match_type} ${item.text}`);

/** Asserts that a refused call wrote nothing. */
async function refusedUnchanged(
  call: () => Promise<{ statusCode: number; json(): unknown }>,
  status: number,
  body: unknown,
) {
  const before = await dataChecksums(ctx);
  const response = await call();
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual(body);
  expect(await dataChecksums(ctx)).toEqual(before);
}

let world: SharedProject;
beforeAll(async () => {
  world = await buildSharedProject(ctx);
});

describe('negative lists of a project', () => {
  it('creates a list answering its id, and lists the project’s lists by name with their term counts', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    const jobs = await newList(world.owner, project.id, '  Job seekers ');
    expect(jobs).toEqual({
      id: expect.any(Number),
      project_id: project.id,
      name: 'Job seekers',
      count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const diy = await newList(world.member, project.id, 'DIY');
    await add(world.owner, jobs.id, { text: 'salary', match_type: 'phrase' });
    expect(await listsOf(world.owner, project.id)).toEqual([
      { ...diy, count: 0 },
      { ...jobs, count: 1, updated_at: expect.any(String) },
    ]);
    expect(await listsOf(world.owner, world.project.id)).toEqual([]);
  });

  it('refuses a name the project already has, in any case, and writes nothing; another project may have it', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    await newList(world.owner, project.id, 'Competitors');
    const taken = errorBody('conflict', messages.negativeListNameTaken);
    await refusedUnchanged(() => createList(world.member, project.id, 'COMPETITORS'), 409, taken);
    const other = await buildProject(ctx, { owner: world.owner });
    await newList(world.owner, other.id, 'competitors');
  });

  it('refuses an empty or missing name with a clear text', async () => {
    const required = validationError('body.name', messages.listNameRequired);
    await refusedUnchanged(() => createList(world.owner, world.project.id, '   '), 400, required);
    await refusedUnchanged(() => createList(world.owner, world.project.id, null), 400, required);
  });

  it('renames a list; another list’s name is refused, its own in another case is fine', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    const list = await newList(world.owner, project.id, 'free stuff');
    await newList(world.owner, project.id, 'Jobs');
    const rename = (name: string) =>
      send(world.member, { method: 'PUT', url: url('updateNegativeList', { id: list.id }), payload: { name } });
    await refusedUnchanged(() => rename('jobs'), 409, errorBody('conflict', messages.negativeListNameTaken));
    const renamed = await rename('Free Stuff');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: list.id, name: 'Free Stuff', count: 0 });
    expect((await readList(world.owner, list.id)).name).toBe('Free Stuff');
  });

  it('deletes a list with its terms; a project deleted takes its lists with it', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    const list = await newList(world.owner, project.id, 'Gone soon');
    await add(world.owner, list.id, { text: 'jobs', match_type: 'exact' });
    const deleted = await send(world.member, { method: 'DELETE', url: url('deleteNegativeList', { id: list.id }) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    const read = await send(world.owner, { method: 'GET', url: url('getNegativeList', { id: list.id }) });
    expect(read.statusCode).toBe(404);
    const { rows } = await ctx.database.pool.query('select 1 from negative_list_items where list_id = $1', [list.id]);
    expect(rows).toEqual([]);

    const kept = await newList(world.owner, project.id, 'With the project');
    await send(world.owner, { method: 'DELETE', url: url('deleteProject', { id: project.id }) });
    const after = await ctx.database.pool.query('select 1 from negative_lists where id = $1', [kept.id]);
    expect(after.rows).toEqual([]);
  });
});

describe('terms of a negative list', () => {
  it('adds one term with its match type, tidied; the same text once per match type', async () => {
    const list = await newList(world.owner, world.project.id, 'One at a time');
    expect(await add(world.owner, list.id, { text: '  Free   Trial ', match_type: 'exact' })).toEqual({
      added: 1,
      skipped: 0,
      skipped_by_reason: { duplicate: 0, too_long: 0, too_many_words: 0, empty: 0 },
      skipped_items: [],
    });
    expect(await add(world.member, list.id, { text: 'free trial', match_type: 'exact' })).toEqual({
      added: 0,
      skipped: 1,
      skipped_by_reason: { duplicate: 1, too_long: 0, too_many_words: 0, empty: 0 },
      skipped_items: [{ text: 'free trial', match_type: 'exact', ad_group: null, reason: 'duplicate' }],
    });
    expect((await add(world.owner, list.id, { text: 'FREE TRIAL', match_type: 'phrase' })).added).toBe(1);
    const detail = await readList(world.owner, list.id);
    expect(terms(detail)).toEqual(['exact Free Trial', 'phrase FREE TRIAL']);
    expect(detail.count).toBe(2);
    expect(detail.items[0]).toEqual({
      id: expect.any(Number),
      text: 'Free Trial',
      match_type: 'exact',
      ad_group: null,
      created_at: expect.any(String),
    });
  });

  it('adds a term for one ad group beside the same term for the campaign; each level once, whatever the group’s case', async () => {
    const list = await newList(world.owner, world.project.id, 'Levels');
    expect(await add(world.owner, list.id, { text: 'leather belt', match_type: 'exact' })).toMatchObject({ added: 1 });
    expect(
      await add(world.member, list.id, { text: 'Leather  belt', match_type: 'exact', ad_group: '  Wallets  ' }),
    ).toMatchObject({ added: 1, skipped: 0 });
    // Empty is the campaign: a duplicate of the first.
    expect(await add(world.owner, list.id, { text: 'leather belt', match_type: 'exact', ad_group: ' ' })).toMatchObject(
      {
        added: 0,
        skipped_items: [{ text: 'leather belt', match_type: 'exact', ad_group: null, reason: 'duplicate' }],
      },
    );
    const answer = await add(world.owner, list.id, {
      items: [
        { text: 'leather belt', match_type: 'exact', ad_group: 'wallets' },
        { text: 'leather belt', match_type: 'exact', ad_group: 'Belts and   braces' },
        { text: 'leather belt', match_type: 'phrase', ad_group: 'Wallets' },
        { text: 'wallet', match_type: 'exact', ad_group: 'Belts and braces' },
        { text: 'WALLET', match_type: 'exact', ad_group: 'belts and braces' },
        { text: 'wallet', match_type: 'exact', ad_group: null },
        { text: 'sale', match_type: 'phrase', ad_group: '' },
      ],
    });
    expect(answer).toEqual({
      added: 5,
      skipped: 2,
      skipped_by_reason: { duplicate: 2, too_long: 0, too_many_words: 0, empty: 0 },
      skipped_items: [
        { text: 'leather belt', match_type: 'exact', ad_group: 'wallets', reason: 'duplicate' },
        { text: 'WALLET', match_type: 'exact', ad_group: 'belts and braces', reason: 'duplicate' },
      ],
    });
    const detail = await readList(world.member, list.id);
    expect(detail.count).toBe(7);
    expect(detail.items.map((item) => [item.match_type, item.text, item.ad_group])).toEqual([
      ['exact', 'leather belt', null],
      ['exact', 'leather belt', 'Belts and braces'],
      ['exact', 'Leather belt', 'Wallets'],
      ['phrase', 'leather belt', 'Wallets'],
      ['phrase', 'sale', null],
      ['exact', 'wallet', null],
      ['exact', 'wallet', 'Belts and braces'],
    ]);
  });

  it('refuses one term that cannot be a negative keyword, with a clear text, and writes nothing', async () => {
    const list = await newList(world.owner, world.project.id, 'Refusals');
    const cases: Array<[object, string, string]> = [
      [{ text: '   ', match_type: 'exact' }, 'body.text', messages.negativeTextRequired],
      [{ match_type: 'exact' }, 'body.text', messages.negativeTextRequired],
      [{ text: 'x'.repeat(81), match_type: 'exact' }, 'body.text', messages.negativeTextTooLong],
      [
        { text: 'one two three four five six seven eight nine ten eleven', match_type: 'phrase' },
        'body.text',
        messages.negativeTextTooManyWords,
      ],
      [{ text: 'cheap', match_type: 'broad' }, 'body.match_type', messages.negativeMatchTypeRequired],
      [{ text: 'cheap' }, 'body.match_type', messages.negativeMatchTypeRequired],
      [
        { text: 'cheap', match_type: 'exact', items: [{ text: 'x', match_type: 'exact' }] },
        'body.items',
        messages.negativeTextOrItems,
      ],
      [{ items: [] }, 'body.items', messages.negativeItemsRequired],
      [
        { items: [{ text: 'cheap', match_type: 'broad' }] },
        'body.items.0.match_type',
        messages.negativeMatchTypeRequired,
      ],
      [{ items: [{ text: 'a\u0000b', match_type: 'exact' }] }, 'body.items.0.text', messages.invalidCharacters],
      [
        { text: 'cheap', match_type: 'exact', ad_group: 'g'.repeat(256) },
        'body.ad_group',
        messages.negativeAdGroupTooLong(255),
      ],
      [{ text: 'cheap', match_type: 'exact', ad_group: 7 }, 'body.ad_group', messages.negativeAdGroupInvalid],
      [
        { items: [{ text: 'cheap', match_type: 'exact', ad_group: ['Belts'] }] },
        'body.items.0.ad_group',
        messages.negativeAdGroupInvalid,
      ],
      [
        { ad_group: 'Belts', items: [{ text: 'cheap', match_type: 'exact' }] },
        'body.items',
        messages.negativeTextOrItems,
      ],
    ];
    for (const [payload, path, message] of cases) {
      await refusedUnchanged(() => addItems(world.owner, list.id, payload), 400, validationError(path, message));
    }
    const tooMany = Array.from({ length: 5001 }, (_, index) => ({ text: `term ${index}`, match_type: 'exact' }));
    await refusedUnchanged(
      () => addItems(world.owner, list.id, { items: tooMany }),
      400,
      validationError('body.items', messages.tooManyNegativeItems(5000)),
    );
    // Exactly at Google Ads' limits is fine.
    const atLimits = await add(world.owner, list.id, {
      items: [
        { text: 'x'.repeat(80), match_type: 'exact' },
        { text: 'one two three four five six seven eight nine ten', match_type: 'phrase' },
      ],
    });
    expect(atLimits.added).toBe(2);
  });

  it('adds a pasted list, skipping and counting what cannot be added, with reasons', async () => {
    const list = await newList(world.owner, world.project.id, 'Pasted');
    await add(world.owner, list.id, { text: 'jobs', match_type: 'phrase' });
    const answer = await add(world.member, list.id, {
      items: [
        { text: 'salary', match_type: 'phrase' },
        { text: 'Jobs', match_type: 'phrase' },
        { text: 'jobs', match_type: 'exact' },
        { text: 'SALARY', match_type: 'phrase' },
        { text: 'y'.repeat(81), match_type: 'exact' },
        { text: 'a b c d e f g h i j k', match_type: 'phrase' },
        { text: '   ', match_type: 'exact' },
        { text: 'how  to', match_type: 'phrase' },
      ],
    });
    expect(answer).toEqual({
      added: 3,
      skipped: 5,
      skipped_by_reason: { duplicate: 2, too_long: 1, too_many_words: 1, empty: 1 },
      skipped_items: [
        { text: 'Jobs', match_type: 'phrase', ad_group: null, reason: 'duplicate' },
        { text: 'SALARY', match_type: 'phrase', ad_group: null, reason: 'duplicate' },
        { text: 'y'.repeat(81), match_type: 'exact', ad_group: null, reason: 'too_long' },
        { text: 'a b c d e f g h i j k', match_type: 'phrase', ad_group: null, reason: 'too_many_words' },
        { text: '', match_type: 'exact', ad_group: null, reason: 'empty' },
      ],
    });
    expect(messages.negativeItemsSummary(answer)).toBe(
      'Added 3 negative keywords; skipped 2 already in the list, 1 longer than 80 characters, 1 of more than 10 words and 1 empty term.',
    );
    expect(terms(await readList(world.owner, list.id))).toEqual([
      'phrase how to',
      'exact jobs',
      'phrase jobs',
      'phrase salary',
    ]);
  });

  it('pages a list’s terms by text, counting them all', async () => {
    const list = await newList(world.owner, world.project.id, 'Long');
    const items = Array.from({ length: 120 }, (_, index) => ({
      text: `term ${String(119 - index).padStart(3, '0')}`,
      match_type: 'exact',
    }));
    expect((await add(world.owner, list.id, { items })).added).toBe(120);
    const first = await readList(world.owner, list.id);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.text).toBe('term 000');
    expect(first.pagination).toEqual({
      page: 1,
      pageSize: 50,
      totalCount: 120,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const last = await readList(world.member, list.id, '?page=3&pageSize=50');
    expect(last.items.map((item) => item.text)).toEqual(
      Array.from({ length: 20 }, (_, index) => `term ${String(100 + index).padStart(3, '0')}`),
    );
    expect(last.pagination.hasNextPage).toBe(false);
  });

  it('removes a term; a term of another list is not found there', async () => {
    const list = await newList(world.owner, world.project.id, 'Removals');
    const other = await newList(world.owner, world.project.id, 'Other removals');
    await add(world.owner, list.id, {
      items: [
        { text: 'free', match_type: 'exact' },
        { text: 'cheap', match_type: 'phrase' },
      ],
    });
    await add(world.owner, other.id, { text: 'used', match_type: 'exact' });
    const [cheap] = (await readList(world.owner, list.id)).items;
    const [used] = (await readList(world.owner, other.id)).items;
    const remove = (id: number, itemId: number) =>
      send(world.member, { method: 'DELETE', url: url('removeNegativeItem', { id, itemId }) });
    const removed = await remove(list.id, cheap!.id);
    expect(removed.statusCode).toBe(200);
    expect(terms(await readList(world.owner, list.id))).toEqual(['exact free']);
    const notFound = errorBody('not_found', messages.notFound);
    await refusedUnchanged(() => remove(list.id, cheap!.id), 404, notFound);
    await refusedUnchanged(() => remove(list.id, used!.id), 404, notFound);
  });
});

describe('who may use negative lists', () => {
  it('hides a project’s lists from a stranger exactly like a missing id, and asks the signed out to sign in', async () => {
    const list = await newList(world.owner, world.project.id, 'Private');
    await add(world.owner, list.id, { text: 'free', match_type: 'exact' });
    const [item] = (await readList(world.owner, list.id)).items;
    const missing = 999_999_999;
    const calls = (id: number, projectId: number, itemId: number): InjectOptions[] => [
      { method: 'GET', url: url('listNegativeLists', { projectId }) },
      { method: 'POST', url: url('createNegativeList', { projectId }), payload: { name: 'Mine now' } },
      { method: 'GET', url: url('getNegativeList', { id }) },
      { method: 'PUT', url: url('updateNegativeList', { id }), payload: { name: 'Mine now' } },
      { method: 'POST', url: url('addNegativeItems', { id }), payload: { text: 'cheap', match_type: 'exact' } },
      { method: 'DELETE', url: url('removeNegativeItem', { id, itemId }) },
      { method: 'DELETE', url: url('deleteNegativeList', { id }) },
    ];
    const real = calls(list.id, world.project.id, item!.id);
    const absent = calls(missing, missing, missing);
    for (const [index, call] of real.entries()) {
      const before = await dataChecksums(ctx);
      const hidden = await send(world.stranger, call);
      const gone = await send(world.stranger, absent[index]!);
      expect(hidden.statusCode, String(call.url)).toBe(404);
      expect(hidden.json()).toEqual(gone.json());
      const signedOut = await send(null, call);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual(errorBody('unauthorized', messages.signInRequired));
      expect(await dataChecksums(ctx)).toEqual(before);
    }
    expect(terms(await readList(world.owner, list.id))).toEqual(['exact free']);
  });
});
