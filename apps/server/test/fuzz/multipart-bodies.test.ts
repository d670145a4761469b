import { buildPath, endpoints, errorBodySchema, errorStatus, type EndpointName } from '@keywright/contract';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from '../factories/keywords';
import { buildProject } from '../factories/projects';
import { buildUser, type TestUser } from '../factories/users';
import { createTestContext, dataChecksums, request, type TestContext } from '../harness';
import { plannerFile, plannerRow } from '../support/keyword-planner-files';
import { searchConsoleCsv } from '../support/search-console-files';
import { termsFile, termsRow } from '../support/search-terms-files';

/**
 * Hostile multipart bodies for every upload call of the contract (the calls that answer 415 to a
 * body that is no form): the file in the wrong field, too many files or parts, part headers far
 * over any sane size, bodies cut short, a boundary that is not the body's, content types that are
 * no form. Sent by the owner of a real project, a stranger or nobody, each is answered under 500,
 * with the one error body, and is refused without a change to any table. A valid upload of each
 * call is sent too, so that a call refusing everything would fail here.
 *
 * FUZZ_SEED changes the seed; MULTIPART_REQUESTS the number of hostile bodies a call.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
const REQUESTS = Number(process.env.MULTIPART_REQUESTS ?? 60);

/** The upload calls: those whose contract answers 415 to a body that is no multipart form. */
const uploads = (Object.keys(endpoints) as EndpointName[]).filter((name) => 415 in endpoints[name].response);

/** Each call's form field, and a file it takes. */
const forms: Record<string, { field: string; name: string; bytes: () => Buffer }> = {
  analyzeDocument: {
    field: 'documents',
    name: 'brief.txt',
    bytes: () => Buffer.from('Green Leaf Gardens designs and builds small city gardens in Leeds.\n'),
  },
  keywordPlannerImport: {
    field: 'file',
    name: 'Keyword Stats.csv',
    bytes: () => plannerFile([plannerRow('garden design leeds'), plannerRow('small garden ideas')]),
  },
  importSearchConsole: {
    field: 'file',
    name: 'Queries.csv',
    bytes: () => searchConsoleCsv([['garden design leeds', '12', '340', '3.5%', '6.2']]),
  },
  importSearchTerms: {
    field: 'file',
    name: 'Search terms report.csv',
    bytes: () => termsFile([termsRow('garden designer near me'), termsRow('free garden plans')]),
  },
};

interface Part {
  field: string;
  /** A file part when named; a plain field otherwise. */
  filename?: string;
  type?: string;
  /** Extra header lines of the part. */
  headers?: string[];
  bytes: Buffer;
}

function formBody(boundary: string, parts: Part[], closed = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.field}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const lines = [
      `--${boundary}`,
      disposition,
      ...(part.type ? [`Content-Type: ${part.type}`] : []),
      ...(part.headers ?? []),
    ];
    chunks.push(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), part.bytes, Buffer.from('\r\n'));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

interface Hostile {
  defect: string;
  contentType: string;
  payload: Buffer;
}

/** A body sent as anything but a form is refused as such (415) before the project is looked up. */
const isForm = ({ contentType }: Hostile) => contentType.toLowerCase().startsWith('multipart/form-data');

