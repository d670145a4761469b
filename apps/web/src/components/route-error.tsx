import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';

/** The error screen: a failed chunk download or a render error. */
function RouteError() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">The page could not be shown. Reloading usually helps.</Text>
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  );
}

interface RouteErrorBoundaryProps {
  /** The address shown: going elsewhere (the browser's Back) tries again. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  hasFailed: boolean;
  pathname: string;
}

/** Shows the error screen in place of a screen that failed to load or render. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state = { hasFailed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { hasFailed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { hasFailed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown): void {
    console.info('Route error', error);
  }

  override render() {
    return this.state.hasFailed ? <RouteError /> : this.props.children;
  }
}
