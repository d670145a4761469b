import { endpoints, errorBodySchema, errorStatus, type Endpoint, type EndpointName } from '@keywright/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeywordList } from '../factories/keyword-lists';
import { buildKeyword } from '../factories/keywords';
import { buildProject } from '../factories/projects';
import { addToTeam } from '../factories/team';
import { buildUser, type TestUser } from '../factories/users';
import { createTestContext, dataChecksums, request, type TestContext } from '../harness';
import {
  contractAccepts,
  describeRequest,
  malformedRequests,
  modelEndpoint,
  toInject,
  type Caller,
  type FuzzRequest,
  type World,
} from './malformed-requests';

/**
 * Malformed requests for every endpoint of the contract (a new endpoint is covered the day it
 * is added), deterministic by seed, each sent signed out, as a signed-in stranger or as the
 * owner of real data. Every answer is under 500, an error answer has the one error body with
 * the code its status stands for, and a request the contract refuses is never answered 2xx and
 * writes nothing (a row count and checksum of every table around each batch of requests).
 *
 * FUZZ_SEED and FUZZ_REQUESTS change the seed and the number of requests.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
// 12,000: the calls whose inputs are all optional text (the Drive callback, the file list) take most requests as valid.
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 12_000);
/** Requests between two checksums of the database. */
const BATCH_SIZE = 40;

const names = Object.keys(endpoints) as EndpointName[];
/** A GET without inputs takes anything and reads it as nothing: a few requests show that. */
const hasInputs = (endpoint: Endpoint) => endpoint.method !== 'GET' || Boolean(endpoint.params ?? endpoint.query);
const INPUTLESS_REQUESTS = 40;
const inputless = names.filter((name) => !hasInputs(endpoints[name])).length;
const requestsPerEndpoint = Math.ceil((TOTAL_REQUESTS - inputless * INPUTLESS_REQUESTS) / (names.length - inputless));
const requestsFor = (endpoint: Endpoint) => (hasInputs(endpoint) ? requestsPerEndpoint : INPUTLESS_REQUESTS);

/** GETs that keep what they work out for the next read (a project's groups of keywords). */
const storesWhatItReads = new Set<EndpointName>(['projectClusters']);

/** Calls that delete what they name: DELETEs, and the bulk delete of a project's keywords (a POST). */
const deletes = (name: EndpointName, endpoint: Endpoint) =>
  endpoint.method === 'DELETE' || name === 'deleteProjectKeywords';

/** Each endpoint its own seed, so that a new endpoint leaves the others' requests as they were. */
function seedFor(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash ^ SEED) | 0;
}

let ctx: TestContext;
let world: World;
let users: Record<Exclude<Caller, 'signedOut'>, TestUser>;

beforeAll(async () => {
  // Runs are only queued, so nothing writes in the background between two checksums.
  // Google Drive configured (nobody connects it, so Google is never called): its calls answer as they would in use.
  ctx = await createTestContext({
    app: { jobs: 'off' },
    env: { GOOGLE_OAUTH_CLIENT_ID: 'fuzz-client', GOOGLE_OAUTH_CLIENT_SECRET: 'fuzz-secret' },
  });
  const [owner, stranger, member, outsider] = await Promise.all([
    buildUser(ctx),
    buildUser(ctx),
    buildUser(ctx),
    buildUser(ctx),
  ]);
  await addToTeam(ctx, owner, member);
  // The stranger's data first, so that the owner's project, keyword and list ids all differ.
  await buildProject(ctx, { owner: stranger });
  await buildKeyword(ctx, { as: stranger });
  const project = await buildProject(ctx, { owner });
  const keyword = await buildKeyword(ctx, { as: owner, projectId: project.id });
  await buildKeyword(ctx, { as: owner, projectId: project.id });
  const list = await buildKeywordList(ctx, { owner, projectId: project.id, keywordIds: [keyword.id] });
  users = { owner, stranger };
  world = { projectId: project.id, keywordId: keyword.id, listId: list.id, email: outsider.email };
});

interface Failure {
  endpoint: string;
  status: number | string;
  reason: string;
  /** The first request that failed so, and how many did. */
  example: string;
  detail: string;
  count: number;
}

