import { useMutation } from '@tanstack/react-query';
import { requestJson } from '@/lib/http';

/** Asks better-auth for the identity provider's sign-in address, then goes there. */
export async function signInWithSso(providerId: string): Promise<void> {
  const answer = await requestJson('POST', '/api/auth/sign-in/social', {
    body: { provider: providerId, callbackURL: '/' },
  });
  const url = answer && typeof answer === 'object' && 'url' in answer ? answer.url : undefined;
  if (typeof url !== 'string' || !url) throw new Error('The sign-in provider gave no address');
  window.location.assign(url);
}

export function useSignInWithSso() {
  return useMutation({ mutationFn: signInWithSso });
}
