import { endpoints, messages } from '@keywright/contract';
import type { InjectOptions } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessCases, authEndpointNames, HIDDEN, readBody, type AuthEndpointName } from './access-cases';
import { buildKeyword } from './factories/keywords';
import { buildProject } from './factories/projects';
import { addToTeam, type SharedProject } from './factories/team';
import { buildUser, type TestUser } from './factories/users';
import { createTestContext, dataSnapshot, errorBody, request, type TestContext } from './harness';
import { seededRandom } from '../src/lib/random';

/**
 * Record and replay, driven by the contract: the owner's request to every call
 * that needs a session is recorded with the owner's ids, then replayed by a
 * signed-in stranger and by a signed-out client in a shuffled order, before and
 * after the owner makes those requests. Whatever takes an id answers the
 * stranger exactly like a missing id; the rest answers the stranger's own data
 * only; no replay changes the owner's data.
 */

const SEED = Number(process.env.ACCESS_REPLAY_SEED ?? 20_240_611);

let ctx: TestContext;
beforeAll(async () => {
  // Runs are only queued here, so nothing writes in the background between two snapshots.
  ctx = await createTestContext({ app: { jobs: 'off' } });
});
afterAll(() => ctx.close());

interface Recorded {
  name: AuthEndpointName;
  /** Method, url with the owner's ids, body. */
  call: InjectOptions;
  /** What the same call on a missing id answers, for the calls a stranger may not see. */
  missingAnswer?: { status: number; body: unknown };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const describeCall = ({ name, call }: Recorded) => `${name}: ${call.method} ${call.url}`;

type Row = Record<string, unknown>;
type Snapshot = Record<string, unknown[]>;

/** The snapshot without the rows a user made for themselves: what the owner and everyone else hold. */
function withoutRowsOf(snapshot: Snapshot, userId: string): Snapshot {
  const rows = (table: string) => snapshot[table] as Row[];
  const projectIds = new Set(
    rows('projects')
      .filter((row) => row.user_id === userId)
      .map((row) => row.id),
  );
  const listIds = new Set(
    rows('keyword_lists')
      .filter((row) => row.user_id === userId)
      .map((row) => row.id),
  );
  const keep: Record<string, (row: Row) => boolean> = {
    projects: (row) => !projectIds.has(row.id),
    keywords: (row) => !projectIds.has(row.project_id),
    generation_runs: (row) => !projectIds.has(row.project_id),
    keyword_lists: (row) => !listIds.has(row.id),
    keyword_list_items: (row) => !listIds.has(row.list_id),
    team_members: (row) => row.owner_id !== userId,
  };
  return Object.fromEntries(
    Object.entries(snapshot).map(([table, tableRows]) => [
      table,
      (tableRows as Row[]).filter((row) => keep[table]?.(row) ?? true),
    ]),
  );
}

/**
 * Between two snapshots the stranger wrote nothing but rows of their own. The figure
 * cache belongs to nobody: a stranger's own search (similarKeywords) stores the
 * figures it fetched, new or fresher, but removes no row and touches none of the
 * owner's keywords.
 */
function expectOnlyOwnRowsWritten(before: Snapshot, after: Snapshot, owner: TestUser, stranger: TestUser) {
  const cacheKey = (row: Row) => [row.provider, row.geo, row.language, row.keyword].join('|');
  const cachedBefore = new Map((before.keyword_metrics as Row[]).map((row) => [cacheKey(row), JSON.stringify(row)]));
  const cachedAfter = new Set((after.keyword_metrics as Row[]).map(cacheKey));
  expect(
    [...cachedBefore.keys()].filter((key) => !cachedAfter.has(key)),
    'figures removed',
  ).toEqual([]);
  const stored = (after.keyword_metrics as Row[]).filter(
    (row) => cachedBefore.get(cacheKey(row)) !== JSON.stringify(row),
  );
  const ownerProjects = new Set(
    (after.projects as Row[]).filter((row) => row.user_id === owner.id).map((row) => row.id),
  );
  const ownerKeywords = new Set(
    (after.keywords as Row[]).filter((row) => ownerProjects.has(row.project_id)).map((row) => row.normalized),
  );
  expect(
    stored.filter((row) => ownerKeywords.has(row.keyword)),
    "figures stored for the owner's keywords",
  ).toEqual([]);
  expect(withoutRowsOf({ ...after, keyword_metrics: before.keyword_metrics! }, stranger.id)).toEqual(
    withoutRowsOf(before, stranger.id),
  );
}

/** What a user holds and may not show to a stranger: their rows' texts and ids, their team's e-mails. */
async function holdings(user: TestUser) {
  const query = async (text: string) => (await ctx.database.pool.query(text, [user.id])).rows as Array<{ v: unknown }>;
  const values = async (text: string) => (await query(text)).map((row) => row.v);
  const ownProjects = 'select id from projects where user_id = $1';
  const texts = await values(
    `select name as v from projects where user_id = $1
     union select description from projects where user_id = $1
     union select keyword from keywords where project_id in (${ownProjects})
     union select name from keyword_lists where user_id = $1
     union select member_email from team_members where owner_id = $1
     union select email from "user" where id = $1
     union select name from "user" where id = $1`,
  );
  return {
    texts: new Set([user.id, ...texts.map(String)].filter((text) => text.length > 0)),
    ids: {
      project: new Set(await values('select id as v from projects where user_id = $1')),
      keyword: new Set(await values(`select id as v from keywords where project_id in (${ownProjects})`)),
      list: new Set(await values('select id as v from keyword_lists where user_id = $1')),
      run: new Set(await values(`select id as v from generation_runs where project_id in (${ownProjects})`)),
    },
  };
}

type Holdings = Awaited<ReturnType<typeof holdings>>;
const idKinds: Record<string, keyof Holdings['ids']> = {
  project_id: 'project',
  projectId: 'project',
  keyword_id: 'keyword',
  list_id: 'list',
  runId: 'run',
};

/**
 * The owner's texts and ids found in an answer to a stranger, leaving out what the
 * stranger holds too or sent in this very request. A short text counts only
 * when a value is exactly it, so 'New' is not found in 'New York'.
 */
function ownerDataIn(answer: unknown, owner: Holdings, stranger: Holdings, sent: InjectOptions): string[] {
  // An upload's bytes are what the stranger sent too: what they say is theirs to read back.
  const payload = Buffer.isBuffer(sent.payload) ? sent.payload.toString('utf8') : JSON.stringify(sent.payload ?? '');
  const sentText = `${String(sent.url)} ${payload}`;
  const secrets = [...owner.texts].filter((text) => !stranger.texts.has(text) && !sentText.includes(text));
  const found: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      for (const secret of secrets) {
        if (value === secret || (secret.length >= 8 && value.includes(secret))) found.push(`${key}: ${value}`);
      }
    } else if (typeof value === 'number') {
      const kind = idKinds[key];
      if (kind && owner.ids[kind].has(value) && !stranger.ids[kind].has(value)) found.push(`${key}: ${value}`);
    } else if (Array.isArray(value)) {
      value.forEach((item) => walk(item, key));
    } else if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) walk(item, name);
    }
  };
  walk(answer, '');
  return found;
}