const failures = new Map<string, Failure>();
const stats = { sent: 0, refused: 0, accepted: 0, replayed: 0, endpoints: 0, started: 0 };
const statuses = new Map<number, number>();

function fail(endpoint: string, status: number | string, reason: string, example: string, detail = '') {
  const key = `${endpoint} ${status} ${reason}`;
  const found = failures.get(key);
  if (found) found.count += 1;
  else failures.set(key, { endpoint, status, reason, example, detail, count: 1 });
}

/** The broken part of a request, for grouping: `body.name`, `params.id`, `body not JSON`. */
function defectKind(request: FuzzRequest): string {
  return /^(body|params|query)\.\w+/.exec(request.defect)?.[0] ?? request.defect.split(/[:=]/)[0]!.slice(0, 40);
}

function readJson(response: LightMyRequestResponse): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

interface Sent {
  fuzz: FuzzRequest;
  /** Valid per the contract. */
  accepted: boolean;
}

function checkAnswer(name: string, endpoint: Endpoint, { fuzz, accepted }: Sent, response: LightMyRequestResponse) {
  const status = response.statusCode;
  const named = () => describeRequest(endpoint.path, fuzz);
  const kind = defectKind(fuzz);
  const body = () => response.body.slice(0, 300);
  if (status >= 500) fail(name, status, `server error (${kind})`, named(), body());
  if (status >= 300 && status < 400 && status in endpoint.response) {
    // A redirect the contract lists (the Drive consent and its callback): only for a valid, signed-in request.
    if (!accepted) fail(name, status, `redirect for a request the contract refuses (${kind})`, named());
    if (!response.headers.location) fail(name, status, `redirect without a location (${kind})`, named());
    if (endpoint.auth && fuzz.caller === 'signedOut') fail(name, status, 'answered signed out', named());
    return;
  }
  if (status < 200 || status >= 300) {
    const parsed = errorBodySchema.safeParse(readJson(response));
    if (!parsed.success) {
      fail(name, status, `not the error body (${kind})`, named(), body());
    } else if (errorStatus[parsed.data.error.code] !== status) {
      fail(name, status, `code ${parsed.data.error.code} on another status (${kind})`, named(), body());
    }
    return;
  }
  if (!accepted) fail(name, status, `2xx for a request the contract refuses (${kind})`, named());
  if (endpoint.auth && fuzz.caller === 'signedOut') fail(name, status, 'answered signed out', named());
  const schema = (endpoint.response as Record<number, z.ZodType>)[status];
  if (!schema) fail(name, status, 'a success status the contract does not list', named());
  else if (String(response.headers['content-type']).includes('json') && !schema.safeParse(readJson(response)).success) {
    fail(name, status, 'an answer the contract does not describe', named(), body());
  }
}

/** Sends one request and checks its answer; an answer that never comes is a failure too. */
async function sendAndCheck(name: string, endpoint: Endpoint, sent: Sent): Promise<void> {
  const as = sent.fuzz.caller === 'signedOut' ? null : users[sent.fuzz.caller];
  stats.sent += 1;
  if (sent.accepted) stats.accepted += 1;
  else stats.refused += 1;
  try {
    const response = await request(ctx, as, toInject(endpoint.path, sent.fuzz, {}));
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    checkAnswer(name, endpoint, sent, response);
  } catch (error) {
    fail(name, '-', `no answer (${defectKind(sent.fuzz)})`, describeRequest(endpoint.path, sent.fuzz), String(error));
  }
}

const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);

/** The checksums after the last batch, while nothing has written since. */
let lastChecksums: Record<string, string> | undefined;

/**
 * Sends requests that cannot write (the contract refuses them, or they are GETs or signed
 * out) all at once, then checks that the database is as it was; on a change, replays them one
 * by one to name the request that writes.
 */
