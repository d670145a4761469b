import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-error';
import { useSignInWithSso } from '../api/sign-in-with-sso';

export function SsoButton({ providerId, label }: { providerId: string; label: string }) {
  const ssoSignIn = useSignInWithSso();
  return (
    <Stack gap="sm">
      {ssoSignIn.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {errorMessage(ssoSignIn.error, `Could not continue with ${label}. Please try again.`)}
        </Alert>
      )}
      <Button
        variant="default"
        fullWidth
        leftSection={<IconShieldLock size={18} />}
        loading={ssoSignIn.isPending || ssoSignIn.isSuccess}
        onClick={() => ssoSignIn.mutate(providerId)}
      >
        Continue with {label}
      </Button>
    </Stack>
  );
}