/**
 * A signed-in stranger replays every recorded request: what the table hides answers
 * like a missing id, the rest as the table says and without the owner's data, and
 * nothing but the stranger's own rows is written.
 */
async function replayAsStranger(records: Recorded[], owner: TestUser, stranger: TestUser, random: () => number) {
  const ownerHoldings = await holdings(owner);
  const before = await dataSnapshot(ctx);
  for (const record of shuffled(records, random)) {
    const outcome = accessCases[record.name]!.outcomes.stranger;
    const response = await request(ctx, stranger, record.call);
    const body = readBody(response);
    const answer = { status: response.statusCode, body };
    const label = `a stranger replaying ${describeCall(record)}`;
    if (outcome === HIDDEN) {
      expect(answer, label).toEqual(record.missingAnswer);
      expect(answer, label).toEqual({ status: 404, body: errorBody('not_found', messages.notFound) });
    } else if (typeof outcome === 'number') {
      expect(response.statusCode, `${label}: ${response.body}`).toBe(outcome);
      const schema = (endpoints[record.name].response as Record<number, z.ZodType>)[outcome];
      expect(schema?.safeParse(body).success, label).toBe(true);
      expect(ownerDataIn(body, ownerHoldings, await holdings(stranger), record.call), label).toEqual([]);
    } else {
      expect(answer, label).toEqual(outcome);
    }
  }
  expectOnlyOwnRowsWritten(before, await dataSnapshot(ctx), owner, stranger);
}

