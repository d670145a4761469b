import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageHints } from '../../vite-plugin-page-hints';
import { buildPath, constants, endpoints } from '@keywright/contract';
import { requestJson, toQueryString } from '../lib/http';
import { screenRoutes, signedInShellModules, type ScreenRoute } from './screens';

describe('pageHints', () => {
  /** A manifest shaped as Vite writes it: the entry, route and shell chunks, shared chunks keyed `_name`. */
  const manifest = {
    'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: ['_Box-B1.js'], css: ['assets/index-C1.css'] },
    '_Box-B1.js': { file: 'assets/Box-B1.js' },
    '_Group-D1.js': { file: 'assets/Group-D1.js', imports: ['_Box-B1.js'] },
    '_Table-E1.js': {
      file: 'assets/Table-E1.js',
      imports: ['_Group-D1.js', 'index.html'],
      css: ['assets/Table-F1.css'],
    },
    'src/app/routes/team.tsx': { file: 'assets/team-G1.js', imports: ['_Table-E1.js', 'index.html'] },
    'src/app/routes/sign-in.tsx': { file: 'assets/sign-in-H1.js', imports: ['_Group-D1.js', 'index.html'] },
    'src/components/app-layout/app-layout.tsx': {
      file: 'assets/app-layout-J1.js',
      imports: ['_Group-D1.js', 'index.html'],
      css: ['assets/app-layout-K1.css', 'assets/index-C1.css'],
    },
    'src/app/signed-in-providers.tsx': { file: 'assets/signed-in-providers-L1.js', imports: ['index.html'] },
    'src/lib/me-answer.ts': { file: 'assets/me-answer-M1.js' },
  };
  const routes: ScreenRoute[] = [
    { path: '/sign-in', module: 'sign-in', signedIn: false },
    { path: '/team', module: 'team', signedIn: true, data: ['/api/team/members'] },
  ];

  it("lists a route's chunk, the shell for a signed-in one, and what they import, less what index.html loads", () => {
    expect(pageHints(manifest, routes)).toEqual([
      {
        path: '/sign-in',
        signedIn: false,
        scripts: ['/assets/sign-in-H1.js', '/assets/Group-D1.js'],
        styles: [],
        data: [],
      },
      {
        path: '/team',
        signedIn: true,
        scripts: [
          '/assets/app-layout-J1.js',
          '/assets/Group-D1.js',
          '/assets/signed-in-providers-L1.js',
          '/assets/me-answer-M1.js',
          '/assets/team-G1.js',
          '/assets/Table-E1.js',
        ],
        styles: ['/assets/app-layout-K1.css', '/assets/Table-F1.css'],
        data: ['/api/team/members'],
      },
    ]);
  });

  it('names a module missing from the build', () => {
    expect(() => pageHints(manifest, [{ path: '/x', module: 'renamed', signedIn: false }])).toThrow(
      'src/app/routes/renamed.tsx is not in the Vite manifest',
    );
    const { 'src/lib/me-answer.ts': _, ...withoutShell } = manifest;
    expect(() => pageHints(withoutShell, routes)).toThrow(`${signedInShellModules[2]} is not in the Vite manifest`);
  });
});

describe("each screen's data calls, as the page preloads them", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The URL, method and credentials of the fetch the app's `requestJson` makes for a GET. */
  async function fetchOf(url: string) {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    await requestJson('GET', url);
    const [sent, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    return { url: sent, method: init.method, credentials: init.credentials };
  }

  /**
   * Each screen's first calls on first render, built as the screens' queries
   * build them (api-client.ts: the contract's path, then the query in order):
   * projects (project-select/api/get-projects.ts), a project and its first page
   * of keywords (projects/api/get-project.ts, keywords/api/get-keyword-page.ts:
   * page 1, no search, newest first), the team (team/api/get-team-members.ts).
   */
  const firstCalls: Record<string, string[]> = {
    '/projects': [buildPath(endpoints.listProjects.path)],
    '/projects/:projectId/keywords': [
      buildPath(endpoints.getProject.path, { id: 12 }),
      buildPath(endpoints.projectKeywordPage.path, { projectId: 12 }) +
        toQueryString({ page: 1, pageSize: constants.projectKeywordsPageSize, search: '', sort: 'newest' }),
    ],
    '/team': [buildPath(endpoints.listTeamMembers.path)],
    // The project selector's projects (with no project chosen yet, the page asks for nothing else).
    '/google-ads-analysis': [buildPath(endpoints.listProjects.path)],
  };

  it('are the calls the screens make, with the credentials the preload asks for', async () => {
    const withData = screenRoutes.filter((route) => route.data?.length);
    expect(withData.map((route) => route.path).sort()).toEqual(Object.keys(firstCalls).sort());
    for (const route of withData) {
      const preloaded = route.data!.map((url) => url.replace(':projectId', '12'));
      expect(preloaded, route.path).toEqual(firstCalls[route.path]);
      for (const url of preloaded) {
        // crossorigin="use-credentials" on the preload: the fetch must include them too, or it is not reused.
        expect(await fetchOf(url)).toEqual({ url, method: 'GET', credentials: 'include' });
      }
    }
  });
});
