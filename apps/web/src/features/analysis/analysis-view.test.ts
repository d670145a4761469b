import { analysisExportQuerySchema, analysisQuerySchema, messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import {
  analysisExportQuery,
  analysisPageQuery,
  boundTextsOf,
  cleanBoundInput,
  defaultAnalysisView,
  hasAnalysisFilters,
  nextSort,
  readAnalysisView,
  readBoundTexts,
  writeAnalysisView,
  type AnalysisView,
} from './analysis-view';

const read = (search: string) => readAnalysisView(new URLSearchParams(search));
const write = (view: AnalysisView, change: Partial<AnalysisView>) => writeAnalysisView(view, change).toString();

describe('readAnalysisView', () => {
  it('reads no address as no project, page 1 of 20, most searched first', () => {
    expect(read('')).toEqual(defaultAnalysisView);
    expect(hasAnalysisFilters(read(''))).toBe(false);
  });

  it('reads every part of a full address', () => {
    const view = read(
      'projectId=12&q=trail+shoes&competition=High,Low&intent=transactional,commercial&minVolume=100&maxVolume=5000&minCpc=0.5&maxCpc=2&sort=cpc_high&order=asc&pageSize=50&page=3',
    );
    expect(view).toEqual({
      projectId: 12,
      page: 3,
      pageSize: 50,
      sort: 'cpc_high',
      order: 'asc',
      search: 'trail shoes',
      competition: ['Low', 'High'],
      intents: ['commercial', 'transactional'],
      minVolume: 100,
      maxVolume: 5000,
      minCpc: 0.5,
      maxCpc: 2,
    });
    expect(hasAnalysisFilters(view)).toBe(true);
  });

  it('reads the intents known, once each, in the contract order; none is all', () => {
    expect(read('intent=navigational').intents).toEqual(['navigational']);
    expect(read('intent=transactional,%20informational,transactional').intents).toEqual([
      'informational',
      'transactional',
    ]);
    expect(read('intent=shopping,,Commercial,commercial').intents).toEqual(['commercial']);
    expect(read('intent=').intents).toEqual([]);
    expect(read('intent=shopping').intents).toEqual([]);
    expect(hasAnalysisFilters(read('intent=shopping'))).toBe(false);
    expect(hasAnalysisFilters(read('intent=informational'))).toBe(true);
  });

  it('falls back part by part for what it cannot read', () => {
    const view = read(
      'projectId=abc&page=0&pageSize=30&sort=volume&order=up&competition=Huge,,Low,Low&intent=buying&minVolume=-5&maxVolume=1.5&minCpc=x',
    );
    expect(view).toEqual({ ...defaultAnalysisView, competition: ['Low'] });
    expect(read('projectId=0').projectId).toBeNull();
    expect(read('projectId=7&page=2.5').page).toBe(1);
  });

  it('drops bounds that contradict each other', () => {
    expect(read('minVolume=500&maxVolume=100')).toMatchObject({ minVolume: null, maxVolume: null });
    expect(read('minCpc=5&maxCpc=1')).toMatchObject({ minCpc: null, maxCpc: null });
    expect(read('minVolume=100&maxVolume=100')).toMatchObject({ minVolume: 100, maxVolume: 100 });
  });

  it('sorts words A to Z and figures largest first unless the address says otherwise', () => {
    expect(read('sort=keyword')).toMatchObject({ sort: 'keyword', order: 'asc' });
    expect(read('sort=competition_index')).toMatchObject({ sort: 'competition_index', order: 'desc' });
    expect(read('sort=keyword&order=desc').order).toBe('desc');
  });
});

describe('writeAnalysisView', () => {
  const view = read('projectId=12&q=shoes&competition=Low&intent=commercial&minCpc=1&sort=keyword&pageSize=50&page=4');

  it('writes only what differs from the defaults, and reads back the same view', () => {
    expect(write(defaultAnalysisView, { projectId: 3 })).toBe('projectId=3');
    const full = read(
      'projectId=12&q=shoes&competition=Low,High&intent=navigational,commercial&minVolume=10&maxCpc=0.05&sort=cpc_low&order=asc',
    );
    const written = writeAnalysisView(full, {});
    expect(readAnalysisView(written)).toEqual(full);
    expect(written.get('intent')).toBe('navigational,commercial');
    expect(write(full, { intents: [] })).not.toContain('intent');
    expect(write(defaultAnalysisView, { intents: ['informational', 'transactional'] })).toBe(
      'intent=informational%2Ctransactional',
    );
  });

  it('keeps the page when only the page changes, and goes back to page 1 for anything else', () => {
    expect(read(write(view, { page: 5 })).page).toBe(5);
    expect(read(write(view, { search: 'boots' })).page).toBe(1);
    expect(read(write(view, { competition: ['High'] })).page).toBe(1);
    expect(read(write(view, { intents: ['commercial'] })).page).toBe(1);
    expect(read(write(view, { sort: 'cpc_high', order: 'desc' })).page).toBe(1);
    expect(read(write(view, { pageSize: 100 })).page).toBe(1);
  });

  it('clears the filters for another project, keeping the order and page size', () => {
    expect(read(write(view, { projectId: 13 }))).toEqual({
      ...defaultAnalysisView,
      projectId: 13,
      sort: 'keyword',
      order: 'asc',
      pageSize: 50,
    });
    expect(read(write(view, { projectId: 12 }))).toEqual(view);
    expect(write(view, { projectId: null })).not.toContain('projectId');
  });
});

describe('nextSort', () => {
  it('sorts by a new column in its first order, and the same column the other way', () => {
    const view = { sort: 'avg_monthly_searches' as const, order: 'desc' as const };
    expect(nextSort(view, 'avg_monthly_searches')).toEqual({ sort: 'avg_monthly_searches', order: 'asc' });
    expect(nextSort(view, 'keyword')).toEqual({ sort: 'keyword', order: 'asc' });
    expect(nextSort(view, 'cpc_low')).toEqual({ sort: 'cpc_low', order: 'desc' });
    expect(nextSort({ sort: 'cpc_low', order: 'asc' }, 'cpc_low')).toEqual({ sort: 'cpc_low', order: 'desc' });
  });
});

describe('the calls’ queries', () => {
  it('are what the contract accepts, with the filters the view holds', () => {
    const view = read(
      'projectId=12&q=shoes&competition=Low,High&intent=transactional,navigational&minVolume=10&maxVolume=20&minCpc=0.05&maxCpc=3',
    );
    const query = analysisPageQuery(view);
    expect(query.intent).toBe('navigational,transactional');
    expect(analysisQuerySchema.parse(query)).toEqual({
      page: 1,
      pageSize: 20,
      search: 'shoes',
      competition: ['Low', 'High'],
      intent: ['navigational', 'transactional'],
      minVolume: 10,
      maxVolume: 20,
      minCpc: 0.05,
      maxCpc: 3,
      sort: 'avg_monthly_searches',
      order: 'desc',
    });
    expect(analysisExportQuerySchema.parse(analysisExportQuery(view)).intent).toEqual([
      'navigational',
      'transactional',
    ]);
    expect(analysisQuerySchema.safeParse(analysisPageQuery(defaultAnalysisView)).success).toBe(true);
    // No intent chosen: the parameter is left out, and the server keeps every keyword.
    expect(analysisExportQuery(defaultAnalysisView)).not.toHaveProperty('intent');
    expect(analysisQuerySchema.parse(analysisPageQuery(defaultAnalysisView)).intent).toEqual([]);
  });
});

describe('the bound fields', () => {
  const empty = { minVolume: '', maxVolume: '', minCpc: '', maxCpc: '' };

  it('keep digits for searches, and digits and the dot for CPC', () => {
    expect(cleanBoundInput('minVolume', '1,000.5 searches')).toBe('10005');
    expect(cleanBoundInput('maxCpc', '$1,50.2x')).toBe('150.2');
  });

  it('read as bounds, none when empty', () => {
    expect(readBoundTexts(empty)).toEqual({
      ok: true,
      bounds: { minVolume: null, maxVolume: null, minCpc: null, maxCpc: null },
    });
    expect(readBoundTexts({ minVolume: '100', maxVolume: '', minCpc: '', maxCpc: '2.5' })).toEqual({
      ok: true,
      bounds: { minVolume: 100, maxVolume: null, minCpc: null, maxCpc: 2.5 },
    });
  });

  it('say when a minimum is above its maximum, or a price is unreadable', () => {
    expect(readBoundTexts({ ...empty, minVolume: '500', maxVolume: '100' })).toEqual({
      ok: false,
      field: 'minVolume',
      message: messages.minVolumeAboveMax,
    });
    expect(readBoundTexts({ ...empty, minCpc: '5', maxCpc: '1' })).toEqual({
      ok: false,
      field: 'minCpc',
      message: messages.minCpcAboveMax,
    });
    expect(readBoundTexts({ ...empty, maxCpc: '1.2.3' })).toMatchObject({ ok: false, field: 'maxCpc' });
  });

  it('show applied bounds as they were typed', () => {
    const bounds = { minVolume: 100, maxVolume: null, minCpc: 0.05, maxCpc: 3 };
    expect(boundTextsOf(bounds)).toEqual({ minVolume: '100', maxVolume: '', minCpc: '0.05', maxCpc: '3' });
    expect(readBoundTexts(boundTextsOf(bounds))).toEqual({ ok: true, bounds });
  });
});
