import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { configQueryOptions } from '@/lib/config';
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

/** Every other path: signed-out users go to /sign-in. */
export function SignedInOnly() {
  const { data: user } = useMe();
  if (!user) return <Navigate to="/sign-in" replace />;
  return (
    <CurrentUserContext value={user}>
      <Suspense fallback={<FullPageLoader />}>
        <SignedInProviders>
          <AppLayout />
        </SignedInProviders>
      </Suspense>
    </CurrentUserContext>
  );
}
