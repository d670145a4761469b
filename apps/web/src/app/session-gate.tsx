import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, use, useDeferredValue, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { configQueryOptions } from '@/lib/config';
import { dropFirstData } from '@/lib/first-answers';
import { CurrentUserContext, useMe } from '@/lib/session';

const loadAppLayout = () => import('@/components/app-layout/app-layout');
const loadSignedInProviders = () => import('./signed-in-providers');
const AppLayout = lazy(loadAppLayout);
const SignedInProviders = lazy(loadSignedInProviders);

/** Starts loading what every signed-in screen renders in (see `preloadScreen`). */
export function loadSignedInShell(): void {
  void loadAppLayout();
  void loadSignedInProviders();
}

/** Waits for GET /api/config and GET /api/me, which decide what to show first. */
export function SessionGate() {
  const me = useMe();
  const config = useQuery(configQueryOptions);
  // The screen these answers decide is rendered in the background, in slices (a deferred
  // value renders as a transition), not in one long task that blocks the page.
  const isPending = useDeferredValue(me.isPending || config.isPending);
  if (isPending) return <FullPageLoader />;
  if (me.isError) {
    return (
      <Center mih="100vh" p="md" component="main">
        <Stack align="center" gap="sm" maw={420} ta="center">
          <Title order={1} size="h2">
            Cannot reach the server
          </Title>
          <Text c="dimmed">Check your connection and try again.</Text>
          <Button leftSection={<IconRefresh size={16} />} onClick={() => void me.refetch()} loading={me.isFetching}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  return <Outlet />;
}

/** /sign-in and /sign-up: signed-in users go to /. */
export function SignedOutOnly() {
  const { data: user } = useMe();
  if (user) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}

type PrepareScreen = (pathname: string, search: string, queryClient: QueryClient) => Promise<void>;

/** How long the first screen may wait for its answers before the shell shows it loading. */
const firstScreenPatienceMs = 2_500;
let firstScreen: Promise<void> | undefined;

/**
 * The page's first signed-in screen is shown whole: the loader stays until the
 * shell's and the screen's code and the screen's first answers are in, so the
 * page is drawn once rather than as a shell, then skeletons, then content. Only
 * the first: later screens open inside the shell, which shows their loading.
 */
function FirstScreen({ prepare, children }: { prepare: PrepareScreen; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  firstScreen ??= Promise.race([
    // Code that fails to load fails where it is rendered, as on any later screen.
    Promise.all([prepare(pathname, search, queryClient), loadAppLayout(), loadSignedInProviders()]).then(
      () => {},
      () => {},
    ),
    new Promise<void>((resolve) => setTimeout(resolve, firstScreenPatienceMs)),
  ]).then(dropFirstData);
  use(firstScreen);
  return children;
}

/** Every other path: signed-out users go to /sign-in. */
export function SignedInOnly({ prepare }: { prepare: PrepareScreen }) {
  const { data: user } = useMe();
  if (!user) return <Navigate to="/sign-in" replace />;
  return (
    <CurrentUserContext value={user}>
      <Suspense fallback={<FullPageLoader />}>
        <FirstScreen prepare={prepare}>
          <SignedInProviders>
            <AppLayout />
          </SignedInProviders>
        </FirstScreen>
      </Suspense>
    </CurrentUserContext>
  );
}
