import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** The router's error screen: a failed chunk download or a render error. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.info('Route error', error);
  }, [error]);
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
