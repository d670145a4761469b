import type { Endpoint } from '@keywright/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';

/**
 * Malformed requests generated from the contract: for one endpoint, a valid request is made
 * from its zod schemas (with the ids and e-mail addresses of real data), then broken in one or
 * two places: a field of the wrong type, missing or too long, a path parameter that is not an
 * id, a repeated query key, a body that is no JSON or far over the size limit, a wrong content
 * type. `contractAccepts` tells, independently of the server, whether the contract would accept
 * what was sent (a broken field may still be valid: 'NaN' is a fine project name).
 */

export type Caller = 'signedOut' | 'stranger' | 'owner';

export interface FuzzRequest {
  caller: Caller;
  /** What was broken, for the report. */
  defect: string;
  method: Endpoint['method'];
  /** Path parameters as the server will decode them. */
  params: Record<string, string>;
  /** Path parameters placed in the path as they are, not encoded (broken percent-encodings). */
  rawParams?: boolean;
  /** Query pairs in order (a key may repeat), or a query string as it is. */
  query: [string, string][] | { raw: string };
  body?: { contentType?: string; payload: string | Buffer };
  /** Credentials that are not a session, for signed-out callers. */
  headers?: Record<string, string>;
}

/** The real data a valid request names: ids by parameter name, an e-mail of an account. */
export interface World {
  projectId: number;
  keywordId: number;
  listId: number;
  /** An account that exists and is not on the owner's team. */
  email: string;
}

/** Fastify's body limit (app.ts). */
export const BODY_LIMIT = 1024 * 1024;

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  items?: JsonSchema;
  minItems?: number;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
};

type Part = 'params' | 'query' | 'body';

/** A JSON number token as it is (1e309 parses to Infinity; JSON.stringify cannot write it). */
class RawJson {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return item;
  });
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_, index: string) => raws[Number(index)]!);
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The object shapes a part may take: one, or one per branch of a union. */
function objectShapes(json: JsonSchema): JsonSchema[] {
  if (json.anyOf) return json.anyOf.flatMap(objectShapes);
  return json.type === 'object' ? [json] : [];
}

const ID_NAMES = /^(id|projectId|project_id|listId|list_id|keywordId|keyword_id)$/;

function realId(name: string, path: string, world: World): number | undefined {
  if (!ID_NAMES.test(name)) return undefined;
  if (/project/i.test(name)) return world.projectId;
  if (/list/i.test(name)) return world.listId;
  if (/keyword/i.test(name)) return world.keywordId;
  // `:id`: the kind the path names before it.
  if (path.includes('/keyword-lists/:id')) return world.listId;
  if (path.includes('/keywords/:id')) return world.keywordId;
  return world.projectId;
}

const NO_SAMPLE = Symbol('no sample');

/** A valid value for one field, or NO_SAMPLE. */
function sampleValue(json: JsonSchema, name: string, path: string, world: World): unknown {
  const id = realId(name, path, world);
  if (id !== undefined) return id;
  // A list of ids in a body, a comma-separated text in a query string.
  if (name === 'keywordIds') return json.type === 'array' ? [world.keywordId] : String(world.keywordId);
  if (/email/i.test(name)) return world.email;
  // A Search Console property: a URL prefix (the contract refines the text, which JSON Schema cannot say).
  if (name === 'siteUrl') return 'https://example.com/';
  if (json.anyOf) {
    for (const branch of json.anyOf) {
      const value = sampleValue(branch, name, path, world);
      if (value !== NO_SAMPLE) return value;
    }
    return NO_SAMPLE;
  }
  if (json.enum) return json.enum[0];
  switch (json.type) {
    case 'string': {
      const candidates = ['coffee beans', '1', 'a@example.com', '1,2', '0.5', 'x', 'https://example.com'];
      const fits = (value: string) =>
        value.length >= (json.minLength ?? 0) &&
        value.length <= (json.maxLength ?? Infinity) &&
        (!json.pattern || new RegExp(json.pattern).test(value));
      return candidates.find(fits) ?? NO_SAMPLE;
    }
    case 'integer':
    case 'number':
      return json.minimum ?? (json.exclusiveMinimum !== undefined ? json.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      // As few items as the schema asks for, each a valid one.
      const count = json.minItems ?? 0;
      if (count === 0) return [];
      const item = json.items ? sampleValue(json.items, '', path, world) : NO_SAMPLE;
      if (item === NO_SAMPLE) return NO_SAMPLE;
      // Numbers distinct (1, 2…, or '1', '2'…): a list of ids may not name one twice.
      const nth = (index: number) => {
        if (typeof item === 'number') return item + index;
        return typeof item === 'string' && /^\d+$/.test(item) ? String(Number(item) + index) : item;
      };
      return Array.from({ length: count }, (_, index) => nth(index));
    }
    case 'object':
      return sampleObject(json, path, world) ?? NO_SAMPLE;
  }
  return 'default' in json ? json.default : NO_SAMPLE;
}

