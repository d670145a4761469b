import type { FastifyRequest } from 'fastify';

const changes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

/**
 * A change the browser authorised with the session cookie but that another site asked for: its
 * `Origin` (or, without one, its `Referer`) is not the app's own. SameSite=Lax cookies stop most
 * such requests, but not one from a sibling subdomain. A bearer token is sent on purpose and is
 * never checked; a request that says where it came from neither way is no browser's.
 */
export function isCrossSiteChange(request: FastifyRequest, appOrigin: string): boolean {
  if (!changes.has(request.method)) return false;
  const { authorization, cookie, origin, referer } = request.headers;
  if (!cookie || authorization?.slice(0, 7).toLowerCase() === 'bearer ') return false;
  const from = origin ?? originOf(referer);
  return from !== undefined && from !== appOrigin;
}
