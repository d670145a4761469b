import { Button, Stack, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSignUp } from '../api/sign-up';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { AuthErrorAlert, AuthFormHeading, EmailField, OtherFormLink, PasswordField } from './auth-form-parts';

/** better-auth's minimum, mirrored so the form can say so before sending. */
const minPasswordLength = 8;

interface FieldErrors {
  name?: string;
  email?: string;
  password?: string;
}

export function SignUpForm() {
  const signUp = useSignUp();
  const { completeSignIn, isCompleting } = useCompleteSignIn();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!name.trim()) errors.name = 'Enter your name';
    if (!email.trim()) errors.email = 'Enter your email address';
    if (password.length < minPasswordLength) errors.password = `Use at least ${minPasswordLength} characters`;
    setFieldErrors(errors);
    if (errors.name || errors.email || errors.password) return;
    signUp.mutate({ name: name.trim(), email: email.trim(), password }, { onSuccess: completeSignIn });
  };

  return (
    <Stack gap="lg">
      <AuthFormHeading title="Create your account" intro="Start organising your keyword research in minutes." />

      <AuthErrorAlert call={signUp} fallback="Could not create your account. Please try again." />

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
          <EmailField value={email} onChange={setEmail} error={fieldErrors.email} />
          <PasswordField
            description={`At least ${minPasswordLength} characters`}
            autoComplete="new-password"
            placeholder="Choose a password"
            value={password}
            onChange={setPassword}
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

      <OtherFormLink question="Already have an account?" to="/sign-in">
        Sign in
      </OtherFormLink>
    </Stack>
  );
}
