// The load run's journeys of the analysis side of a project: the analysis table, its groups, the
// search terms view, and the two imports people make there (Keyword Planner, search terms report).
import { analysisSortColumns, constants, endpoints, searchTermsSorts } from '@keywright/contract';
import { plannerFile, plannerRow } from '../../apps/server/test/support/keyword-planner-files';
import { termsFile, termsRow } from '../../apps/server/test/support/search-terms-files';
import { endpointCall } from './client';
import { themeKeyword } from './fixtures';
import type { Journey, Random } from './journeys';

/** Rows in an import: a small download, as a person exports for one ad group. */
const IMPORT_ROWS = 20;
/** Where an import's keywords start in a theme's sequence: past what adds reach in a run, so they read as new. */
const IMPORT_FROM = 50_000;

/** The endpoint's success status; the journeys below expect no other. */
const success = (endpoint: Journey['endpoint']) =>
  Number(Object.keys(endpoint?.response ?? {}).find((status) => status.startsWith('2')) ?? 200);

const volumeBounds: ReadonlyArray<[string, string]> = [
  ['', ''],
  ['100', ''],
  ['', '5000'],
];

export const analysisJourneys: readonly Journey[] = [
  {
    name: 'analysis page',
    weight: 6,
    endpoint: endpoints.analysisPage,
    expect: [success(endpoints.analysisPage)],
    call(user, random) {
      const project = random.pick(user.projects);
      const [minVolume, maxVolume] = random.pick(volumeBounds);
      return endpointCall(endpoints.analysisPage, {
        token: user.token,
        params: { projectId: project.id },
        query: {
          page: random.chance(0.8) ? 1 : 2,
          sort: random.pick(analysisSortColumns),
          order: random.chance(0.7) ? 'desc' : 'asc',
          competition: random.chance(0.3) ? random.pick(constants.competitionLevels) : '',
          minVolume,
          maxVolume,
          search: random.chance(0.2) ? random.pick(project.theme.heads).split(' ')[0]! : '',
        },
      });
    },
  },
  {
    name: 'groups',
    weight: 2,
    endpoint: endpoints.projectClusters,
    // 202 while a background job works them out; these projects are small enough to group in the request.
    expect: [200, 202],
    call: (user, random) =>
      endpointCall(endpoints.projectClusters, {
        token: user.token,
        params: { projectId: random.pick(user.projects).id },
      }),
  },
  {
    name: 'search terms page',
    weight: 2,
    endpoint: endpoints.projectSearchTerms,
    expect: [success(endpoints.projectSearchTerms)],
    call: (user, random) =>
      endpointCall(endpoints.projectSearchTerms, {
        token: user.token,
        params: { projectId: user.projects[0]!.id },
        query: { sort: random.pick(searchTermsSorts), noConversions: random.chance(0.3) ? 'true' : '' },
      }),
  },
  {
    name: 'Keyword Planner import',
    weight: 1,
    endpoint: endpoints.keywordPlannerImport,
    expect: [success(endpoints.keywordPlannerImport)],
    call(user, random) {
      const project = random.pick(user.projects);
      const rows = importKeywords(project.theme, random).map((keyword, n) =>
        plannerRow(keyword, { searches: 100 + n * 40 }),
      );
      return {
        ...endpointCall(endpoints.keywordPlannerImport, { token: user.token, params: { projectId: project.id } }),
        upload: { field: 'file', name: 'Keyword Stats.csv', bytes: plannerFile(rows), type: 'text/csv' },
      };
    },
  },
  {
    name: 'search terms import',
    weight: 1,
    endpoint: endpoints.importSearchTerms,
    expect: [success(endpoints.importSearchTerms)],
    call(user, random) {
      const project = user.projects[0]!;
      const rows = importKeywords(project.theme, random).map((term, n) => termsRow(term, { Clicks: String(n) }));
      return {
        ...endpointCall(endpoints.importSearchTerms, { token: user.token, params: { projectId: project.id } }),
        upload: { field: 'file', name: 'Search terms report.csv', bytes: termsFile(rows), type: 'text/csv' },
      };
    },
  },
];

/** Searches of the first keywords every project is made with (at least this many): an import holds some. */
const HELD = 6;

/**
 * A download's searches: a few the project was made with, the rest new to it, as a real export
 * mixes them. The new ones come from far along the theme's sequence, where keyword adds never reach,
 * so an import never takes a keyword a later add is about to make.
 */
function importKeywords(theme: Parameters<typeof themeKeyword>[0], random: Random): string[] {
  const from = IMPORT_FROM + random.int(IMPORT_FROM);
  return Array.from({ length: IMPORT_ROWS }, (_, n) => themeKeyword(theme, n < HELD ? n : from + n));
}