const boundaries = fc.stringMatching(/^[A-Za-z0-9'()+_,.-]{1,60}$/).map((text) => `kw${text}`);
const asForm = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** The call's file as a part of its form, with `overrides`. */
function filePart(call: EndpointName, overrides: Partial<Part> = {}): Part {
  const form = forms[call]!;
  return { field: form.field, filename: form.name, type: 'text/csv', bytes: form.bytes(), ...overrides };
}

/** Content types a form is sent as that make it no form, or a form without its boundary. */
const otherContentTypes = [
  'text/plain',
  'application/json',
  'text/csv',
  'application/octet-stream',
  'multipart/mixed; boundary=',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary="unterminated',
];

/** Bodies that hold no upload the call may take, each with what is wrong with it. */
function hostileBodies(call: EndpointName): fc.Arbitrary<Hostile> {
  const file = (overrides: Partial<Part> = {}) => filePart(call, overrides);
  const field = forms[call]!.field;
  const wrongField = fc
    .tuple(boundaries, fc.constantFrom('files', 'upload', 'File', 'document', `${field} `, `${field}[]`, ''))
    .map(([b, name]) => ({
      defect: `the file in field ${JSON.stringify(name)}`,
      contentType: asForm(b),
      payload: formBody(b, [file({ field: name })]),
    }));
  const fileAsField = boundaries.map((b) => ({
    defect: 'the file as a plain field, without a filename',
    contentType: asForm(b),
    payload: formBody(b, [file({ filename: undefined, type: undefined, bytes: Buffer.from('not,a,file') })]),
  }));
  const tooManyFiles = fc.tuple(boundaries, fc.integer({ min: 11, max: 40 })).map(([b, count]) => ({
    defect: `${count} files`,
    contentType: asForm(b),
    payload: formBody(
      b,
      Array.from({ length: count }, () => file()),
    ),
  }));
  const manyParts = fc.tuple(boundaries, fc.integer({ min: 30, max: 2_000 })).map(([b, count]) => ({
    defect: `${count} fields before the file`,
    contentType: asForm(b),
    payload: formBody(b, [
      ...Array.from({ length: count }, (_, index) => ({ field: `f${index}`, bytes: Buffer.from('x') })),
      file(),
    ]),
  }));
  const truncated = fc.tuple(boundaries, fc.double({ min: 0, max: 1, noNaN: true })).map(([b, where]) => {
    const whole = formBody(b, [file()], false);
    // Cut inside the file part (its headers or its bytes), never after all of it.
    const cut = Math.max(1, Math.floor(where * (whole.length - 3)));
    return {
      defect: `the body cut after ${cut} of ${whole.length} bytes`,
      contentType: asForm(b),
      payload: whole.subarray(0, cut),
    };
  });
  const unclosed = boundaries.map((b) => ({
    defect: 'the whole file, without the closing boundary',
    contentType: asForm(b),
    payload: formBody(b, [file()], false),
  }));
  const otherBoundary = fc.tuple(boundaries, boundaries).map(([header, body]) => ({
    defect: `boundary ${header} in the header, ${body}x in the body`,
    contentType: asForm(header),
    payload: formBody(`${body}x`, [file()]),
  }));
  const notForm = fc.tuple(boundaries, fc.constantFrom(...otherContentTypes)).map(([b, contentType]) => ({
    defect: `a form sent as ${contentType}`,
    contentType: contentType === 'multipart/mixed; boundary=' ? `${contentType}${b}` : contentType,
    payload: formBody(b, [file()]),
  }));
  const noise = fc.tuple(boundaries, fc.uint8Array({ minLength: 0, maxLength: 4_000 })).map(([b, bytes]) => ({
    defect: `${bytes.length} random bytes`,
    contentType: asForm(b),
    payload: Buffer.from(bytes),
  }));
  return fc.oneof(wrongField, fileAsField, tooManyFiles, manyParts, truncated, unclosed, otherBoundary, notForm, noise);
}

/**
 * The call's file in a part whose headers run far past busboy's 80 KB bound: the headers are read to
 * the bound and the rest dropped (memory stays bounded); the file itself is read as sent.
 */
function hugeHeaders(call: EndpointName): fc.Arbitrary<Hostile> {
  return fc
    .tuple(boundaries, fc.integer({ min: 100_000, max: 400_000 }), fc.constantFrom('value', 'lines'))
    .map(([b, size, shape]) => ({
      defect: `part headers of ${size} bytes, ${shape === 'value' ? 'in one header' : 'a short header a line'}`,
      contentType: asForm(b),
      payload: formBody(b, [
        filePart(call, {
          headers:
            shape === 'value'
              ? [`X-Padding: ${'a'.repeat(size)}`]
              : Array.from({ length: Math.ceil(size / 20) }, (_, index) => `X-Pad-${index}: ${'b'.repeat(10)}`),
        }),
      ]),
    }));
}

let ctx: TestContext;
let owner: TestUser;
let stranger: TestUser;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext({ app: { jobs: 'off' } });
  [owner, stranger] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
  projectId = (await buildProject(ctx, { owner })).id;
  await buildKeyword(ctx, { as: owner, projectId });
});

