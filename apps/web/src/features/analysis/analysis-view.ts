import {
  analysisSortColumns,
  cleanCpcInput,
  constants,
  messages,
  type AnalysisExportQuery,
  type AnalysisQuery,
  type AnalysisSortColumn,
  type Competition,
  type SearchIntent,
} from '@keywright/contract';
import { cpcBoundParam, readCpcFilter } from '@/lib/cpc-filter';
import { parseId } from '@/lib/ids';
import { intentQuery, readIntentChoice } from '@/lib/intent-filter';

export type SortOrder = 'asc' | 'desc';
export type AnalysisPageSize = (typeof constants.analysisPageSizes)[number];

/** The bounds a person applies: searches (whole numbers) and CPC (dollars); null is no bound. */
export interface AnalysisBounds {
  minVolume: number | null;
  maxVolume: number | null;
  minCpc: number | null;
  maxCpc: number | null;
}

export const noAnalysisBounds: AnalysisBounds = { minVolume: null, maxVolume: null, minCpc: null, maxCpc: null };

/** What the analysis page shows, all of it in the address (shareable; a reload keeps it). */
export interface AnalysisView extends AnalysisBounds {
  projectId: number | null;
  page: number;
  pageSize: AnalysisPageSize;
  sort: AnalysisSortColumn;
  order: SortOrder;
  search: string;
  competition: Competition[];
  /** Keywords carrying any of these intents (none: all). */
  intents: SearchIntent[];
}

export const defaultSort: AnalysisSortColumn = 'avg_monthly_searches';

export const defaultAnalysisView: AnalysisView = {
  projectId: null,
  page: 1,
  pageSize: constants.analysisPageSize as AnalysisPageSize,
  sort: defaultSort,
  order: 'desc',
  search: '',
  competition: [],
  intents: [],
  ...noAnalysisBounds,
};

/** A column's first order when a person sorts by it: A to Z for words, largest first for figures. */
export const firstOrder = (column: AnalysisSortColumn): SortOrder => (column === 'keyword' ? 'asc' : 'desc');

/** Sorting by a column: its first order, or the other order when it is the column sorted by already. */
export function nextSort(view: Pick<AnalysisView, 'sort' | 'order'>, column: AnalysisSortColumn) {
  if (view.sort !== column) return { sort: column, order: firstOrder(column) };
  return { sort: column, order: view.order === 'asc' ? ('desc' as const) : ('asc' as const) };
}

const volumePattern = /^\d{1,12}$/;
const readVolume = (text: string | null) => (text && volumePattern.test(text) ? Number(text) : null);

function readCompetition(text: string | null): Competition[] {
  const named = new Set((text ?? '').split(',').map((part) => part.trim()));
  return constants.competitionLevels.filter((level) => named.has(level));
}

/**
 * The view an address asks for. Anything unreadable (a hand-edited link, an old one) falls back to
 * the default for that part, and bounds that contradict each other are dropped, so the page never
 * asks the server for what it would refuse.
 */
export function readAnalysisView(params: URLSearchParams): AnalysisView {
  const page = params.get('page');
  const pageSize = Number(params.get('pageSize'));
  const sort = params.get('sort');
  const order = params.get('order');
  let minVolume = readVolume(params.get('minVolume'));
  let maxVolume = readVolume(params.get('maxVolume'));
  if (minVolume !== null && maxVolume !== null && minVolume > maxVolume) minVolume = maxVolume = null;
  const cpc = readCpcFilter(params.get('minCpc') ?? '', params.get('maxCpc') ?? '');
  return {
    projectId: parseId(params.get('projectId')),
    page: page && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
    pageSize: constants.analysisPageSizes.find((size) => size === pageSize) ?? defaultAnalysisView.pageSize,
    sort: analysisSortColumns.find((column) => column === sort) ?? defaultSort,
    order: order === 'asc' || order === 'desc' ? order : sort === 'keyword' ? 'asc' : 'desc',
    search: (params.get('q') ?? '').trim().slice(0, constants.limits.keyword),
    competition: readCompetition(params.get('competition')),
    intents: readIntentChoice((params.get('intent') ?? '').split(',').map((part) => part.trim())),
    minVolume,
    maxVolume,
    ...(cpc.ok ? cpc.bounds : { minCpc: null, maxCpc: null }),
  };
}

/** Whether a change is to what the rows are (filters, order, page size): it starts again from page 1. */
const resetsPage = (change: Partial<AnalysisView>) =>
  Object.keys(change).some((key) => key !== 'page' && key !== 'projectId');

/**
 * The address after a change: the view's parts that are not their default, in a fixed order.
 * A change of filters, sort or page size goes back to page 1; a change of project also clears
 * the filters (they were for the other project's keywords).
 */