function sampleObject(json: JsonSchema, path: string, world: World): Record<string, unknown> | undefined {
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(json.properties ?? {})) {
    const sample = sampleValue(property, name, path, world);
    if (sample !== NO_SAMPLE) value[name] = sample;
    else if (json.required?.includes(name)) return undefined;
  }
  return value;
}

/** Query strings and paths carry text only. */
const asText = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)]));

/**
 * A valid value of a part for one of its shapes: every field the sampler can fill, less those
 * the schema's own refinements refuse (a CPC bound of 'coffee beans').
 */
function validSkeleton(schema: z.ZodType, shape: JsonSchema, part: Part, path: string, world: World) {
  const sample = sampleObject(shape, path, world);
  if (!sample) return undefined;
  let value: Record<string, unknown> = part === 'body' ? sample : asText(sample);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const result = schema.safeParse(value);
    if (result.success) return value;
    const refused = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    const kept: Record<string, unknown> = Object.fromEntries(
      Object.entries(value).filter(([key]) => !refused.has(key)),
    );
    if (Object.keys(kept).length === Object.keys(value).length) return undefined;
    value = kept;
  }
  return undefined;
}

interface PartModel {
  part: Part;
  schema: z.ZodType;
  shapes: { json: JsonSchema; skeleton: Record<string, unknown> }[];
}

/** What the fuzzer knows of an endpoint: each of its inputs and a valid value of each. */
export interface EndpointModel {
  name: string;
  endpoint: Endpoint;
  parts: PartModel[];
}

export function modelEndpoint(name: string, endpoint: Endpoint, world: World): EndpointModel {
  const parts: PartModel[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = endpoint[part];
    if (!schema) continue;
    const shapes = objectShapes(jsonSchemaOf(schema)).flatMap((json) => {
      const skeleton = validSkeleton(schema, json, part, endpoint.path, world);
      return skeleton ? [{ json, skeleton }] : [];
    });
    if (shapes.length === 0) {
      throw new Error(
        `${name}: cannot make a valid ${part} from the contract; teach fuzz/malformed-requests.ts its shape`,
      );
    }
    parts.push({ part, schema, shapes });
  }
  return { name, endpoint, parts };
}

// ---------------------------------------------------------------------------------------------
// Values that break a field

const nanLike = ['NaN', 'Infinity', '-Infinity', '1e309', '-1e309', 'nan', 'undefined', 'null', 'true', 'false'];
const idLike = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '01',
  ' 1',
  '1 ',
  '0x10',
  '0b1',
  '+1',
  '１２',
  '٣',
  '9'.repeat(16),
  '9007199254740993',
  '99999999999999999999999999',
  '1,2',
  '1-2',
  '[1]',
  '{}',
];
const controls = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002',
  '\u0007',
  '\u001b[31mred',
  '\u007f',
  '\u0085',
  '\u009f',
  'tab\there',
  'line\nbreak',
  '\r\n',
];
const unicode = [
  '😀',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  'ﬁ',
  '\u200b',
  '\u200f',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\uffff',
  '\ud800',
  'x\udc00',
  '\ud83d',
  'Ω≈ç√',
  'مرحبا',
  '中文',
  '\u00a0',
  '%00',
  '%',
  '..',
  '../../etc/passwd',
  "'; drop table projects; --",
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
];
const blank = ['', ' ', '   ', '\t', '\n', '\u3000'];

const controlString = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
    .map((code) => String.fromCharCode(code)),
  minLength: 1,
  maxLength: 8,
});

