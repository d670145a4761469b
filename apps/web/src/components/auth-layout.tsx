import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConfig } from '@/lib/config';
import { Brand } from './brand';

/** Sign-in and sign-up: a centred card under the product name, outside the shell. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { appName } = useConfig();
  return (
    <Center component="main" style={{ flex: 1 }} px="md" py={48}>
      <Stack w="100%" maw={420} gap="lg">
        <Center>
          <Brand name={appName} size="lg" />
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} radius="lg">
          {children}
        </Paper>
        <Box ta="center">
          <Text size="xs" c="dimmed">
            Keyword research for SEO and pay-per-click
          </Text>
        </Box>
      </Stack>
    </Center>
  );
}