export function writeAnalysisView(view: AnalysisView, change: Partial<AnalysisView>): URLSearchParams {
  const isNewProject = change.projectId !== undefined && change.projectId !== view.projectId;
  const next: AnalysisView = {
    ...view,
    ...(isNewProject && { page: 1, search: '', competition: [], intents: [], ...noAnalysisBounds }),
    ...(resetsPage(change) && { page: 1 }),
    ...change,
  };
  const params = new URLSearchParams();
  const set = (key: string, value: string | null, fallback: string | null = null) => {
    if (value !== null && value !== '' && value !== fallback) params.set(key, value);
  };
  set('projectId', next.projectId === null ? null : String(next.projectId));
  set('q', next.search.trim());
  set('competition', next.competition.join(','));
  set('intent', next.intents.join(','));
  set('minVolume', next.minVolume === null ? null : String(next.minVolume));
  set('maxVolume', next.maxVolume === null ? null : String(next.maxVolume));
  set('minCpc', next.minCpc === null ? null : cpcBoundParam(next.minCpc));
  set('maxCpc', next.maxCpc === null ? null : cpcBoundParam(next.maxCpc));
  set('sort', next.sort, defaultSort);
  set('order', next.order, firstOrder(next.sort));
  set('pageSize', String(next.pageSize), String(defaultAnalysisView.pageSize));
  set('page', String(next.page), '1');
  return params;
}

/** Whether the view narrows the rows (a text, a competition level, an intent or a bound). */
export const hasAnalysisFilters = (view: AnalysisView) =>
  view.search !== '' ||
  view.competition.length > 0 ||
  view.intents.length > 0 ||
  view.minVolume !== null ||
  view.maxVolume !== null ||
  view.minCpc !== null ||
  view.maxCpc !== null;

/** The export's query: the view's filters and order (every matching keyword, not a page). */
export function analysisExportQuery(view: AnalysisView): AnalysisExportQuery {
  const bound = (value: number | null, write: (value: number) => string = String) =>
    value === null ? undefined : write(value);
  return {
    search: view.search,
    ...(view.competition.length > 0 && { competition: view.competition.join(',') }),
    ...intentQuery(view.intents),
    ...(view.minVolume !== null && { minVolume: bound(view.minVolume) }),
    ...(view.maxVolume !== null && { maxVolume: bound(view.maxVolume) }),
    ...(view.minCpc !== null && { minCpc: bound(view.minCpc, cpcBoundParam) }),
    ...(view.maxCpc !== null && { maxCpc: bound(view.maxCpc, cpcBoundParam) }),
    sort: view.sort,
    order: view.order,
  };
}

/** The page call's query: the page, its size, and the export's filters and order. */
export function analysisPageQuery(view: AnalysisView): AnalysisQuery {
  return { page: view.page, pageSize: view.pageSize, ...analysisExportQuery(view) };
}

/** The bound fields as typed. */
export interface BoundTexts {
  minVolume: string;
  maxVolume: string;
  minCpc: string;
  maxCpc: string;
}

export type BoundsReading =
  { ok: true; bounds: AnalysisBounds } | { ok: false; field: keyof BoundTexts; message: string };

/** A searches field keeps its digits only (a pasted `1,000` is 1000). */
export const cleanVolumeInput = (text: string) => text.replace(/\D/g, '').slice(0, 12);

/** A CPC field keeps digits and the dot (SPEC 5). */
export const cleanBoundInput = (field: keyof BoundTexts, text: string) =>
  field === 'minCpc' || field === 'maxCpc' ? cleanCpcInput(text) : cleanVolumeInput(text);

/** Reads the bound fields: the bounds to apply, or the field to mark and what to say. */
export function readBoundTexts(texts: BoundTexts): BoundsReading {
  const minVolume = texts.minVolume === '' ? null : readVolume(cleanVolumeInput(texts.minVolume));
  const maxVolume = texts.maxVolume === '' ? null : readVolume(cleanVolumeInput(texts.maxVolume));
  if (minVolume !== null && maxVolume !== null && minVolume > maxVolume) {
    return { ok: false, field: 'minVolume', message: messages.minVolumeAboveMax };
  }
  const cpc = readCpcFilter(texts.minCpc, texts.maxCpc);
  if (!cpc.ok) return cpc;
  return { ok: true, bounds: { minVolume, maxVolume, ...cpc.bounds } };
}

/** The fields' texts for applied bounds. */
export function boundTextsOf(bounds: AnalysisBounds): BoundTexts {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    minVolume: text(bounds.minVolume),
    maxVolume: text(bounds.maxVolume),
    minCpc: bounds.minCpc === null ? '' : cpcBoundParam(bounds.minCpc),
    maxCpc: bounds.maxCpc === null ? '' : cpcBoundParam(bounds.maxCpc),
  };
}

export const sameBounds = (a: AnalysisBounds, b: AnalysisBounds) =>
  a.minVolume === b.minVolume && a.maxVolume === b.maxVolume && a.minCpc === b.minCpc && a.maxCpc === b.maxCpc;