/** A signed-out client replays every recorded request: 401 each time, nothing written. */
async function replaySignedOut(records: Recorded[], random: () => number) {
  const before = await dataSnapshot(ctx);
  for (const record of shuffled(records, random)) {
    const response = await request(ctx, null, record.call);
    expect({ status: response.statusCode, body: readBody(response) }, `signed out: ${describeCall(record)}`).toEqual({
      status: 401,
      body: errorBody('unauthorized', messages.signInRequired),
    });
  }
  expect(await dataSnapshot(ctx)).toEqual(before);
}

it(`replays the owner's requests as a stranger and signed out (seed ${SEED})`, async () => {
  const random = seededRandom(SEED);
  const [owner, member, strangerBefore, strangerAfter] = await Promise.all([
    buildUser(ctx),
    buildUser(ctx),
    buildUser(ctx),
    buildUser(ctx),
  ]);
  await addToTeam(ctx, owner, member);

  // The owner's request to each call, on a project of its own so that no request depends on another.
  const records: Recorded[] = [];
  for (const name of authEndpointNames) {
    const accessCase = accessCases[name];
    if (!accessCase) continue;
    const project = await buildProject(ctx, { owner });
    const keyword = await buildKeyword(ctx, { as: owner, projectId: project.id });
    const world: SharedProject = { owner, member, stranger: strangerBefore, project, keyword };
    const { call, missing } = await accessCase.attempt(ctx, world, owner);
    const missingAnswer = missing && (await request(ctx, owner, missing));
    records.push({
      name,
      call,
      ...(missingAnswer && { missingAnswer: { status: missingAnswer.statusCode, body: readBody(missingAnswer) } }),
    });
  }
  const unrecorded = authEndpointNames.filter((name) => !records.some((record) => record.name === name));
  expect(unrecorded, `no owner's request recorded for ${unrecorded.join(', ')}`).toEqual([]);

  // While every id in the requests still names a row: a delete replayed after the owner's would only find it gone.
  await replayAsStranger(records, owner, strangerBefore, random);
  await replaySignedOut(records, random);

  for (const record of shuffled(records, random)) {
    const outcome = accessCases[record.name]!.outcomes.owner;
    // An answer every caller gets alike (Google Drive not set up here) is compared whole.
    const status = typeof outcome === 'object' ? outcome.status : outcome;
    const response = await request(ctx, owner, record.call);
    expect(response.statusCode, `the owner making ${describeCall(record)}: ${response.body}`).toBe(status);
    if (typeof outcome === 'object') expect(readBody(response), describeCall(record)).toEqual(outcome.body);
    // A redirect has no body to check against its schema.
    if (Number(status) >= 300 && Number(status) < 400) continue;
    const schema = (endpoints[record.name].response as Record<number, z.ZodType>)[status as number];
    expect(schema?.safeParse(readBody(response)).success, describeCall(record)).toBe(true);
  }

  // And on what the owner's requests made: runs, renamed lists, the team without its member.
  await replayAsStranger(records, owner, strangerAfter, random);
  await replaySignedOut(records, random);
});
