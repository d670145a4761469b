import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/route-error';
import { screenRoutes } from './screens';
import { loadSignedInShell, SessionGate, SignedInOnly, SignedOutOnly } from './session-gate';

/** What a screen's `prepare` is given: the query cache, and the address's params and query string. */
export interface ScreenContext {
  queryClient: QueryClient;
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
}

type RouteModule = {
  default: ComponentType;
  /**
   * Asks for the answers the screen shows first, into the cache its queries
   * read (the same query options), so the page's first screen can be shown
   * whole (see `prepareFirstScreen`).
   */
  prepare?: (context: ScreenContext) => Promise<unknown>;
};
/** The signed-out screens come with the app's code: their visitors need nothing else to see one. */
const eagerModules = import.meta.glob<RouteModule>(['./routes/sign-in.tsx', './routes/sign-up.tsx'], { eager: true });
/** The others are loaded on first render (or ahead of it by `preloadScreen`). */
const lazyModules = import.meta.glob<RouteModule>(['./routes/*.tsx', '!./routes/sign-in.tsx', '!./routes/sign-up.tsx']);

const screens = new Map<string, { load: () => Promise<RouteModule>; Screen: ComponentType }>();
function lazyScreen(module: string) {
  let screen = screens.get(module);
  if (!screen) {
    const file = `./routes/${module}.tsx`;
    const eager = eagerModules[file];
    const load = eager ? () => Promise.resolve(eager) : lazyModules[file];
    if (!load) throw new Error(`src/app/routes/${module}.tsx is missing`);
    screen = { load, Screen: eager ? eager.default : lazy(load) };
    screens.set(module, screen);
  }
  return screen;
}

type RouteEntry = { path: string; screen: ReturnType<typeof lazyScreen> };

const routesOf = (signedIn: boolean): RouteEntry[] =>
  screenRoutes
    .filter((route) => route.signedIn === signedIn)
    .map(({ path, module }) => ({ path, screen: lazyScreen(module) }));
const signedOutRoutes = routesOf(false);
const signedInRoutes = routesOf(true);

const toRoutes = (routes: RouteEntry[]) =>
  routes.map(({ path, screen: { Screen } }) => ({ path, element: <Screen /> }));

/** SPEC section 2's route table. */
const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    children: [
      { element: <SignedOutOnly />, children: toRoutes(signedOutRoutes) },
      {
        element: <SignedInOnly prepare={prepareFirstScreen} />,
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

/**
 * The signed-in screen at `pathname`: its code, then its first answers (its
 * module's `prepare`). Never fails: a screen whose answers did not come shows
 * its own loading or error state.
 */
export async function prepareFirstScreen(pathname: string, search: string, queryClient: QueryClient): Promise<void> {
  const route = signedInRoutes.find(({ path }) => matchPath(path, pathname));
  if (!route) return;
  const params = matchPath(route.path, pathname)?.params ?? {};
  try {
    const module = await route.screen.load();
    await module.prepare?.({ queryClient, params, searchParams: new URLSearchParams(search) });
  } catch {
    // The screen asks again and shows what went wrong.
  }
}
