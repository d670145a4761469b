import { useMutation } from '@tanstack/react-query';
import { requestJson } from '@/lib/http';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** better-auth: POST /api/auth/sign-up/email signs the new user in as well. */
export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  await requestJson('POST', '/api/auth/sign-up/email', { body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
