import { endpoints } from '@keywright/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OIDC_PROVIDER_ID } from '../../auth/auth';
import type { Db } from '../../db/client';
import { isOidcConfigured, type Env } from '../../env';
import { addRoute } from '../../lib/route';

export function registerSystemRoutes(app: FastifyInstance, { env, db }: { env: Env; db: Db }): void {
  addRoute(app, endpoints.health, async () => ({ status: 'ok' as const }));

  addRoute(app, endpoints.ready, async ({ reply }) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ready' as const };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      reply.status(503);
      return reply.send({ status: 'unavailable' as const });
    }
  });

  addRoute(app, endpoints.config, async () => ({
    appName: env.APP_NAME,
    contactEmail: env.CONTACT_EMAIL,
    sso: { enabled: isOidcConfigured(env), providerId: OIDC_PROVIDER_ID, label: env.OIDC_PROVIDER_NAME },
  }));

  addRoute(app, endpoints.me, async ({ user }) => user);
}
