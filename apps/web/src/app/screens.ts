/**
 * The app's route table as data: the router renders it (router.tsx), and the
 * build writes it out with each screen's files (dist/.vite/pages.json, by
 * vite-plugin-page-hints.ts), so the server names in the page itself what the
 * screen will ask for. Plain data, no React: vite.config.ts imports it.
 */
export interface ScreenRoute {
  /** The router's path; its `:params` are ids (positive integers), as `parseId` reads them. */
  path: string;
  /** The module in src/app/routes/ that renders it, without `.tsx`. */
  module: string;
  signedIn: boolean;
  /**
   * GET calls the screen makes on its first render, exactly as its fetch asks
   * (path, query in the same order): the page carries their answers (the server
   * asks its own API with the visitor's credentials) and the fetch takes them
   * (first-answers.ts). Only calls it always makes when the address has no query
   * string (the server then leaves them out), else the server's work is wasted.
   * Checked against the queries in screens.test.ts.
   */
  data?: string[];
}

export const screenRoutes: readonly ScreenRoute[] = [
  { path: '/sign-in', module: 'sign-in', signedIn: false },
  { path: '/sign-up', module: 'sign-up', signedIn: false },
  // The Google Drive connection is checked on load (SPEC 4).
  { path: '/', module: 'keyword-generation', signedIn: true, data: ['/api/auth/google/status'] },
  { path: '/keyword-generation', module: 'keyword-generation', signedIn: true, data: ['/api/auth/google/status'] },
  // The project page's empty state links here; same screen, query string kept.
  { path: '/keyword-generator', module: 'keyword-generation', signedIn: true, data: ['/api/auth/google/status'] },
  { path: '/projects', module: 'projects', signedIn: true, data: ['/api/projects'] },
  {
    path: '/projects/:projectId/keywords',
    module: 'project-keywords',
    signedIn: true,
    data: ['/api/projects/:projectId', '/api/projects/:projectId/keywords/page?page=1&pageSize=20&search=&sort=newest'],
  },
  {
    path: '/projects/:projectId/negative-keywords',
    module: 'negative-keywords',
    signedIn: true,
    data: ['/api/projects/:projectId', '/api/projects/:projectId/negative-lists'],
  },
  { path: '/projects/:projectId/search-terms', module: 'project-search-terms', signedIn: true },
  {
    path: '/projects/:projectId/search-console',
    module: 'project-search-console',
    signedIn: true,
    data: ['/api/projects/:projectId', '/api/projects/:projectId/search-console', '/api/search-console/status'],
  },
  { path: '/keyword-lists', module: 'keyword-lists', signedIn: true, data: ['/api/keyword-lists?refresh=false'] },
  { path: '/google-ads-analysis', module: 'google-ads-analysis', signedIn: true, data: ['/api/projects'] },
  { path: '/team', module: 'team', signedIn: true, data: ['/api/team/members'] },
];

/** What every signed-in screen loads besides its own module (see session-gate.tsx and session.ts). */
export const signedInShellModules: readonly string[] = [
  'src/components/app-layout/app-layout.tsx',
  'src/app/signed-in-providers.tsx',
  'src/lib/me-answer.ts',
];

/** A route module's source path, as Vite's manifest and the bundle name it. */
export const routeModuleSource = (module: string) => `src/app/routes/${module}.tsx`;
