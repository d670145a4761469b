import {
  buildPath,
  endpoints,
  messages,
  type Keyword,
  type KeywordList,
  type KeywordListDetail,
  type KeywordListItemAdded,
} from '@keywright/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildKeywordList, fillKeywordList } from '../../../test/factories/keyword-lists';
import { buildKeyword, insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { addToTeam, buildSharedProject } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createFakeMetricsProvider } from '../../../test/fakes/metrics-provider';
import {
  createTestContext,
  dataSnapshot,
  errorBody,
  request,
  validationError,
  type TestContext,
} from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import { createEstimateMetricsProvider } from '../../providers/metrics/estimate';
import type { MetricsProvider } from '../../providers/metrics/metrics-provider';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// Figures are read off the keyword: `cpc 1.20-3.45` gives that range, `unknown` none (see the fake).
const fake = createFakeMetricsProvider();

const ctx = useTestContext({ app: { providers: { metrics: fake.provider } } });
beforeEach(() => fake.reset());

const url = (name: keyof typeof endpoints, params: Record<string, number> = {}) =>
  buildPath(endpoints[name].path, params);

function send(as: TestUser | null, options: InjectOptions, on: TestContext = ctx) {
  return request(on, as, options);
}

const createList = (as: TestUser, payload: object) =>
  send(as, { method: 'POST', url: url('createKeywordList'), payload });
const updateList = (as: TestUser, id: number, payload: object) =>
  send(as, { method: 'PUT', url: url('updateKeywordList', { id }), payload });
const listLists = (as: TestUser, query = '', headers: Record<string, string> = {}) =>
  send(as, { method: 'GET', url: `${url('listKeywordLists')}${query}`, headers });
const addItem = (as: TestUser, payload: object) =>
  send(as, { method: 'POST', url: url('addKeywordListItem'), payload });
const addText = (as: TestUser, listId: number, text: string) =>
  send(as, { method: 'POST', url: url('addKeywordListText', { listId }), payload: { keyword_text: text } });
const removeItem = (as: TestUser, listId: number, keywordId: number) =>
  send(as, { method: 'DELETE', url: url('removeKeywordListItem', { listId, keywordId }) });
const loadCpc = (as: TestUser, id: number, payload: object = {}, on: TestContext = ctx) =>
  send(as, { method: 'POST', url: url('keywordListMetrics', { id }), payload }, on);
const exportList = (as: TestUser, id: number, on: TestContext = ctx) =>
  send(as, { method: 'GET', url: url('exportKeywordList', { id }) }, on);
const suggest = (as: TestUser, payload: object, on: TestContext = ctx) =>
  send(as, { method: 'POST', url: url('keywordSuggestions'), payload }, on);

