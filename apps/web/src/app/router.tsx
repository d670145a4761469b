import { lazy, type ComponentType } from 'react';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/route-error';
import { screenRoutes } from './screens';
import { loadSignedInShell, SessionGate, SignedInOnly, SignedOutOnly } from './session-gate';

type RouteModule = { default: ComponentType };
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
