import { lazy, type ComponentType } from 'react';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/route-error';
import { loadSignedInShell, SessionGate, SignedInOnly, SignedOutOnly } from './session-gate';

/** A screen's code, loaded on first render (or ahead of it by `preloadScreen`). */
function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return { load, Screen: lazy(load) };
}

const signIn = lazyScreen(() => import('./routes/sign-in'));
const signUp = lazyScreen(() => import('./routes/sign-up'));
const keywordGeneration = lazyScreen(() => import('./routes/keyword-generation'));
const projects = lazyScreen(() => import('./routes/projects'));
const projectKeywords = lazyScreen(() => import('./routes/project-keywords'));
const keywordLists = lazyScreen(() => import('./routes/keyword-lists'));
const googleAdsAnalysis = lazyScreen(() => import('./routes/google-ads-analysis'));
const team = lazyScreen(() => import('./routes/team'));

type ScreenRoute = { path: string; screen: ReturnType<typeof lazyScreen> };

const signedOutRoutes: ScreenRoute[] = [
  { path: '/sign-in', screen: signIn },
  { path: '/sign-up', screen: signUp },
];
const signedInRoutes: ScreenRoute[] = [
  { path: '/', screen: keywordGeneration },
  { path: '/keyword-generation', screen: keywordGeneration },
  // The project page's empty state links here; same screen, query string kept.
  { path: '/keyword-generator', screen: keywordGeneration },
  { path: '/projects', screen: projects },
  { path: '/projects/:projectId/keywords', screen: projectKeywords },
  { path: '/keyword-lists', screen: keywordLists },
  { path: '/google-ads-analysis', screen: googleAdsAnalysis },
  { path: '/team', screen: team },
];

const toRoutes = (routes: ScreenRoute[]) =>
  routes.map(({ path, screen: { Screen } }) => ({ path, element: <Screen /> }));

/** SPEC section 2's route table. */
const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    children: [
      { element: <SignedOutOnly />, children: toRoutes(signedOutRoutes) },
      {
        element: <SignedInOnly />,
        children: [...toRoutes(signedInRoutes), { path: '*', element: <Navigate to="/" replace /> }],
      },
    ],
  },
];

/**
 * The screens, inside <BrowserRouter>. The declarative router is half the size
 * of the data router (createBrowserRouter), whose loaders and actions we do not use.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary pathname={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}

/**
 * Starts loading the code of the screen at `pathname` (with the signed-in shell
 * when signed in) while the page still waits for its first answers, rather than
 * one chunk after another as React reaches each lazy component.
 */
export function preloadScreen(pathname: string, isSignedIn: boolean): void {
  const route = (isSignedIn ? signedInRoutes : signedOutRoutes).find(({ path }) => matchPath(path, pathname));
  if (!route) return;
  if (isSignedIn) loadSignedInShell();
  void route.screen.load();
}
