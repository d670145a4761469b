import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every request that carries a valid session (see `needsSession`). */
    user: AuthUser | null;
  }
}

/**
 * Whether the hook resolves a request's session: every API call, except better-auth's own under
 * /api/auth/, which reads it itself. The Google Drive calls live under /api/auth/google and Search
 * Console's consent under /api/auth/search-console/; they are ours.
 */
export function needsSession(url: string): boolean {
  if (!url.startsWith('/api/')) return false;
  if (!url.startsWith('/api/auth/')) return true;
  if (url.startsWith('/api/auth/search-console/')) return true;
  return url === '/api/auth/google' || url.startsWith('/api/auth/google/') || url.startsWith('/api/auth/google?');
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
