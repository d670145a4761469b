import { useMutation } from '@tanstack/react-query';
import { requestJson } from '@/lib/http';

export interface SignInInput {
  email: string;
  password: string;
}

/** better-auth: POST /api/auth/sign-in/email; errors answer `{ code, message }`. */
export async function signInWithEmail(input: SignInInput): Promise<void> {
  await requestJson('POST', '/api/auth/sign-in/email', { body: input });
}

export function useSignIn() {
  return useMutation({ mutationFn: signInWithEmail });
}