/** Made once per limit: a field's arbitrary is made anew for every request that picks the field. */
function memoized<T>(make: (maxLength: number | undefined) => T): (maxLength: number | undefined) => T {
  const made = new Map<number | undefined, T>();
  return (maxLength) => {
    if (!made.has(maxLength)) made.set(maxLength, make(maxLength));
    return made.get(maxLength)!;
  };
}

/** Strings that break a field, or test its bounds; sized for the field's own limit. */
const hostileString = memoized((maxLength): fc.Arbitrary<string> => {
  const max = maxLength ?? 200;
  const lengthy = [
    'x'.repeat(max + 1),
    'x'.repeat(max),
    'é'.repeat(max + 1),
    '😀'.repeat(Math.ceil((max + 1) / 2)),
    `${' '.repeat(max)}x`,
    'x'.repeat(max * 10),
    'y'.repeat(100_000),
  ];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...nanLike, ...idLike), weight: 3 },
    { arbitrary: fc.constantFrom(...controls), weight: 3 },
    { arbitrary: fc.constantFrom(...unicode), weight: 3 },
    { arbitrary: fc.constantFrom(...blank), weight: 1 },
    { arbitrary: fc.constantFrom(...lengthy), weight: 2 },
    { arbitrary: fc.tuple(fc.string({ maxLength: 6 }), controlString).map(([a, b]) => `${a}${b}`), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
  );
});

const hugeNumbers = ['1e309', '-1e309', '1e308', '123456789012345678901234567890', '9007199254740993', '-0', '1e-400'];

/** Any JSON value that may break a field: wrong types, hostile strings, numbers JSON.stringify cannot write. */
const hostileJson = memoized((maxLength): fc.Arbitrary<unknown> => {
  const deep = (depth: number, leaf: unknown): unknown =>
    Array.from({ length: depth }).reduce<unknown>((inner) => [inner], leaf);
  return fc.oneof(
    { arbitrary: hostileString(maxLength), weight: 4 },
    {
      arbitrary: fc.constantFrom<unknown>(0, -1, 1.5, -0.5, 2 ** 53, 2 ** 64, -(2 ** 31), 1e21, Number.MIN_VALUE),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(...hugeNumbers).map((text) => new RawJson(text)), weight: 2 },
    { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1], ['a'], { a: 1 }, [null]), weight: 2 },
    { arbitrary: fc.constantFrom(deep(50, 1), deep(2000, 'x')), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  );
});

/** A query value or a path segment that may break a field. */
const hostileText = memoized((maxLength): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: hostileString(maxLength), weight: 4 },
    { arbitrary: fc.constantFrom(...hugeNumbers, '-5', '0', '1.5', '+5', ' 7 ', '0x10', '1e3', '101'), weight: 2 },
  ),
);

const extraKeys = ['id', 'user_id', 'keywords_count', 'isAdmin', 'constructor', 'toString', '', 'ünï', 'x'.repeat(300)];

// ---------------------------------------------------------------------------------------------
// Requests

const junkCredentials: Record<string, string>[] = [
  { authorization: 'Bearer ' },
  { authorization: 'Bearer not-a-session' },
  { authorization: 'Bearer a.b' },
  { authorization: 'Basic dXNlcjpwYXNz' },
  { authorization: 'Bearer \u00ff' },
  { cookie: 'better-auth.session_token=forged.c2lnbmF0dXJl' },
  { cookie: 'better-auth.session_token=%zz' },
  { cookie: ';;;=' },
];

const callers = fc.oneof(
  { arbitrary: fc.constant<Caller>('owner'), weight: 3 },
  { arbitrary: fc.constant<Caller>('stranger'), weight: 2 },
  { arbitrary: fc.constant<Caller>('signedOut'), weight: 2 },
);

const badIdSegments = [
  ...idLike,
  ...nanLike,
  'abc',
  'ü',
  '😀',
  '..',
  '.',
  '-',
  ' ',
  'null',
  ':id',
  '{id}',
  '1;2',
  '1?',
];
/** Placed as they are: broken or odd percent-encodings. */
const rawIdSegments = ['%zz', '%', '%00', '1%00', '%2e%2e', '%F0%9F%98%80', '%ff', '1%2F2', '%C0%AF', '1'.repeat(150)];

