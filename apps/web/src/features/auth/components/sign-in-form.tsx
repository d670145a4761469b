import { Button, Divider, Stack } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useConfig } from '@/lib/config';
import { useSignIn } from '../api/sign-in';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { AuthErrorAlert, AuthFormHeading, EmailField, OtherFormLink, PasswordField } from './auth-form-parts';
import { SsoButton } from './sso-button';

interface FieldErrors {
  email?: string;
  password?: string;
}

export function SignInForm() {
  const { sso } = useConfig();
  const signIn = useSignIn();
  const { completeSignIn, isCompleting } = useCompleteSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = 'Enter your email address';
    if (!password) errors.password = 'Enter your password';
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    signIn.mutate({ email: email.trim(), password }, { onSuccess: completeSignIn });
  };

  return (
    <Stack gap="lg">
      <AuthFormHeading title="Sign in" intro="Welcome back. Sign in to continue your keyword research." />

      <AuthErrorAlert call={signIn} fallback="Could not sign in. Please try again." />

      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <EmailField value={email} onChange={setEmail} error={fieldErrors.email} />
          <PasswordField
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={setPassword}
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

      <OtherFormLink question="New here?" to="/sign-up">
        Create an account
      </OtherFormLink>
    </Stack>
  );
}
