import { healthSchema, meSchema, publicConfigSchema, readySchema } from './system';
import { define, err } from './endpoint';

/** Liveness, readiness, public configuration and the signed-in user. */
export const systemEndpoints = {
  health: define({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness',
    auth: false,
    response: { 200: healthSchema },
  }),
  ready: define({
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness: the database answers',
    auth: false,
    response: { 200: readySchema, 503: readySchema },
  }),
  config: define({
    method: 'GET',
    path: '/api/config',
    summary: 'Public configuration',
    auth: false,
    response: { 200: publicConfigSchema },
  }),
  me: define({
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in user',
    auth: true,
    response: { 200: meSchema, 401: err },
  }),
} as const;