async function readList(as: TestUser, id: number, query = '', on: TestContext = ctx): Promise<KeywordListDetail> {
  const response = await send(as, { method: 'GET', url: `${url('getKeywordList', { id })}${query}` }, on);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function listsOf(as: TestUser): Promise<KeywordList[]> {
  const response = await listLists(as);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function projectKeywords(as: TestUser, projectId: number, on: TestContext = ctx): Promise<Keyword[]> {
  const response = await send(as, { method: 'GET', url: url('listProjectKeywords', { projectId }) }, on);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const keywordsOf = (detail: KeywordListDetail) => detail.keywords.map((item) => item.keyword);

/** The CSV lines without the BOM and the last line break. */
const csvRows = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

describe('POST /api/keyword-lists', () => {
  it('creates a list with its name trimmed, for No Project when no project is given', async () => {
    const owner = await buildUser(ctx);
    const response = await createList(owner, { name: '  Coffee ideas  ' });
    expect(response.statusCode, response.body).toBe(201);
    const list = response.json<KeywordList>();
    expect(list).toEqual({
      id: expect.any(Number),
      name: 'Coffee ideas',
      count: 0,
      project_id: null,
      project_name: null,
      user_id: owner.id,
      owner_email: owner.email,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(await listsOf(owner)).toEqual([list]);
  });

  it("links the list to a project the caller may read, the team owner's too", async () => {
    const { owner, member, project } = await buildSharedProject(ctx);
    const own = await createList(owner, { name: 'Mine', project_id: project.id });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ project_id: project.id, project_name: project.name, user_id: owner.id });
    const members = await createList(member, { name: 'Theirs', project_id: project.id });
    expect(members.statusCode).toBe(201);
    expect(members.json()).toMatchObject({ project_id: project.id, project_name: project.name, user_id: member.id });
  });

  it('refuses a blank name with the SPEC text, and a name over 200 characters, writing nothing', async () => {
    const owner = await buildUser(ctx);
    const before = await dataSnapshot(ctx);
    for (const payload of [{ name: '' }, { name: '   ' }, {}, { name: null }]) {
      const response = await createList(owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(validationError('body.name', messages.listNameRequired));
    }
    const tooLong = await createList(owner, { name: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual(validationError('body.name', 'Must be at most 200 characters'));
    expect(await dataSnapshot(ctx)).toEqual(before);

    const longest = await createList(owner, { name: `  ${'x'.repeat(200)}  ` });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().name).toBe('x'.repeat(200));
  });

  it('refuses a name the owner already uses, in any case, writing nothing', async () => {
    const owner = await buildUser(ctx);
    const first = await createList(owner, { name: 'Coffee' });
    expect(first.statusCode).toBe(201);
    const before = await dataSnapshot(ctx);
    for (const name of ['Coffee', 'coffee', '  COFFEE ']) {
      const response = await createList(owner, { name });
      expect(response.statusCode, name).toBe(409);
      expect(response.json()).toEqual(errorBody('conflict', messages.listNameTaken));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
    expect(await listsOf(owner)).toEqual([first.json()]);
  });

  it('lets two different owners use the same name, team mates included', async () => {
    const { owner, member } = await buildSharedProject(ctx);
    const stranger = await buildUser(ctx);
    for (const as of [owner, member, stranger]) {
      const response = await createList(as, { name: 'Shared name' });
      expect(response.statusCode).toBe(201);
    }
    // The member sees both lists of that name: their own and the owner's.
    expect((await listsOf(member)).map((list) => [list.name, list.user_id])).toEqual([
      ['Shared name', member.id],
      ['Shared name', owner.id],
    ]);
  });

  it('answers 404 with the project text for a project the caller may not read, writing nothing', async () => {
    const owner = await buildUser(ctx);
    const theirs = await buildProject(ctx);
    const before = await dataSnapshot(ctx);
    for (const projectId of [theirs.id, 999_999_999]) {
      const response = await createList(owner, { name: 'Nope', project_id: projectId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('not_found', messages.projectNotFound));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});

describe('GET /api/keyword-lists', () => {
  it("shows the caller's own lists and their team's, newest first, with counts, project names and owners", async () => {
    const { owner, member, stranger, project, keyword } = await buildSharedProject(ctx);
    const second = await buildKeyword(ctx, { as: owner, projectId: project.id });
    const ownersList = await buildKeywordList(ctx, {
      owner,
      projectId: project.id,
      name: 'Owner list',
      keywordIds: [keyword.id, second.id],
    });
    const membersList = await buildKeywordList(ctx, { owner: member, name: 'Member list', keywordIds: [keyword.id] });
    const strangersList = await buildKeywordList(ctx, { owner: stranger, name: 'Stranger list' });

    expect(await listsOf(member)).toEqual([
      {
        id: membersList.id,
        name: 'Member list',
        count: 1,
        project_id: null,
        project_name: null,
        user_id: member.id,
        owner_email: member.email,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
      },
      {
        id: ownersList.id,
        name: 'Owner list',
        count: 2,
        project_id: project.id,
        project_name: project.name,
        user_id: owner.id,
        owner_email: owner.email,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    ]);
    // The team is the owner's: the owner does not see the member's own lists.
    expect((await listsOf(owner)).map((list) => list.id)).toEqual([ownersList.id]);
    expect((await listsOf(stranger)).map((list) => list.id)).toEqual([strangersList.id]);
  });

  it('keeps counts right as keywords are added and removed', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const keywords = [];
    for (let index = 0; index < 3; index++)
      keywords.push(await buildKeyword(ctx, { as: owner, projectId: project.id }));
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const count = async () => (await listsOf(owner)).find((row) => row.id === list.id)!.count;
    expect(await count()).toBe(0);
    for (const keyword of keywords) await addItem(owner, { list_id: list.id, keyword_id: keyword.id });
    expect(await count()).toBe(3);
    await addText(owner, list.id, 'typed keyword');
    expect(await count()).toBe(4);
    expect((await removeItem(owner, list.id, keywords[1]!.id)).statusCode).toBe(200);
    expect(await count()).toBe(3);
    // A refused add or remove changes nothing.
    await addItem(owner, { list_id: list.id, keyword_id: keywords[0]!.id });
    await removeItem(owner, list.id, keywords[1]!.id);
    expect(await count()).toBe(3);
    expect((await readList(owner, list.id)).pagination.totalCount).toBe(3);
  });

  it('answers 304 to a current copy, but the whole list with refresh=true', async () => {
    const owner = await buildUser(ctx);
    await buildKeywordList(ctx, { owner, name: 'Cached' });
    const first = await listLists(owner);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const unchanged = await listLists(owner, '', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const refreshed = await listLists(owner, '?refresh=true', { 'if-none-match': etag });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual(first.json());

    await buildKeywordList(ctx, { owner, name: 'Newer' });
    const changed = await listLists(owner, '', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<KeywordList[]>().map((list) => list.name)).toEqual(['Newer', 'Cached']);
  });

  it('answers 400 for a refresh flag that is not true or false', async () => {
    const owner = await buildUser(ctx);
    expect((await listLists(owner, '?refresh=yes')).statusCode).toBe(400);
  });
});

describe('PUT /api/keyword-lists/:id', () => {
  it('renames a list, moves it to another readable project and to No Project', async () => {
    const { owner, member, project } = await buildSharedProject(ctx);
    const other = await buildProject(ctx, { owner });
    const list = await buildKeywordList(ctx, { owner, projectId: project.id, name: 'Before' });

    const moved = await updateList(member, list.id, { name: '  After  ', project_id: other.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const expected = { ...list, name: 'After', project_id: other.id, project_name: other.name };
    expect(moved.json()).toEqual(expected);
    expect(await readList(owner, list.id)).toMatchObject(expected);

    const unlinked = await updateList(owner, list.id, { name: 'After', project_id: null });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toEqual({ ...expected, project_id: null, project_name: null });
    expect((await listsOf(owner)).find((row) => row.id === list.id)).toMatchObject({
      project_id: null,
      project_name: null,
    });

    // A list may take its own name in another case.
    const recased = await updateList(owner, list.id, { name: 'AFTER', project_id: null });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().name).toBe('AFTER');
  });

  it('answers 404 with the project text when moving to a project the caller may not read, changing nothing', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const strangers = await buildProject(ctx);
    const before = await dataSnapshot(ctx);
    const response = await updateList(owner, list.id, { name: 'Moved', project_id: strangers.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('not_found', messages.projectNotFound));
    expect(await dataSnapshot(ctx)).toEqual(before);
    expect(await readList(owner, list.id)).toMatchObject({ name: list.name, project_id: project.id });
  });

  it('keeps a list in a project its team member cannot read when only the name changes', async () => {
    // The owner's list stays in the owner's project; renaming it needs nothing of the project.
    const { owner, member, project } = await buildSharedProject(ctx);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const response = await updateList(member, list.id, { name: 'Renamed', project_id: project.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed', project_id: project.id });
  });

  it("refuses a member renaming the owner's list to a name the owner uses, in any case", async () => {
    const { owner, member } = await buildSharedProject(ctx);
    await buildKeywordList(ctx, { owner, name: 'Taken' });
    const list = await buildKeywordList(ctx, { owner, name: 'Free' });
    await buildKeywordList(ctx, { owner: member, name: 'Members own' });
    const before = await dataSnapshot(ctx);
    const response = await updateList(member, list.id, { name: 'TAKEN', project_id: null });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorBody('conflict', messages.listNameTaken));
    expect(await dataSnapshot(ctx)).toEqual(before);
    expect((await readList(owner, list.id)).name).toBe('Free');

    // Names are the owner's: the member's own list names do not count.
    const ok = await updateList(member, list.id, { name: 'Members own', project_id: null });
    expect(ok.statusCode).toBe(200);
  });

  it('gives a name to one list only when several are renamed to it at once', async () => {
    const owner = await buildUser(ctx);
    const lists = await Promise.all(
      Array.from({ length: 8 }, (_, i) => buildKeywordList(ctx, { owner, name: `Draft ${i}` })),
    );
    const answers = await Promise.all(
      lists.map((list) => updateList(owner, list.id, { name: 'Final', project_id: null })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json()).toEqual(errorBody('conflict', messages.listNameTaken));
    }
  });

  it('refuses a blank name', async () => {
    const owner = await buildUser(ctx);
    const list = await buildKeywordList(ctx, { owner });
    const response = await updateList(owner, list.id, { name: ' ', project_id: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('body.name', messages.listNameRequired));
  });
});

describe('DELETE /api/keyword-lists/:id', () => {
  it('removes the list and its items but keeps the keywords', async () => {
    const { owner, member, project, keyword } = await buildSharedProject(ctx);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id, keywordIds: [keyword.id] });
    const kept = await buildKeywordList(ctx, { owner, name: 'Kept', keywordIds: [keyword.id] });

    const byMember = await send(member, { method: 'DELETE', url: url('deleteKeywordList', { id: list.id }) });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual(errorBody('forbidden', messages.forbiddenDelete));

    const response = await send(owner, { method: 'DELETE', url: url('deleteKeywordList', { id: list.id }) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const gone = await send(owner, { method: 'GET', url: url('getKeywordList', { id: list.id }) });
    expect(gone.statusCode).toBe(404);
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as count from keyword_list_items where list_id = $1',
      [list.id],
    );
    expect(rows[0].count).toBe(0);
    expect(await projectKeywords(owner, project.id)).toEqual([keyword]);
    expect((await listsOf(owner)).map((row) => row.id)).toEqual([kept.id]);
    expect((await readList(owner, kept.id)).keywords.map((item) => item.id)).toEqual([keyword.id]);
  });
});

describe('list items', () => {
  it('adds a keyword by id, then refuses it again with the SPEC text, writing nothing', async () => {
    const { owner, member, project, keyword } = await buildSharedProject(ctx);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const response = await addItem(member, { list_id: list.id, keyword_id: keyword.id });
    expect(response.statusCode, response.body).toBe(201);
    const added = response.json<KeywordListItemAdded>();
    expect(added).toEqual({
      list_id: list.id,
      item: {
        id: keyword.id,
        keyword: keyword.keyword,
        project_id: project.id,
        source: 'manual',
        created_at: keyword.created_at,
        added_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    });
    expect((await readList(owner, list.id)).keywords).toEqual([added.item]);

    const before = await dataSnapshot(ctx);
    for (const as of [owner, member]) {
      const again = await addItem(as, { list_id: list.id, keyword_id: keyword.id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(errorBody('conflict', messages.keywordAlreadyInList));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('adds keywords of several projects to one list', async () => {
    const owner = await buildUser(ctx);
    const first = await buildKeyword(ctx, { as: owner });
    const second = await buildKeyword(ctx, { as: owner });
    const list = await buildKeywordList(ctx, { owner, keywordIds: [first.id, second.id] });
    const detail = await readList(owner, list.id);
    expect(detail.keywords.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(new Set(detail.keywords.map((item) => item.project_id)).size).toBe(2);
  });

  it('answers 404 for a keyword the caller may not read, or a list they may not change, writing nothing', async () => {
    const owner = await buildUser(ctx);
    const list = await buildKeywordList(ctx, { owner });
    const theirs = await buildKeyword(ctx);
    const own = await buildKeyword(ctx, { as: owner });
    const strangersList = await buildKeywordList(ctx);
    const before = await dataSnapshot(ctx);
    for (const payload of [
      { list_id: list.id, keyword_id: theirs.id },
      { list_id: list.id, keyword_id: 999_999_999 },
      { list_id: strangersList.id, keyword_id: own.id },
    ]) {
      const response = await addItem(owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(404);
      expect(response.json()).toEqual(errorBody('not_found', messages.notFound));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('adds by text, making the keyword in the project with the source sent when asked', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const list = await buildKeywordList(ctx, { owner });
    const response = await addItem(owner, {
      list_id: list.id,
      keyword_text: '  Cold   Brew Kit ',
      project_id: project.id,
      create_keyword: true,
      source: 'suggestion',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { item } = response.json<KeywordListItemAdded>();
    expect(item).toEqual({
      id: expect.any(Number),
      keyword: 'Cold Brew Kit',
      project_id: project.id,
      source: 'suggestion',
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      added_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(await projectKeywords(owner, project.id)).toEqual([
      {
        id: item.id,
        keyword: 'Cold Brew Kit',
        source: 'suggestion',
        created_at: item.created_at,
        generation_id: null,
        intent: ['commercial'],
      },
    ]);
    expect((await readList(owner, list.id)).keywords).toEqual([item]);
  });

  it('adds by text a keyword the project has, without making it again, whatever its case', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const keyword = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'Pour Over' });
    const list = await buildKeywordList(ctx, { owner });
    for (const create of [false, true]) {
      const target = create ? await buildKeywordList(ctx, { owner }) : list;
      const response = await addItem(owner, {
        list_id: target.id,
        keyword_text: 'POUR  over',
        project_id: project.id,
        create_keyword: create,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().item).toMatchObject({ id: keyword.id, keyword: 'Pour Over', source: 'manual' });
    }
    expect(await projectKeywords(owner, project.id)).toEqual([keyword]);
  });

  it('answers 404 with its text for an unknown text without create_keyword, writing nothing', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const strangers = await buildProject(ctx);
    const before = await dataSnapshot(ctx);
    for (const payload of [
      { keyword_text: 'never added', project_id: project.id, create_keyword: false },
      { keyword_text: 'never added', project_id: project.id },
    ]) {
      const response = await addItem(owner, { list_id: list.id, ...payload });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('not_found', messages.keywordNotInProject));
    }
    // A project the caller may not read is hidden like a missing one.
    const hidden = await addItem(owner, {
      list_id: list.id,
      keyword_text: 'never added',
      project_id: strangers.id,
      create_keyword: true,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(errorBody('not_found', messages.notFound));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('takes a keyword out of a list, then answers 404 for it', async () => {
    const { owner, member, project, keyword } = await buildSharedProject(ctx);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id, keywordIds: [keyword.id] });
    const response = await removeItem(member, list.id, keyword.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await readList(owner, list.id)).toMatchObject({ count: 0, keywords: [] });
    expect(await projectKeywords(owner, project.id)).toEqual([keyword]);

    const again = await removeItem(owner, list.id, keyword.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(errorBody('not_found', messages.notFound));
  });
});

describe('POST /api/keyword-lists/:listId/add-text', () => {
  it("makes the keyword in the list's project in its tidy form and adds it", async () => {
    const { owner, member, project } = await buildSharedProject(ctx);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const response = await addText(member, list.id, '  French   Press ');
    expect(response.statusCode, response.body).toBe(201);
    const added = response.json<KeywordListItemAdded>();
    expect(added).toEqual({
      list_id: list.id,
      item: {
        id: expect.any(Number),
        keyword: 'French Press',
        project_id: project.id,
        source: 'manual',
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        added_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    });
    expect((await projectKeywords(owner, project.id)).map((row) => row.keyword)).toContain('French Press');
    expect((await readList(owner, list.id)).keywords).toEqual([added.item]);
  });

  it('marks a keyword made from an idea as a suggestion', async () => {
    const { owner, project } = await buildSharedProject(ctx);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const response = await request(ctx, owner, {
      method: 'POST',
      url: `/api/keyword-lists/${list.id}/add-text`,
      payload: { keyword_text: 'espresso grinder', source: 'suggestion' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<KeywordListItemAdded>().item).toMatchObject({
      keyword: 'espresso grinder',
      source: 'suggestion',
    });
  });

  it('reuses a keyword the project has, whatever its case', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const keyword = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'Moka Pot' });
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const response = await addText(owner, list.id, 'moka POT');
    expect(response.statusCode).toBe(201);
    expect(response.json().item).toMatchObject({ id: keyword.id, keyword: 'Moka Pot' });
    expect(await projectKeywords(owner, project.id)).toEqual([keyword]);
  });

  it('answers 409 for a text the list has, making no keyword', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    expect((await addText(owner, list.id, 'Aeropress')).statusCode).toBe(201);
    const before = await dataSnapshot(ctx);
    const response = await addText(owner, list.id, ' aeropress ');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorBody('conflict', messages.keywordAlreadyInList));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('answers 400 with its text for a list without a project, writing nothing', async () => {
    const owner = await buildUser(ctx);
    const list = await buildKeywordList(ctx, { owner });
    const before = await dataSnapshot(ctx);
    const response = await addText(owner, list.id, 'anything');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody('validation_error', messages.listTextNeedsProject));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('answers 400 for an empty text', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const response = await addText(owner, list.id, '   ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('body.keyword_text', 'Please enter a keyword'));
  });
});

describe('GET /api/keywords/:id/lists', () => {
  it('answers the lists holding the keyword among those the caller may read', async () => {
    const { owner, member, project, keyword } = await buildSharedProject(ctx);
    const otherMember = await buildUser(ctx);
    await addToTeam(ctx, owner, otherMember);
    const ownersList = await buildKeywordList(ctx, { owner, name: 'b owner', keywordIds: [keyword.id] });
    const membersList = await buildKeywordList(ctx, { owner: member, name: 'A member', keywordIds: [keyword.id] });
    // The other member may read the keyword, but this list is theirs alone: the member is not on their team.
    await buildKeywordList(ctx, { owner: otherMember, name: 'other member', keywordIds: [keyword.id] });
    await buildKeywordList(ctx, { owner, name: 'without it' });

    const lists = (as: TestUser, id = keyword.id) =>
      send(as, { method: 'GET', url: url('keywordListsForKeyword', { id }) });
    expect((await lists(member)).json()).toEqual([
      { id: membersList.id, name: 'A member' },
      { id: ownersList.id, name: 'b owner' },
    ]);
    expect((await lists(owner)).json()).toEqual([{ id: ownersList.id, name: 'b owner' }]);

    const unlisted = await buildKeyword(ctx, { as: owner, projectId: project.id });
    const none = await lists(owner, unlisted.id);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });
});

describe('GET /api/keyword-lists/holding', () => {
  const holdings = (as: TestUser, keywordIds: string) =>
    send(as, { method: 'GET', url: `${endpoints.keywordListHoldings.path}?keywordIds=${keywordIds}` });

  it('answers a page of keywords at once: each readable one with the readable lists holding it', async () => {
    const { owner, member, stranger, project, keyword } = await buildSharedProject(ctx);
    const other = await buildKeyword(ctx, { as: owner, projectId: project.id });
    const strangers = await buildKeyword(ctx, { as: stranger });
    const ownersList = await buildKeywordList(ctx, { owner, name: 'Owner list', keywordIds: [keyword.id] });
    const membersList = await buildKeywordList(ctx, { owner: member, name: 'member list', keywordIds: [keyword.id] });

    const answer = await holdings(owner, `${keyword.id},${other.id},${strangers.id},${keyword.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    // The member's own list is not the owner's to see; the stranger's keyword is left out.
    expect(answer.json()).toEqual([
      { keyword_id: keyword.id, lists: [{ id: ownersList.id, name: 'Owner list' }] },
      { keyword_id: other.id, lists: [] },
    ]);
    expect((await holdings(member, String(keyword.id))).json()).toEqual([
      {
        keyword_id: keyword.id,
        lists: [
          { id: membersList.id, name: 'member list' },
          { id: ownersList.id, name: 'Owner list' },
        ],
      },
    ]);
  });

  it('answers 400 for ids that are not a list of up to 100 ids', async () => {
    const owner = await buildUser(ctx);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const ids of ['', 'abc', '1,,2', '0', '1,-2', tooMany]) {
      const answer = await holdings(owner, ids);
      expect(answer.statusCode, ids).toBe(400);
      expect(answer.json().error.code).toBe('validation_error');
    }
  });
});

describe('a list kept by someone who left the team', () => {
  it("holds the owner's keyword without showing that list to the owner, and takes no text for the project", async () => {
    const { owner, member, project, keyword } = await buildSharedProject(ctx);
    const membersList = await buildKeywordList(ctx, { owner: member, projectId: project.id, keywordIds: [keyword.id] });
    const left = await send(member, { method: 'POST', url: url('leaveTeams'), payload: {} });
    expect(left.statusCode).toBe(200);

    // The former member's list still holds the keyword, but the owner may not read that list.
    const lists = await send(owner, { method: 'GET', url: url('keywordListsForKeyword', { id: keyword.id }) });
    expect(lists.json()).toEqual([]);
    const { rows } = await ctx.database.pool.query('select list_id from keyword_list_items where keyword_id = $1', [
      keyword.id,
    ]);
    expect(rows.map((row) => Number(row.list_id))).toEqual([membersList.id]);

    // Its project is no longer theirs to add to.
    const before = await dataSnapshot(ctx);
    const response = await addText(member, membersList.id, 'sneaky keyword');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('not_found', messages.projectNotFoundForList));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});

describe('lists after projects and keywords are deleted', () => {
  it("keeps a deleted project's lists, unlinked, without that project's keywords", async () => {
    const owner = await buildUser(ctx);
    const doomed = await buildProject(ctx, { owner });
    const other = await buildProject(ctx, { owner });
    const first = await buildKeyword(ctx, { as: owner, projectId: doomed.id });
    const second = await buildKeyword(ctx, { as: owner, projectId: doomed.id });
    const survivor = await buildKeyword(ctx, { as: owner, projectId: other.id });
    const list = await buildKeywordList(ctx, {
      owner,
      projectId: doomed.id,
      keywordIds: [first.id, survivor.id, second.id],
    });
    const elsewhere = await buildKeywordList(ctx, { owner, projectId: other.id, keywordIds: [first.id] });

    const response = await send(owner, { method: 'DELETE', url: url('deleteProject', { id: doomed.id }) });
    expect(response.statusCode).toBe(200);

    expect(await readList(owner, list.id)).toMatchObject({
      project_id: null,
      project_name: null,
      count: 1,
      keywords: [{ id: survivor.id }],
    });
    const lists = await listsOf(owner);
    expect(lists.find((row) => row.id === list.id)).toMatchObject({ project_id: null, count: 1 });
    expect(lists.find((row) => row.id === elsewhere.id)).toMatchObject({ project_id: other.id, count: 0 });
  });

  it('takes a deleted keyword out of every list', async () => {
    const { owner, member, project, keyword } = await buildSharedProject(ctx);
    const other = await buildKeyword(ctx, { as: owner, projectId: project.id });
    const ownersList = await buildKeywordList(ctx, { owner, keywordIds: [keyword.id, other.id] });
    const membersList = await buildKeywordList(ctx, { owner: member, keywordIds: [keyword.id] });

    const response = await send(member, { method: 'DELETE', url: url('deleteKeyword', { id: keyword.id }) });
    expect(response.statusCode).toBe(200);

    expect(await readList(owner, ownersList.id)).toMatchObject({ count: 1, keywords: [{ id: other.id }] });
    expect(await readList(member, membersList.id)).toMatchObject({ count: 0, keywords: [] });
    expect((await listsOf(member)).map((row) => row.count)).toEqual([0, 1]);
  });
});

describe('GET /api/keyword-lists/:id', () => {
  it('pages the keywords, the latest added first', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    await insertKeywords(ctx, project.id, 45);
    const { rows } = await ctx.database.pool.query<{ id: number | string; keyword: string }>(
      'select id, keyword from keywords where project_id = $1 order by id',
      [project.id],
    );
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    for (const row of rows) {
      const added = await addItem(owner, { list_id: list.id, keyword_id: Number(row.id) });
      expect(added.statusCode).toBe(201);
    }
    const newestFirst = rows.map((row) => row.keyword).reverse();

    const first = await readList(owner, list.id);
    expect(first.count).toBe(45);
    expect(first.pagination).toEqual({
      page: 1,
      pageSize: 20,
      totalCount: 45,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(keywordsOf(first)).toEqual(newestFirst.slice(0, 20));

    const second = await readList(owner, list.id, '?page=2&pageSize=20');
    expect(second.pagination).toMatchObject({ page: 2, hasNextPage: true, hasPrevPage: true });
    expect(keywordsOf(second)).toEqual(newestFirst.slice(20, 40));

    const last = await readList(owner, list.id, '?page=3');
    expect(last.pagination).toMatchObject({ page: 3, totalPages: 3, hasNextPage: false, hasPrevPage: true });
    expect(keywordsOf(last)).toEqual(newestFirst.slice(40));

    const beyond = await readList(owner, list.id, '?page=4');
    expect(beyond.keywords).toEqual([]);

    const big = await readList(owner, list.id, '?pageSize=100');
    expect(keywordsOf(big)).toEqual(newestFirst);
    for (const query of ['?page=0', '?pageSize=0', '?pageSize=101', '?metrics=yes']) {
      const bad = await send(owner, { method: 'GET', url: `${url('getKeywordList', { id: list.id })}${query}` });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('merges cached figures and their summary only when asked: null before Load CPC, the figures after', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const priced = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cpc 1.20-3.45 mugs' });
    const unknown = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'unknown mugs' });
    const list = await buildKeywordList(ctx, { owner, projectId: project.id, keywordIds: [priced.id, unknown.id] });

    const plain = await readList(owner, list.id);
    expect(plain).not.toHaveProperty('summary');
    for (const item of plain.keywords) expect(item).not.toHaveProperty('metrics');
    const before = await readList(owner, list.id, '?metrics=true');
    expect(before.keywords.map((item) => item.metrics)).toEqual([null, null]);
    // No figures yet: no summary, so the list offers Load CPC.
    expect(before.summary).toBeNull();
    expect(fake.calls.historical).toHaveLength(0);

    const loaded = await loadCpc(owner, list.id);
    expect(loaded.statusCode).toBe(200);
    // Reopened later, the list answers the summary Load CPC gave: the figures show again.
    const after = await readList(owner, list.id, '?metrics=true');
    expect(after.summary).toEqual(loaded.json().summary);
    expect(after.summary).toMatchObject({ with_figures: 1, avg_cpc_low: 1_200_000, source: 'google-ads' });
    expect(after.keywords).toEqual([
      expect.objectContaining({
        id: unknown.id,
        metrics: expect.objectContaining({ avg_monthly_searches: null, cpc_range: 'N/A', source: 'google-ads' }),
      }),
      expect.objectContaining({
        id: priced.id,
        metrics: {
          avg_monthly_searches: 3000,
          competition: 'High',
          competition_index: 80,
          cpc_low: 1_200_000,
          cpc_high: 3_450_000,
          difficulty: 80,
          cpc_range: '$1.20 - $3.45',
          source: 'google-ads',
          currency: 'USD',
          trend: null,
        },
      }),
    ]);
    for (const item of (await readList(owner, list.id)).keywords) expect(item).not.toHaveProperty('metrics');
  });
});

describe('POST /api/keyword-lists/:id/metrics (Load CPC)', () => {
  it("fetches each keyword's figures for its own project's place once, and sums the list up", async () => {
    const { owner, member, project } = await buildSharedProject(ctx);
    const german = await buildProject(ctx, { owner, country: 'Germany', city: 'Berlin', language: 'German' });
    const keywords = [
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cpc 1.00-2.00 alpha' }),
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cpc 2.00-4.00 beta gamma' }),
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'unknown thing' }),
      await buildKeyword(ctx, { as: owner, projectId: german.id, keyword: 'cpc 0.50-1.50 delta' }),
    ];
    const list = await buildKeywordList(ctx, {
      owner,
      projectId: project.id,
      keywordIds: keywords.map((keyword) => keyword.id),
    });

    const response = await loadCpc(member, list.id);
    expect(response.statusCode, response.body).toBe(200);
    const summary = {
      total_reach: 3000 + 4000 + 3000,
      avg_cpc_low: Math.round((1_000_000 + 2_000_000 + 500_000) / 3),
      avg_cpc_high: Math.round((2_000_000 + 4_000_000 + 1_500_000) / 3),
      with_figures: 3,
      source: 'google-ads',
      currency: 'USD',
      mixed_currencies: false,
    };
    expect(response.json()).toEqual({ summary });
    const calls = fake.calls.historical.map((call) => ({ ...call, keywords: [...call.keywords].sort() }));
    expect(calls).toHaveLength(2);
    expect(calls).toEqual(
      expect.arrayContaining([
        {
          keywords: ['cpc 1.00-2.00 alpha', 'cpc 2.00-4.00 beta gamma', 'unknown thing'],
          place: expect.objectContaining({ country: 'United States', city: 'New York', language: 'English' }),
        },
        {
          keywords: ['cpc 0.50-1.50 delta'],
          place: expect.objectContaining({ country: 'Germany', city: 'Berlin', language: 'German' }),
        },
      ]),
    );
    const { rows } = await ctx.database.pool.query(`select geo, language from keyword_metrics where keyword = $1`, [
      'cpc 0.50-1.50 delta',
    ]);
    expect(rows).toEqual([{ geo: 'germany|berlin', language: 'german' }]);

    // Everything is cached now: the same call again asks the provider nothing.
    const again = await loadCpc(owner, list.id);
    expect(again.json()).toEqual({ summary });
    expect(fake.calls.historical).toHaveLength(2);

    // A refresh fetches every keyword again.
    const refreshed = await loadCpc(owner, list.id, { refresh: true });
    expect(refreshed.json()).toEqual({ summary });
    expect(fake.calls.historical.flatMap((call) => call.keywords)).toHaveLength(8);
  });

  it('fetches only keywords added since the last Load CPC', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner, city: 'Loadville' });
    const first = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cpc 1.00-1.00 first' });
    const list = await buildKeywordList(ctx, { owner, projectId: project.id, keywordIds: [first.id] });
    await loadCpc(owner, list.id);
    await addText(owner, list.id, 'cpc 3.00-3.00 Second');
    const response = await loadCpc(owner, list.id);
    expect(fake.calls.historical.map((call) => call.keywords)).toEqual([
      ['cpc 1.00-1.00 first'],
      ['cpc 3.00-3.00 second'],
    ]);
    expect(response.json().summary).toMatchObject({ avg_cpc_low: 2_000_000, avg_cpc_high: 2_000_000, with_figures: 2 });
  });

  it('sums up an empty list without calling the provider', async () => {
    const owner = await buildUser(ctx);
    const list = await buildKeywordList(ctx, { owner });
    const response = await loadCpc(owner, list.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      summary: {
        total_reach: 0,
        avg_cpc_low: null,
        avg_cpc_high: null,
        with_figures: 0,
        source: 'google-ads',
        currency: null,
        mixed_currencies: false,
      },
    });
    expect(fake.calls.historical).toHaveLength(0);
  });
});

describe('GET /api/keyword-lists/:id/csv', () => {
  const today = () => new Date().toISOString().slice(0, 10);

  it('exports only the Keyword and Intent columns before figures are cached, under the safe list name and the date', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const first = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'espresso beans' });
    const second = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'decaf, please' });
    const list = await buildKeywordList(ctx, {
      owner,
      projectId: project.id,
      name: 'Café / Best: Ideas',
      keywordIds: [first.id, second.id],
    });
    const dayBefore = today();
    const response = await exportList(owner, list.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([dayBefore, today()].map((day) => `attachment; filename="Cafe_Best_Ideas_${day}.csv"`)).toContain(
      response.headers['content-disposition'],
    );
    expect(response.body.startsWith('\ufeffKeyword,Intent\r\n')).toBe(true);
    expect(csvRows(response.body)).toEqual([
      'Keyword,Intent',
      '"decaf, please",Commercial',
      'espresso beans,Commercial',
    ]);
    expect(fake.calls.historical).toHaveLength(0);
  });

  it('adds the figures once cached: volume, competition and CPC in dollars, N/A where unknown', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner, city: 'Csvtown' });
    const ids = [];
    for (const keyword of ['cpc 1.20-3.45 mugs', 'unknown mugs', 'cpc 0.05-10 cups']) {
      ids.push((await buildKeyword(ctx, { as: owner, projectId: project.id, keyword })).id);
    }
    const list = await buildKeywordList(ctx, { owner, projectId: project.id, keywordIds: ids });
    await loadCpc(owner, list.id);
    // Added after Load CPC: no figures yet.
    await addText(owner, list.id, 'late mugs');

    const response = await exportList(owner, list.id);
    expect(csvRows(response.body)).toEqual([
      // The bids named with the project's currency, and where each row's figures come from (issue 24).
      'Keyword,Search Volume,Competition,Low CPC (USD),High CPC (USD),Source,Intent',
      'late mugs,N/A,N/A,N/A,N/A,,Commercial',
      'cpc 0.05-10 cups,3000,High,0.05,10.00,Google Ads,Commercial',
      'unknown mugs,N/A,N/A,N/A,N/A,,Commercial',
      'cpc 1.20-3.45 mugs,3000,High,1.20,3.45,Google Ads,Commercial',
    ]);
  });

  it('writes a keyword a spreadsheet would take for a formula with a leading apostrophe', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const ids = [];
    for (const keyword of ['=HYPERLINK("x")', '@home coffee', '+1 beans', 'plain']) {
      ids.push((await buildKeyword(ctx, { as: owner, projectId: project.id, keyword })).id);
    }
    const list = await buildKeywordList(ctx, { owner, projectId: project.id, keywordIds: ids });
    const response = await exportList(owner, list.id);
    expect(csvRows(response.body)).toEqual([
      'Keyword,Intent',
      'plain,Informational',
      "'+1 beans,Commercial",
      "'@home coffee,Commercial",
      `"'=HYPERLINK(""x"")",Informational`,
    ]);
  });

  it('streams a list of 5,000 keywords whole', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    await insertKeywords(ctx, project.id, 5000);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id, name: 'Big' });
    await fillKeywordList(ctx, list.id, project.id);
    expect((await readList(owner, list.id)).count).toBe(5000);

    const response = await exportList(owner, list.id);
    expect(response.statusCode).toBe(200);
    const rows = csvRows(response.body);
    expect(rows[0]).toBe('Keyword,Intent');
    expect(rows).toHaveLength(5001);
    expect(new Set(rows.slice(1)).size).toBe(5000);
    // insertKeywords makes 'term 1' first (its intent not read yet); fillKeywordList adds it first, so it comes last.
    expect(rows.at(-1)).toBe('term 1,');
  });
});

describe('POST /api/google-ads/keyword-suggestions for a list', () => {
  it("suggests ideas seeded from the list's keywords, for its project's place, minus what the list has", async () => {
    const { owner, member, project } = await buildSharedProject(ctx);
    const place = await buildProject(ctx, { owner, country: 'Canada', city: 'Toronto', language: 'French' });
    const mugs = await buildKeyword(ctx, { as: owner, projectId: place.id, keyword: 'mugs' });
    const cheap = await buildKeyword(ctx, { as: owner, projectId: place.id, keyword: 'cheap mugs' });
    // In the project but not in the list: it may be suggested.
    await buildKeyword(ctx, { as: owner, projectId: place.id, keyword: 'best mugs' });
    const list = await buildKeywordList(ctx, { owner, projectId: place.id, keywordIds: [cheap.id, mugs.id] });

    for (const payload of [{ listId: list.id }, { listId: list.id, projectId: place.id }]) {
      fake.reset();
      const response = await suggest(member, payload);
      expect(response.statusCode, response.body).toBe(200);
      expect(fake.calls.ideas).toHaveLength(1);
      expect(fake.calls.ideas[0]).toMatchObject({
        seeds: ['mugs', 'cheap mugs'],
        place: { country: 'Canada', city: 'Toronto', language: 'French' },
      });
      const keywords = response.json().suggestions.map((row: { keyword: string }) => row.keyword);
      expect(keywords).toContain('best mugs');
      expect(keywords).toContain('buy cheap mugs');
      expect(keywords).not.toContain('mugs');
      expect(keywords).not.toContain('cheap mugs');
      expect(new Set(keywords).size).toBe(keywords.length);
    }
    expect(project.id).not.toBe(place.id);
  });

  it('answers 400 with its text for a list without a project', async () => {
    const owner = await buildUser(ctx);
    const list = await buildKeywordList(ctx, { owner });
    const response = await suggest(owner, { listId: list.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody('validation_error', messages.listNeedsProject));
    expect(fake.calls.ideas).toHaveLength(0);
  });

  it("answers 404 'Project not found for this list' for a projectId of another project", async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner });
    const other = await buildProject(ctx, { owner });
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const response = await suggest(owner, { listId: list.id, projectId: other.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('not_found', messages.projectNotFoundForList));
    expect(fake.calls.ideas).toHaveLength(0);
  });

  it('answers 404 to a stranger, like a missing list', async () => {
    const { owner, stranger, project } = await buildSharedProject(ctx);
    const list = await buildKeywordList(ctx, { owner, projectId: project.id });
    const response = await suggest(stranger, { listId: list.id });
    expect(response.statusCode).toBe(404);
    const missing = await suggest(owner, { listId: 999_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(response.json()).toEqual(missing.json());
    expect(response.json()).toEqual(errorBody('not_found', messages.notFound));
    expect(fake.calls.ideas).toHaveLength(0);
  });
});

describe('with the offline estimate', () => {
  let estimateCtx: TestContext;
  const historicalCalls: string[][] = [];
  beforeAll(async () => {
    const estimate = createEstimateMetricsProvider();
    // The estimate, counting its calls.
    const counting: MetricsProvider = {
      name: estimate.name,
      maxKeywordsPerRequest: estimate.maxKeywordsPerRequest,
      historicalMetrics(keywords, place) {
        historicalCalls.push([...keywords]);
        return estimate.historicalMetrics(keywords, place);
      },
      keywordIdeas: (query) => estimate.keywordIdeas(query),
      currencyFor: (place) => estimate.currencyFor(place),
    };
    estimateCtx = await createTestContext({ app: { providers: { metrics: counting } } });
  });
  afterAll(() => estimateCtx.close());

  it('Load CPC fills figures for every keyword, and a second call asks nothing', async () => {
    const owner = await buildUser(estimateCtx);
    const project = await buildProject(estimateCtx, { owner });
    const texts = ['coffee beans', 'organic coffee beans online', 'espresso machine repair', 'french press'];
    const ids = [];
    for (const keyword of texts)
      ids.push((await buildKeyword(estimateCtx, { as: owner, projectId: project.id, keyword })).id);
    const list = await buildKeywordList(estimateCtx, { owner, projectId: project.id, keywordIds: ids });

    const response = await loadCpc(owner, list.id, {}, estimateCtx);
    expect(response.statusCode, response.body).toBe(200);
    expect(historicalCalls).toHaveLength(1);
    expect([...historicalCalls[0]!].sort()).toEqual([...texts].sort());

    const detail = await readList(owner, list.id, '?metrics=true', estimateCtx);
    const figures = detail.keywords.map((item) => item.metrics!);
    for (const figure of figures) {
      expect(figure).toMatchObject({ source: 'estimate', avg_monthly_searches: expect.any(Number) });
    }
    const withCpc = figures.filter((figure) => figure.cpc_low != null);
    const average = (values: number[]) =>
      values.length ? Math.round(values.reduce((a, b) => a + b) / values.length) : null;
    expect(response.json()).toEqual({
      summary: {
        total_reach: figures.reduce((sum, figure) => sum + (figure.avg_monthly_searches ?? 0), 0),
        avg_cpc_low: average(withCpc.map((figure) => figure.cpc_low!)),
        avg_cpc_high: average(withCpc.map((figure) => figure.cpc_high!)),
        with_figures: 4,
        source: 'estimate',
        currency: 'USD',
        mixed_currencies: false,
      },
    });

    const again = await loadCpc(owner, list.id, {}, estimateCtx);
    expect(again.json()).toEqual(response.json());
    expect(historicalCalls).toHaveLength(1);
  });

  it('sums up a list whose bids are in two currencies without averaging them: no converted average', async () => {
    const owner = await buildUser(estimateCtx);
    const american = await buildProject(estimateCtx, { owner, country: 'United States', city: 'Boston' });
    const british = await buildProject(estimateCtx, { owner, country: 'United Kingdom', city: 'Leeds' });
    const ids = [
      (await buildKeyword(estimateCtx, { as: owner, projectId: american.id, keyword: 'emergency plumber' })).id,
      (await buildKeyword(estimateCtx, { as: owner, projectId: british.id, keyword: 'sports massage' })).id,
    ];
    const list = await buildKeywordList(estimateCtx, { owner, keywordIds: ids });

    const response = await loadCpc(owner, list.id, {}, estimateCtx);
    expect(response.statusCode, response.body).toBe(200);
    const detail = await readList(owner, list.id, '?metrics=true', estimateCtx);
    expect(new Set(detail.keywords.map((item) => item.metrics?.currency))).toEqual(new Set(['USD', 'GBP']));
    expect(response.json().summary).toMatchObject({
      with_figures: 2,
      avg_cpc_low: null,
      avg_cpc_high: null,
      currency: null,
      mixed_currencies: true,
    });
    expect(detail.summary).toEqual(response.json().summary);
  });

  it("suggests whole searches for a list, read as the list's project is: no city cut short, no name glued in", async () => {
    const owner = await buildUser(estimateCtx);
    const project = await buildProject(estimateCtx, {
      owner,
      name: 'Motion Physio',
      description:
        'Physiotherapy clinic treating sports injuries, back pain and post-surgery rehabilitation, with sports massage',
      country: 'United Kingdom',
      city: 'Leeds',
    });
    const ids = [];
    for (const keyword of ['physiotherapy clinic', 'sports massage', 'physiotherapist leeds', 'motion physio'])
      ids.push((await buildKeyword(estimateCtx, { as: owner, projectId: project.id, keyword })).id);
    const list = await buildKeywordList(estimateCtx, { owner, projectId: project.id, keywordIds: ids });

    const response = await suggest(owner, { listId: list.id }, estimateCtx);
    expect(response.statusCode, response.body).toBe(200);
    const keywords: string[] = response.json().suggestions.map((row: { keyword: string }) => row.keyword);
    expect(keywords).toEqual(expect.arrayContaining(['physiotherapist in leeds', 'sports massage near me']));
    const fragments = keywords.filter((keyword) =>
      /\bleed\b|ideas$|^what are|for motion physio|physio for/.test(keyword),
    );
    expect(fragments).toEqual([]);
  });
});

describe('with METRICS_PROVIDER=none', () => {
  let offCtx: TestContext;
  beforeAll(async () => {
    offCtx = await createTestContext({ env: { METRICS_PROVIDER: 'none' } });
  });
  afterAll(() => offCtx.close());

  it('answers 503 to Load CPC and list suggestions, and still reads and exports the list', async () => {
    const owner = await buildUser(offCtx);
    const project = await buildProject(offCtx, { owner });
    const keyword = await buildKeyword(offCtx, { as: owner, projectId: project.id, keyword: 'cold brew' });
    const list = await buildKeywordList(offCtx, { owner, projectId: project.id, keywordIds: [keyword.id] });
    const off = errorBody('unavailable', messages.metricsOff);

    const before = await dataSnapshot(offCtx);
    const cpc = await loadCpc(owner, list.id, {}, offCtx);
    expect(cpc.statusCode).toBe(503);
    expect(cpc.json()).toEqual(off);
    const ideas = await suggest(owner, { listId: list.id }, offCtx);
    expect(ideas.statusCode).toBe(503);
    expect(ideas.json()).toEqual(off);
    expect(await dataSnapshot(offCtx)).toEqual(before);

    const detail = await readList(owner, list.id, '?metrics=true', offCtx);
    expect(detail.keywords).toEqual([expect.objectContaining({ id: keyword.id, metrics: null })]);
    expect(csvRows((await exportList(owner, list.id, offCtx)).body)).toEqual([
      'Keyword,Intent',
      'cold brew,Commercial',
    ]);
  });
});
