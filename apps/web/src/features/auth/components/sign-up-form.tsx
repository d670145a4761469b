import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-error';
import { useSignUp } from '../api/sign-up';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

/** better-auth's minimum, mirrored so the form can say so before sending. */
const minPasswordLength = 8;

interface FieldErrors {
  name?: string;
  email?: string;
  password?: string;
}

export function SignUpForm() {
  const signUp = useSignUp();
  const completeSignIn = useCompleteSignIn();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [isCompleting, setIsCompleting] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!name.trim()) errors.name = 'Enter your name';
    if (!email.trim()) errors.email = 'Enter your email address';
    if (password.length < minPasswordLength) errors.password = `Use at least ${minPasswordLength} characters`;
    setFieldErrors(errors);
    if (errors.name || errors.email || errors.password) return;
    signUp.mutate(
      { name: name.trim(), email: email.trim(), password },
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
          Create your account
        </Title>
        <Text c="dimmed" size="sm">
          Start organising your keyword research in minutes.
        </Text>
      </Stack>

      {signUp.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {errorMessage(signUp.error, 'Could not create your account. Please try again.')}
        </Alert>
      )}

      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            autoComplete="name"
            placeholder="Jane Doe"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldErrors.name}
          />
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
            description={`At least ${minPasswordLength} characters`}
            autoComplete="new-password"
            placeholder="Choose a password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldErrors.password}
          />
          <Button
            type="submit"
            fullWidth
            mt="xs"
            leftSection={<IconUserPlus size={18} />}
            loading={signUp.isPending || isCompleting}
          >
            Sign up
          </Button>
        </Stack>
      </form>

      <Text size="sm" ta="center" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to="/sign-in" fw={600}>
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
