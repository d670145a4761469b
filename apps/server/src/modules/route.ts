import type { Endpoint } from '@keywright/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireUser, type AuthUser } from '../auth/signed-in-user';

export type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

type SuccessStatus<E extends Endpoint> = Extract<keyof E['response'], 200 | 201 | 202 | 204>;
type SuccessAnswer<E extends Endpoint> = z.input<E['response'][SuccessStatus<E>]>;

export interface RouteContext<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  user: E['auth'] extends true ? AuthUser : AuthUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Binds one contract endpoint: its schemas validate the input and serialize
 * the answer (so an unlisted column never leaks), and its `auth` flag decides
 * whether a signed-out call is a 401.
 */
export function addRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: RouteContext<E>) => Promise<SuccessAnswer<E>>,
): void {
  const successStatus = Number(Object.keys(endpoint.response).find((status) => status.startsWith('2')) ?? 200);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: endpoint.response,
      ...(endpoint.auth && { security: [{ bearerAuth: [] }, { cookieAuth: [] }] }),
    },
    // Signed-out callers get 401 before their input is looked at.
    ...(endpoint.auth && {
      preValidation: async (request: FastifyRequest) => {
        requireUser(request);
      },
    }),
    async handler(request, reply) {
      reply.status(successStatus); // a handler may still choose another status
      return handler({
        params: request.params as Infer<E['params']>,
        query: request.query as Infer<E['query']>,
        body: request.body as Infer<E['body']>,
        user: request.user as RouteContext<E>['user'],
        request,
        reply,
      });
    },
  });
}
