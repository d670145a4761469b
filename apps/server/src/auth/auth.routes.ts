import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages, type ErrorCode } from '@keywright/contract';
import { AppError } from '../lib/errors';
import type { Db } from '../db/client';
import { CLIENT_IP_HEADER, OIDC_PROVIDER_ID, type Auth } from './auth';
import { SSO_SERVICE } from './oidc-client';
import { isCrossSiteChange } from './same-origin';
import { createSessionResolver } from './session-resolver';
import { needsSession, type AuthUser } from './signed-in-user';

export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Mounts better-auth under /api/auth and resolves the session of every request. */
export async function registerAuth(
  app: FastifyInstance,
  auth: Auth,
  db: Db,
  { ssoEnabled = false }: { ssoEnabled?: boolean } = {},
): Promise<{ userOf: (request: FastifyRequest, reply: FastifyReply) => Promise<AuthUser | null> }> {
  app.decorateRequest('user', null);
  const context = await auth.$context;
  const sessions = createSessionResolver({
    db,
    secret: context.secret,
    cookieName: context.authCookies.sessionToken.name,
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const url = new URL(request.url, 'http://internal');
      const base = new URL(auth.options.baseURL ?? 'http://localhost');
      url.protocol = base.protocol;
      url.host = base.host;
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: toFetchHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      // better-auth keeps a provider whose discovery failed out of its list and asks again at each
      // sign-in: while the identity provider cannot be reached, that is "Provider not found".
      if (ssoEnabled && response.status === 404 && url.pathname === '/api/auth/sign-in/social') {
        const provider = (request.body as { provider?: unknown } | undefined)?.provider;
        if (provider === OIDC_PROVIDER_ID) throw new AppError('unavailable', messages.upstreamUnreachable(SSO_SERVICE));
      }
      if (response.status >= 400) return reply.send(await toErrorBody(response));
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });

  /** The request's signed-in user, or null. */
  async function userOf(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser | null> {
    const hasCredentials = request.headers.authorization || request.headers.cookie;
    if (!hasCredentials) return null;
    const session = await sessions.resolve(request.headers);
    if (session.kind === 'user') return session.user;
    if (session.kind !== 'refresh') return null;
    // Once a day a session slides forward; better-auth does that and renews the cookie.
    const result = await auth.api.getSession({ headers: toFetchHeaders(request), returnHeaders: true });
    const cookies = result.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const found = result.response;
    return found ? { id: found.user.id, email: found.user.email, name: found.user.name } : null;
  }

  const appOrigin = new URL(auth.options.baseURL ?? 'http://localhost').origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!needsSession(request.url)) return;
    // Sign-in and sign-up (better-auth's own) refuse another site's request the same way.
    if (isCrossSiteChange(request, appOrigin)) throw new AppError('forbidden', messages.crossSiteRequest);
    request.user = await userOf(request, reply);
  });
  return { userOf };
}

function errorCodeFor(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal';
  return 'validation_error';
}

/** better-auth answers `{ code, message }`; ours is the one error body of every other call. */
async function toErrorBody(response: Response) {
  const code = errorCodeFor(response.status);
  let message = '';
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // no JSON body: fall back to our own text below
  }
  if (code === 'rate_limited') message = messages.tooManyRequests;
  if (code === 'internal' || !message) message = code === 'internal' ? messages.internalError : messages.invalidRequest;
  return { error: { code, message } };
}
