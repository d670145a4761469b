import { Center, Loader } from '@mantine/core';

/** Shown while the first answers or a route's code arrive. */
export function FullPageLoader() {
  return (
    <Center style={{ flex: 1 }} mih="60vh" role="status" aria-label="Loading">
      <Loader size="md" />
    </Center>
  );
}