afterAll(async () => {
  await ctx?.close();
});

const urlOf = (call: EndpointName) => buildPath(endpoints[call].path, { projectId });

/** A clean upload of the call's file, as the owner, in a fresh boundary. */
function cleanUpload(call: EndpointName) {
  const b = `kw${randomBytes(6).toString('hex')}`;
  return request(ctx, owner, {
    method: 'POST',
    url: urlOf(call),
    headers: { 'content-type': asForm(b) },
    payload: formBody(b, [filePart(call)]),
  });
}

function readJson(answer: { json: () => unknown }): unknown {
  try {
    return answer.json();
  } catch {
    return undefined;
  }
}

const callers = [
  { name: 'owner', as: () => owner },
  { name: 'stranger', as: () => stranger },
  { name: 'signed out', as: () => null },
] as const;
type CallerName = (typeof callers)[number]['name'];

/**
 * What a refused body gets: 401 signed out; 415 for a body that is no form; 404 for a stranger's
 * form to a project's call (documents belong to no project); otherwise any 4xx the call gives.
 */
function expectedStatus(call: EndpointName, caller: CallerName, hostile: Hostile): number | null {
  if (caller === 'signed out') return 401;
  if (!isForm(hostile)) return 415;
  if (caller === 'stranger' && call !== 'analyzeDocument') return 404;
  return null;
}

describe('multipart bodies sent to every upload call', () => {
  it('covers the four upload calls, each with a form it takes', () => {
    expect([...uploads].sort()).toEqual(Object.keys(forms).sort());
  });

  it.each(uploads)('%s takes a well-formed upload', async (call) => {
    const answer = await cleanUpload(call);
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it.each(uploads)(
    '%s refuses hostile bodies under 500, in the one error body, changing nothing',
    { timeout: 240_000 },
    async (call) => {
      // Each other content type once from the owner, then the random bodies.
      const everyType = otherContentTypes.map((contentType) => {
        const b = `kw${randomBytes(6).toString('hex')}`;
        const hostile = {
          defect: `a form sent as ${contentType}`,
          contentType,
          payload: formBody(b, [filePart(call)]),
        };
        return [hostile, callers[0]] as const;
      });
      const samples = [
        ...everyType,
        ...fc.sample(fc.tuple(hostileBodies(call), fc.constantFrom(...callers)), { numRuns: REQUESTS, seed: SEED }),
      ];
      const problems: string[] = [];
      const before = await dataChecksums(ctx);
      for (const [hostile, caller] of samples) {
        const answer = await request(ctx, caller.as(), {
          method: 'POST',
          url: urlOf(call),
          headers: { 'content-type': hostile.contentType },
          payload: hostile.payload,
        });
        const status = answer.statusCode;
        const named = `${caller.name}, ${hostile.defect}: ${status} ${answer.body.slice(0, 200)}`;
        const expected = expectedStatus(call, caller.name, hostile);
        if (status < 400 || status >= 500) problems.push(`not refused with a 4xx (${named})`);
        else if (expected !== null && status !== expected) problems.push(`expected ${expected} (${named})`);
        const body = errorBodySchema.safeParse(readJson(answer));
        if (!body.success) problems.push(`not the error body (${named})`);
        else if (errorStatus[body.data.error.code] !== status) {
          problems.push(`code ${body.data.error.code} for ${status} (${named})`);
        }
      }
      expect(problems).toEqual([]);
      expect(await dataChecksums(ctx)).toEqual(before);
    },
  );

  it.each(uploads)(
    '%s reads a file whose part headers run past their bound as the same file with short headers',
    { timeout: 120_000 },
    async (call) => {
      const clean = await cleanUpload(call);
      expect(clean.statusCode).toBe(200);
      for (const hostile of fc.sample(hugeHeaders(call), { numRuns: 4, seed: SEED })) {
        const answer = await request(ctx, owner, {
          method: 'POST',
          url: urlOf(call),
          headers: { 'content-type': hostile.contentType },
          payload: hostile.payload,
        });
        expect(answer.statusCode, hostile.defect).toBe(200);
        expect(readJson(answer), hostile.defect).toEqual(readJson(clean));
      }
    },
  );
});
