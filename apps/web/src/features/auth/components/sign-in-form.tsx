import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconLogin2 } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-error';
import { useConfig } from '@/lib/config';
import { useSignIn } from '../api/sign-in';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { SsoButton } from './sso-button';

interface FieldErrors {
  email?: string;
  password?: string;
}

export function SignInForm() {
  const { sso } = useConfig();
  const signIn = useSignIn();
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [isCompleting, setIsCompleting] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = 'Enter your email address';
    if (!password) errors.password = 'Enter your password';
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: async () => {
          setIsCompleting(true);
          try {
            await completeSignIn();
          } finally {
            setIsCompleting(false);
          }
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Sign in
        </Title>
        <Text c="dimmed" size="sm">
          Welcome back. Sign in to continue your keyword research.
        </Text>
      </Stack>

      {signIn.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {errorMessage(signIn.error, 'Could not sign in. Please try again.')}
        </Alert>
      )}

      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldErrors.email}
          />
          <PasswordInput
            label="Password"
            // Not "Toggle password visibility": a second match for the label "Password".
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldErrors.password}
          />
          <Button
            type="submit"
            fullWidth
            mt="xs"
            leftSection={<IconLogin2 size={18} />}
            loading={signIn.isPending || isCompleting}
          >
            Sign in
          </Button>
        </Stack>
      </form>

      {sso.enabled && (
        <>
          <Divider label="or" labelPosition="center" />
          <SsoButton providerId={sso.providerId} label={sso.label} />
        </>
      )}

      <Text size="sm" ta="center" c="dimmed">
        New here?{' '}
        <Anchor component={Link} to="/sign-up" fw={600}>
          Create an account
        </Anchor>
      </Text>
    </Stack>
  );
}
