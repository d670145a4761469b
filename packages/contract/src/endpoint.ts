import type { z } from 'zod';
import { errorBodySchema } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path: `/api/projects/:id`. */
  path: string;
  summary: string;
  /** False for the few public calls. */
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Answer schemas by status; the first 2xx is the success answer. */
  response: Record<number, z.ZodType>;
}

/** One call of the API, its literal types kept (the server and the web client read them). */
export const define = <const E extends Endpoint>(endpoint: E) => endpoint;

/** The one error body, as each endpoint lists it under its error statuses. */
export const err = errorBodySchema;
