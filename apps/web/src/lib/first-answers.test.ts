import { constants } from '@keywright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isApiError } from './api-error';
import { dropFirstData, readFirstAnswers, takeFirstAnswer } from './first-answers';
import { requestJson } from './http';

const project = { id: 7, name: 'Brooklyn Bakery' };
const notFound = { error: { code: 'not_found', message: 'Project not found' } };

/** The page's data script as apps/server/src/lib/web-app.ts writes it. */
const page = JSON.stringify({
  config: { appName: 'Keywright' },
  me: null,
  data: {
    '/api/projects/7': { status: 200, body: project },
    '/api/projects/8': { status: 404, body: notFound },
    '/api/projects/9': { status: 200, body: { id: 9 } },
    '/api/projects/10': { status: 200, body: { id: 10 } },
  },
});

const fetchMock = vi.fn(
  async (url: string) => new Response(JSON.stringify({ fetched: url }), { status: 200 }) as Response,
);

beforeAll(() => {
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === constants.firstAnswersElementId ? { textContent: page } : null),
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterAll(() => vi.unstubAllGlobals());

describe('readFirstAnswers', () => {
  it('reads what the page carries and leaves out what is not well formed', () => {
    expect(readFirstAnswers(undefined)).toEqual({ data: new Map() });
    expect(readFirstAnswers('{not json')).toEqual({ data: new Map() });
    expect(readFirstAnswers('[1]')).toEqual({ data: new Map() });
    const read = readFirstAnswers(
      JSON.stringify({
        me: { id: 'u1' },
        data: { '/api/a': { status: 200, body: [] }, '/api/b': { body: 1 }, '/api/c': 'x', '/api/d': { status: 404 } },
      }),
    );
    expect(read.me).toEqual({ id: 'u1' });
    expect('config' in read).toBe(false);
    expect([...read.data]).toEqual([['/api/a', { status: 200, body: [] }]]);
  });
});

describe('a GET the page carries the answer of', () => {
  it('is answered from the page once, then from the server', async () => {
    expect(await requestJson('GET', '/api/projects/7')).toEqual(project);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await requestJson('GET', '/api/projects/7')).toEqual({ fetched: '/api/projects/7' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("fails with the server's error when the page carries one", async () => {
    const error = await requestJson('GET', '/api/projects/8').catch((thrown: unknown) => thrown);
    expect(isApiError(error) && { status: error.status, code: error.code, message: error.message }).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Project not found',
    });
  });

  it('is only a GET: other methods always ask the server', async () => {
    fetchMock.mockClear();
    expect(await requestJson('POST', '/api/projects/9', { body: {} })).toEqual({ fetched: '/api/projects/9' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await requestJson('GET', '/api/projects/9')).toEqual({ id: 9 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is asked of the server once the first screen is shown, as the answer would be old', async () => {
    fetchMock.mockClear();
    dropFirstData();
    expect(await requestJson('GET', '/api/projects/10')).toEqual({ fetched: '/api/projects/10' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The config and me answers are taken by their own reads.
    expect(takeFirstAnswer('config')).toEqual({ value: { appName: 'Keywright' } });
    expect(takeFirstAnswer('config')).toBeUndefined();
  });
});
