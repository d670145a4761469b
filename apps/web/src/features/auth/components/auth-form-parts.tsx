import { Alert, Anchor, PasswordInput, Stack, Text, TextInput, Title, type PasswordInputProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-error';

// What the sign-in and sign-up forms share: their heading, the failed-call alert, the e-mail and
// password fields and the link to the other form.

export function AuthFormHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {intro}
      </Text>
    </Stack>
  );
}

/** A failed sign-in or sign-up in the server's words, else `fallback`; nothing until it fails. */
export function AuthErrorAlert({ call, fallback }: { call: { isError: boolean; error: unknown }; fallback: string }) {
  if (!call.isError) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
      {errorMessage(call.error, fallback)}
    </Alert>
  );
}

export function EmailField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

export function PasswordField({
  value,
  onChange,
  ...props
}: Omit<PasswordInputProps, 'label' | 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <PasswordInput
      label="Password"
      // Not "Toggle password visibility": a second match for the label "Password".
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}

/** "New here? Create an account", "Already have an account? Sign in". */
export function OtherFormLink({ question, to, children }: { question: string; to: string; children: ReactNode }) {
  return (
    <Text size="sm" ta="center" c="dimmed">
      {question}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {children}
      </Anchor>
    </Text>
  );
}