async function sendBatch(name: string, endpoint: Endpoint, batch: Sent[]) {
  const before = lastChecksums ?? (await dataChecksums(ctx));
  await Promise.all(batch.map((sent) => sendAndCheck(name, endpoint, sent)));
  const after = await dataChecksums(ctx);
  lastChecksums = after;
  if (isDeepStrictEqual(before, after)) return;
  let found = false;
  for (const { fuzz } of batch) {
    const alone = await dataChecksums(ctx);
    const response = await request(
      ctx,
      fuzz.caller === 'signedOut' ? null : users[fuzz.caller],
      toInject(endpoint.path, fuzz, {}),
    );
    stats.replayed += 1;
    const changed = changedTables(alone, await dataChecksums(ctx));
    if (changed.length > 0) {
      found = true;
      fail(
        name,
        response.statusCode,
        `wrote to the database (${defectKind(fuzz)})`,
        describeRequest(endpoint.path, fuzz),
        changed.join(', '),
      );
    }
  }
  if (!found) {
    fail(
      name,
      '-',
      'the database changed, and no request of the batch changes it again',
      batch.map(({ fuzz }) => describeRequest(endpoint.path, fuzz)).join('\n'),
      changedTables(before, after).join(', '),
    );
  }
  lastChecksums = await dataChecksums(ctx);
}

describe('malformed requests from the contract', () => {
  beforeAll(() => {
    stats.started = Date.now();
  });

  afterAll(async () => {
    const seconds = ((Date.now() - stats.started) / 1000).toFixed(1);
    const lines = [
      `Fuzzed ${stats.endpoints} endpoints with seed ${SEED}: ${stats.sent} requests sent in ${seconds} s, ` +
        `${stats.refused} of them malformed (the contract refuses them) and ${stats.accepted} valid all the same; ` +
        `${stats.replayed} replayed to find a write.`,
      `Answers by status: ${[...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ')}.`,
      `Distinct failures (endpoint + status + reason): ${failures.size}.`,
      ...[...failures.values()].map(
        (failure) =>
          `- ${failure.endpoint} ${failure.status} ${failure.reason}: ${failure.count}x, e.g. ${failure.example}` +
          (failure.detail ? `\n    ${failure.detail}` : ''),
      ),
    ];
    console.log(lines.join('\n'));
    await ctx.close();
  });

  it("checksums every table, the queue's jobs too", async () => {
    expect(Object.keys(await dataChecksums(ctx))).toEqual(
      expect.arrayContaining(['public.projects', 'public.keywords', 'public."user"', 'public.session', 'pgboss.job']),
    );
  });

  it.each(names)('%s', async (name) => {
    const endpoint: Endpoint = endpoints[name];
    const model = modelEndpoint(name, endpoint, world);
    const requests = fc.sample(
      malformedRequests(model).filter(
        // A valid delete would take the very data the other requests are about.
        (fuzz) => !(deletes(name, endpoint) && fuzz.caller !== 'signedOut' && contractAccepts(endpoint, fuzz)),
      ),
      { seed: seedFor(name), numRuns: requestsFor(endpoint) },
    );

    let batch: Sent[] = [];
    for (const fuzz of requests) {
      const accepted = contractAccepts(endpoint, fuzz);
      // A valid call may write: signed out it cannot, and a GET never does, but for the read of a
      // project's groups, which stores the groups it works out.
      const mayWrite =
        accepted &&
        (endpoint.method !== 'GET' || storesWhatItReads.has(name)) &&
        !(endpoint.auth && fuzz.caller === 'signedOut');
      if (!mayWrite) {
        batch.push({ fuzz, accepted });
        if (batch.length === BATCH_SIZE) {
          await sendBatch(name, endpoint, batch);
          batch = [];
        }
        continue;
      }
      await sendAndCheck(name, endpoint, { fuzz, accepted });
      lastChecksums = undefined;
    }
    if (batch.length > 0) await sendBatch(name, endpoint, batch);
    stats.endpoints += 1;

    const found = [...failures.values()].filter((failure) => failure.endpoint === name);
    expect(found.map((failure) => `${failure.status} ${failure.reason}: ${failure.example} ${failure.detail}`)).toEqual(
      [],
    );
  });

  it('sent at least 10,000 malformed requests', () => {
    // Only a whole run counts (not one narrowed to some endpoints, nor a smaller FUZZ_REQUESTS).
    if (stats.endpoints < names.length || TOTAL_REQUESTS < 11_000) return;
    expect(stats.refused).toBeGreaterThanOrEqual(10_000);
  });
});
