import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageHints, type BuiltChunk } from '../../vite-plugin-page-hints';
import { buildPath, constants, endpoints } from '@keywright/contract';
import { requestJson, toQueryString } from '../lib/http';
import { QueryClient } from '@tanstack/react-query';
import { prepareFirstScreen } from './router';
import { screenRoutes, signedInShellModules, type ScreenRoute } from './screens';

describe('pageHints', () => {
  const chunk = (file: string, rest: Partial<BuiltChunk> = {}): BuiltChunk => ({
    file,
    isEntry: false,
    facadeModule: null,
    modules: [],
    imports: [],
    css: [],
    ...rest,
  });
  /** A build shaped as Rolldown writes it: the entry and what it imports, a group holding the shell, routes. */
  const chunks: BuiltChunk[] = [
    chunk('assets/index-A1.js', { isEntry: true, modules: ['src/app/main.tsx'], imports: ['assets/web-B1.js'] }),
    chunk('assets/web-B1.js', {
      modules: ['src/app/main.tsx', 'src/app/routes/sign-in.tsx'],
      css: ['assets/style-C1.css'],
    }),
    chunk('assets/signed-in-D1.js', {
      modules: [...signedInShellModules, 'src/components/app-layout/user-menu.tsx'],
      imports: ['assets/web-B1.js'],
    }),
    chunk('assets/Table-E1.js', { imports: ['assets/web-B1.js'], css: ['assets/Table-F1.css'] }),
    chunk('assets/team-G1.js', {
      facadeModule: 'src/app/routes/team.tsx',
      modules: ['src/app/routes/team.tsx'],
      imports: ['assets/Table-E1.js', 'assets/signed-in-D1.js', 'assets/web-B1.js'],
    }),
  ];
  const routes: ScreenRoute[] = [
    { path: '/sign-in', module: 'sign-in', signedIn: false },
    { path: '/team', module: 'team', signedIn: true, data: ['/api/team/members'] },
  ];

  it("lists a route's chunk, the shell for a signed-in one, and what they import, less what index.html loads", () => {
    expect(pageHints(chunks, routes)).toEqual([
      { path: '/sign-in', signedIn: false, scripts: [], styles: [], data: [] },
      {
        path: '/team',
        signedIn: true,
        scripts: ['/assets/signed-in-D1.js', '/assets/team-G1.js', '/assets/Table-E1.js'],
        styles: ['/assets/Table-F1.css'],
        data: ['/api/team/members'],
      },
    ]);
  });

  it('names a module missing from the build', () => {
    expect(() => pageHints(chunks, [{ path: '/x', module: 'renamed', signedIn: false }])).toThrow(
      'src/app/routes/renamed.tsx is in no chunk of the build',
    );
    const withoutShell = chunks.filter(({ file }) => !file.includes('signed-in'));
    expect(() => pageHints(withoutShell, routes)).toThrow(`${signedInShellModules[0]} is in no chunk of the build`);
  });
});

describe("each screen's data calls, as the page carries their answers", () => {
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
   * of keywords (project-select/api/get-project.ts, keywords/api/get-keyword-page.ts:
   * page 1, no search, newest first), the team (team/api/get-team-members.ts).
   */
  const firstCalls: Record<string, string[]> = {
    '/projects': [buildPath(endpoints.listProjects.path)],
    '/projects/:projectId/keywords': [
      buildPath(endpoints.getProject.path, { id: 12 }),
      buildPath(endpoints.projectKeywordPage.path, { projectId: 12 }) +
        toQueryString({ page: 1, pageSize: constants.projectKeywordsPageSize, search: '', sort: 'newest' }),
    ],
    // The project, its Search Console state and the caller's connection (search-console/).
    '/projects/:projectId/search-console': [
      buildPath(endpoints.getProject.path, { id: 12 }),
      buildPath(endpoints.projectSearchConsole.path, { projectId: 12 }),
      buildPath(endpoints.searchConsoleStatus.path),
    ],
    '/team': [buildPath(endpoints.listTeamMembers.path)],
    // The Drive connection (generation/api/google-drive.ts), on each path of the generator.
    '/': [buildPath(endpoints.googleDriveStatus.path)],
    '/keyword-generation': [buildPath(endpoints.googleDriveStatus.path)],
    '/keyword-generator': [buildPath(endpoints.googleDriveStatus.path)],
    // The lists, not refreshed (save-to-list/api/get-keyword-lists.ts).
    '/keyword-lists': [buildPath(endpoints.listKeywordLists.path) + toQueryString({ refresh: 'false' })],
    // A project and its negative lists (negative-lists/api/get-negative-lists.ts).
    '/projects/:projectId/negative-keywords': [
      buildPath(endpoints.getProject.path, { id: 12 }),
      buildPath(endpoints.listNegativeLists.path, { projectId: 12 }),
    ],
    // The project selector's projects (with no project chosen yet, the page asks for nothing else).
    '/google-ads-analysis': [buildPath(endpoints.listProjects.path)],
  };

  it('are the calls the screens make, GETs with the credentials the server asks them with', async () => {
    const withData = screenRoutes.filter((route) => route.data?.length);
    expect(withData.map((route) => route.path).sort()).toEqual(Object.keys(firstCalls).sort());
    for (const route of withData) {
      const carried = route.data!.map((url) => url.replace(':projectId', '12'));
      expect(carried, route.path).toEqual(firstCalls[route.path]);
      for (const url of carried) {
        // The page's answer is the one this fetch would get: the visitor's own, by the same address.
        expect(await fetchOf(url)).toEqual({ url, method: 'GET', credentials: 'include' });
      }
    }
  });

  it("are what each signed-in screen's prepare asks for, so the first screen waits for them", async () => {
    for (const route of screenRoutes.filter((route) => route.signedIn)) {
      const fetch = vi.fn(async () => new Response('{}'));
      vi.stubGlobal('fetch', fetch);
      const pathname = route.path.replace(':projectId', '12');
      // The answers are not the screens' (`{}`): prepare still resolves, and the screen asks again.
      await expect(prepareFirstScreen(pathname, '', new QueryClient())).resolves.toBeUndefined();
      const asked = fetch.mock.calls.map((call) => (call as unknown as [string])[0]).sort();
      expect(asked, route.path).toEqual([...(firstCalls[route.path] ?? [])].sort());
    }
  });

  it('are asked with the address: the page of keywords it names, none for the groups, the named project', async () => {
    const askedFor = async (pathname: string, search: string) => {
      const fetch = vi.fn(async () => new Response('{}'));
      vi.stubGlobal('fetch', fetch);
      await prepareFirstScreen(pathname, search, new QueryClient());
      return fetch.mock.calls.map((call) => (call as unknown as [string])[0]).sort();
    };
    expect(await askedFor('/projects/12/keywords', '?page=3')).toEqual(
      [
        buildPath(endpoints.getProject.path, { id: 12 }),
        buildPath(endpoints.projectKeywordPage.path, { projectId: 12 }) +
          toQueryString({ page: 3, pageSize: constants.projectKeywordsPageSize, search: '', sort: 'newest' }),
      ].sort(),
    );
    expect(await askedFor('/projects/12/keywords', '?view=groups')).toEqual([
      buildPath(endpoints.getProject.path, { id: 12 }),
    ]);
    expect(await askedFor('/keyword-generator', '?projectId=7')).toEqual(
      [buildPath(endpoints.googleDriveStatus.path), buildPath(endpoints.getProject.path, { id: 7 })].sort(),
    );
    expect(await askedFor('/projects/abc/keywords', '')).toEqual([]);
    expect(await askedFor('/no-such-screen', '')).toEqual([]);
  });
});