/** Bodies that are no JSON at all, or JSON the server refuses before validation. */
const brokenJson = [
  '{',
  '{"a":',
  '[1,]',
  '{"a":1}}',
  "{'a':1}",
  'nul',
  'NaN',
  'undefined',
  '{"a":1e309x}',
  '\u0000',
  ' ',
  '{"a":"\\u12"}',
  '{"a":"\\x41"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '['.repeat(100_000),
];

const contentTypes = {
  json: ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=utf-16'],
  other: [
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/vnd.api+json',
    'application/json-patch+json',
    'application/jsonx',
    'image/png',
    '*/*',
    '',
  ],
};

let bigBuffers: Buffer[] | undefined;
/** Bodies far over the limit, made once. */
function oversizedBodies(): Buffer[] {
  bigBuffers ??= [
    Buffer.from(`{"name":"${'x'.repeat(BODY_LIMIT + 100)}"}`),
    Buffer.alloc(BODY_LIMIT * 5, 0x20),
    Buffer.from(`[${'1,'.repeat(BODY_LIMIT)}1]`),
  ];
  return bigBuffers;
}

function queryPairs(value: Record<string, unknown>): [string, string][] {
  return Object.entries(value).map(([key, item]) => [key, String(item)]);
}

interface Valid {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

/** The endpoint's valid request, on one shape of each part. */
function validRequest(model: EndpointModel): fc.Arbitrary<Valid> {
  const pick = (part: Part) => {
    const found = model.parts.find((candidate) => candidate.part === part);
    return found ? fc.constantFrom(...found.shapes.map((shape) => shape.skeleton)) : fc.constant(undefined);
  };
  return fc.tuple(pick('params'), pick('query'), pick('body')).map(([params, query, body]) => ({
    params: (params ?? {}) as Record<string, string>,
    query: query ?? {},
    body,
  }));
}

type Mutation = (valid: Valid) => Omit<FuzzRequest, 'caller' | 'method'>;

const jsonBody = (value: unknown, contentType = 'application/json') => ({ contentType, payload: toJsonText(value) });

function defaultRequest(valid: Valid, model: EndpointModel): Omit<FuzzRequest, 'caller' | 'method' | 'defect'> {
  const hasBody = model.endpoint.method !== 'GET' && model.endpoint.body;
  return {
    params: valid.params,
    query: queryPairs(valid.query),
    ...(hasBody && { body: jsonBody(valid.body) }),
  };
}

function fieldsOf(model: EndpointModel, part: Part): { name: string; json: JsonSchema; required: boolean }[] {
  const found = model.parts.find((candidate) => candidate.part === part);
  if (!found) return [];
  const byName = new Map<string, { name: string; json: JsonSchema; required: boolean }>();
  for (const { json } of found.shapes) {
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      byName.set(name, { name, json: property, required: json.required?.includes(name) ?? false });
    }
  }
  return [...byName.values()];
}

const describeValue = (value: unknown) => {
  const text = value instanceof RawJson ? value.text : toJsonText(value);
  return text.length > 40 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
};

/** One or two body fields broken: wrong type, hostile text, missing, null; sometimes an unknown field too. */
function bodyFieldMutation(model: EndpointModel): fc.Arbitrary<Mutation> | undefined {
  const fields = fieldsOf(model, 'body');
  if (fields.length === 0) return undefined;
  const change = fc.constantFrom(...fields).chain((field) =>
    fc.oneof(
      { arbitrary: hostileJson(field.json.maxLength).map((value) => ({ field, value, missing: false })), weight: 8 },
      // Leaving out a field with a default is no defect; null for it may be.
      {
        arbitrary: fc.constant({
          field,
          value: field.required ? undefined : (null as unknown),
          missing: field.required,
        }),
        weight: 1,
      },
    ),
  );
  return fc
    .tuple(fc.array(change, { minLength: 1, maxLength: 2 }), fc.option(fc.constantFrom(...extraKeys), { freq: 4 }))
    .map(([changes, extra]) => (valid: Valid) => {
      const body: Record<string, unknown> = { ...valid.body };
      for (const { field, value, missing } of changes) {
        if (missing) delete body[field.name];
        else body[field.name] = value;
      }
      if (extra !== null) body[extra] = 'extra';
      const defect = changes
        .map(({ field, value, missing }) =>
          missing ? `body.${field.name} missing` : `body.${field.name}=${describeValue(value)}`,
        )
        .concat(extra !== null ? [`extra body field ${JSON.stringify(extra.slice(0, 20))}`] : [])
        .join('; ');
      return { ...defaultRequest(valid, model), body: jsonBody(body), defect };
    });
}

/** The whole body of another type, or empty. */
function wholeBodyMutation(model: EndpointModel): fc.Arbitrary<Mutation> | undefined {
  if (!model.endpoint.body || model.endpoint.method === 'GET') return undefined;
  return fc
    .constantFrom<unknown>([], {}, 'text', 123, null, true, [{}], new RawJson('1e309'), [[[[[]]]]])
    .map((value) => (valid: Valid) => ({
      ...defaultRequest(valid, model),
      body: jsonBody(value),
      defect: `body=${describeValue(value)}`,
    }));
}

/** A path parameter that is not an id. */
function pathMutation(model: EndpointModel): fc.Arbitrary<Mutation> | undefined {
  const fields = fieldsOf(model, 'params');
  if (fields.length === 0) return undefined;
  return fc
    .tuple(
      fc.constantFrom(...fields),
      fc.oneof(
        { arbitrary: fc.constantFrom(...badIdSegments).map((value) => ({ value, raw: false })), weight: 4 },
        { arbitrary: hostileText(20).map((value) => ({ value, raw: false })), weight: 2 },
        { arbitrary: fc.constantFrom(...rawIdSegments).map((value) => ({ value, raw: true })), weight: 2 },
      ),
    )
    .map(([field, { value, raw }]) => (valid: Valid) => {
      return {
        ...defaultRequest(valid, model),
        // A raw segment goes in as it is, and so do the path's other (valid, plain digit) ids.
        params: { ...valid.params, [field.name]: value },
        rawParams: raw,
        defect: `params.${field.name}=${describeValue(value)}${raw ? ' (raw)' : ''}`,
      };
    });
}

/** A query value broken, a key repeated or without a value, or a query string of junk. */
function queryMutation(model: EndpointModel): fc.Arbitrary<Mutation> | undefined {
  const fields = fieldsOf(model, 'query');
  if (fields.length === 0) return undefined;
  const field = fc.constantFrom(...fields);
  return fc.oneof(
    {
      arbitrary: fc.tuple(field, hostileText(undefined)).map(([{ name }, value]) => (valid: Valid) => ({
        ...defaultRequest(valid, model),
        query: queryPairs({ ...valid.query, [name]: value }),
        defect: `query.${name}=${describeValue(value)}`,
      })),
      weight: 5,
    },
    {
      arbitrary: fc.tuple(field, hostileText(undefined)).map(([{ name }, value]) => (valid: Valid) => {
        const pairs = queryPairs(valid.query);
        const first = valid.query[name] === undefined ? value : String(valid.query[name]);
        return {
          ...defaultRequest(valid, model),
          query: [
            ...pairs.filter(([key]) => key !== name),
            [name, first] as [string, string],
            [name, first] as [string, string],
          ],
          defect: `query.${name} repeated`,
        };
      }),
      weight: 2,
    },
    {
      arbitrary: field.map(({ name }) => (valid: Valid) => {
        const pairs = queryPairs(valid.query).filter(([key]) => key !== name);
        const raw = [...pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`), name].join('&');
        return {
          ...defaultRequest(valid, model),
          query: { raw },
          defect: `query.${name} without a value`,
        };
      }),
      weight: 1,
    },
  );
}

/** A request part the contract requires, left out. */
function missingRequiredMutation(model: EndpointModel): fc.Arbitrary<Mutation> | undefined {
  const required = [
    ...fieldsOf(model, 'query')
      .filter((field) => field.required)
      .map((field) => ['query', field.name] as const),
    ...fieldsOf(model, 'body')
      .filter((field) => field.required)
      .map((field) => ['body', field.name] as const),
  ];
  if (required.length === 0) return undefined;
  return fc.constantFrom(...required).map(([part, name]) => (valid: Valid) => {
    const request = defaultRequest(valid, model);
    if (part === 'query') {
      return {
        ...request,
        query: queryPairs(valid.query).filter(([key]) => key !== name),
        defect: `query.${name} missing`,
      };
    }
    const body = { ...valid.body };
    delete body[name];
    return { ...request, body: jsonBody(body), defect: `body.${name} missing` };
  });
}

/** Bodies the server must refuse before validation: no JSON, empty, a wrong content type, far too large. */
function transportMutation(model: EndpointModel): fc.Arbitrary<Mutation> | undefined {
  if (model.endpoint.method === 'GET') return undefined;
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...brokenJson), fc.constantFrom(...contentTypes.json))
        .map(([payload, contentType]) => (valid: Valid) => ({
          ...defaultRequest(valid, model),
          body: { contentType, payload },
          defect: `body not JSON: ${describeValue(payload)} as ${contentType}`,
        })),
      weight: 4,
    },
    {
      arbitrary: fc.constantFrom(...contentTypes.json).map((contentType) => (valid: Valid) => ({
        ...defaultRequest(valid, model),
        body: { contentType, payload: '' },
        defect: `empty body as ${contentType}`,
      })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom(...contentTypes.other, 'text/plain', undefined)
        .map((contentType) => (valid: Valid) => ({
          ...defaultRequest(valid, model),
          body: { contentType, payload: toJsonText(valid.body ?? {}) },
          defect: `JSON sent as ${contentType === undefined ? 'no content type' : JSON.stringify(contentType)}`,
        })),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom('application/json', 'text/plain'))
        .map(([index, contentType]) => (valid: Valid) => {
          const payload = oversizedBodies()[index]!;
          return {
            ...defaultRequest(valid, model),
            body: { contentType, payload },
            defect: `body of ${payload.length} bytes as ${contentType}`,
          };
        }),
      weight: 1,
    },
    {
      // Bytes that are no UTF-8, in JSON that is otherwise broken too.
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 16 }).map((bytes) => (valid: Valid) => ({
        ...defaultRequest(valid, model),
        body: { contentType: 'application/json', payload: Buffer.concat([Buffer.from('{"x":'), Buffer.from(bytes)]) },
        defect: `body of raw bytes`,
      })),
      weight: 1,
    },
  );
}

/** What an endpoint without inputs can be sent: a query and a body it does not take, junk all the same. */
function unexpectedInputMutation(model: EndpointModel): fc.Arbitrary<Mutation> {
  return fc
    .tuple(fc.constantFrom(...extraKeys, 'page', 'refresh'), hostileText(undefined))
    .map(([key, value]) => (valid: Valid) => ({
      ...defaultRequest(valid, model),
      query: [
        ...queryPairs(valid.query),
        [key || 'q', value] as [string, string],
        [key || 'q', value] as [string, string],
      ],
      defect: `unknown query key ${JSON.stringify(key.slice(0, 20))}=${describeValue(value)} repeated`,
    }));
}

/** Malformed requests of one endpoint, each by one of the three callers. */
export function malformedRequests(model: EndpointModel): fc.Arbitrary<FuzzRequest> {
  const weighted: fc.WeightedArbitrary<Mutation>[] = [];
  const add = (arbitrary: fc.Arbitrary<Mutation> | undefined, weight: number) => {
    if (arbitrary) weighted.push({ arbitrary, weight });
  };
  add(bodyFieldMutation(model), 10);
  add(wholeBodyMutation(model), 1);
  add(missingRequiredMutation(model), 1);
  add(pathMutation(model), 4);
  add(queryMutation(model), 6);
  add(transportMutation(model), 3);
  // Without inputs, a query or a body it does not take is all an endpoint can be sent (and is no defect).
  if (model.parts.length === 0) add(unexpectedInputMutation(model), 1);
  return fc
    .tuple(validRequest(model), fc.oneof(...weighted), callers, fc.option(fc.constantFrom(...junkCredentials)))
    .map(([valid, mutate, caller, junk]) => ({
      caller,
      method: model.endpoint.method,
      ...mutate(valid),
      ...(caller === 'signedOut' && junk && { headers: junk }),
    }));
}

// ---------------------------------------------------------------------------------------------
// Sending, and what the contract says of it

/**
 * Percent-encoding that cannot fail: half of a surrogate pair (no character, so no UTF-8) goes
 * as the three bytes it would take (WTF-8), which the server cannot decode.
 */
function encode(value: string): string {
  return value
    .split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/)
    .map((piece, index) => {
      if (index % 2 === 0) return encodeURIComponent(piece);
      const code = piece.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** The path with its parameters, encoded unless they go raw. */
function pathOf(path: string, request: FuzzRequest): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = request.params[name] ?? '';
    return request.rawParams ? value : encode(value);
  });
}

function queryString(request: FuzzRequest): string {
  return Array.isArray(request.query)
    ? request.query.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')
    : request.query.raw;
}

export function toInject(path: string, request: FuzzRequest, headers: Record<string, string>): InjectOptions {
  const url = pathOf(path, request);
  const query = queryString(request);
  const contentType = request.body?.contentType;
  return {
    method: request.method,
    url: query ? `${url}?${query}` : url,
    headers: {
      ...headers,
      ...request.headers,
      ...(contentType !== undefined && { 'content-type': contentType }),
    },
    ...(request.body && { payload: request.body.payload }),
  };
}

/** JSON the server's parser refuses on sight (prototype poisoning), as secure-json-parse does. */
function isPoisoned(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(isPoisoned);
  if (value === null || typeof value !== 'object') return false;
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
  const record = value as Record<string, unknown>;
  const constructor = Object.prototype.hasOwnProperty.call(value, 'constructor') ? record.constructor : undefined;
  if (constructor && typeof constructor === 'object' && 'prototype' in constructor) return true;
  return Object.values(record).some(isPoisoned);
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** A query string read as Fastify's parser (fast-querystring) reads it: a repeated key gives a list. */
function parseQuery(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const [rawKey, rawValue] = equals === -1 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    if (equals === -1 && rawKey === '') continue;
    const read = (text: string) => {
      const spaced = text.replaceAll('+', ' ');
      return (spaced.includes('%') && decode(spaced)) || spaced;
    };
    const key = read(rawKey);
    const value = read(rawValue);
    const existing = result[key];
    result[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return result;
}

/** Parsing a body the way Fastify does; `refused` when its parser or limit turns it away. */
function parseBody(request: FuzzRequest): { refused: true } | { refused: false; value: unknown } {
  if (!request.body) return { refused: false, value: undefined };
  const { payload, contentType } = request.body;
  if (payload.length > BODY_LIMIT) return { refused: true };
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  if (essence === undefined || essence === '')
    return text === '' ? { refused: false, value: undefined } : { refused: true };
  if (essence === 'text/plain') return { refused: false, value: text };
  if (essence !== 'application/json') return { refused: true };
  try {
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return isPoisoned(value) ? { refused: true } : { refused: false, value };
  } catch {
    return { refused: true };
  }
}

/** Whether the contract accepts the request as sent (whoever sends it). */
export function contractAccepts(endpoint: Endpoint, request: FuzzRequest): boolean {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.params)) {
    const decoded = request.rawParams ? decode(value) : value;
    // An empty or slashed segment does not reach this route at all.
    if (decoded === null || value === '' || value.includes('/')) return false;
    params[name] = decoded;
  }
  if (endpoint.params && !endpoint.params.safeParse(params).success) return false;
  if (endpoint.query && !endpoint.query.safeParse(parseQuery(queryString(request))).success) return false;
  if (endpoint.method === 'GET') return true; // a GET's body is never read
  const body = parseBody(request);
  if (body.refused) return false;
  return endpoint.body ? endpoint.body.safeParse(body.value).success : true;
}

/** One line that names a request, for a report. */
export function describeRequest(path: string, request: FuzzRequest): string {
  const options = toInject(path, request, {});
  const url = String(options.url);
  const payload = request.body ? request.body.payload : undefined;
  const body =
    payload === undefined
      ? ''
      : ` body(${payload.length} ${Buffer.isBuffer(payload) ? 'bytes' : 'chars'}): ${JSON.stringify(
          String(payload).slice(0, 160),
        )}`;
  const contentType = request.body?.contentType === undefined ? '' : ` content-type: ${request.body.contentType}`;
  return `${request.caller} ${request.method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url}${contentType}${body} [${request.defect}]`;
}
