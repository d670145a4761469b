import { endpoints, type MetricsSource, type PublicConfig } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { OIDC_PROVIDER_ID } from '../../auth/auth';
import { databaseUnreachableCause } from '../../db/availability';
import type { Db } from '../../db/client';
import { isOidcConfigured, type Env } from '../../env';
import { addRoute } from '../route';
import { createSystemRepository } from './system.repository';

/** How long the readiness check waits for the database. */
const READY_TIMEOUT_MS = 5_000;

/**
 * GET /api/config's answer; the page carries it too (lib/web-app.ts). `metricsSource` is the metrics
 * provider's name (null when metrics are off), so screens name the figures' source before any load.
 */
export function publicConfig(env: Env, metricsSource: MetricsSource | null): PublicConfig {
  return {
    appName: env.APP_NAME,
    contactEmail: env.CONTACT_EMAIL,
    sso: { enabled: isOidcConfigured(env), providerId: OIDC_PROVIDER_ID, label: env.OIDC_PROVIDER_NAME },
    metricsSource,
  };
}

export function registerSystemRoutes(
  app: FastifyInstance,
  { env, db, metricsSource }: { env: Env; db: Db; metricsSource: MetricsSource | null },
): void {
  const repository = createSystemRepository(db);
  addRoute(app, endpoints.health, async () => ({ status: 'ok' as const }));

  addRoute(app, endpoints.ready, async ({ reply }) => {
    let timer: NodeJS.Timeout | undefined;
    // A database that takes no calls (down, out of reach, every connection busy) is unready within seconds.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([repository.ping(), timeout]);
      return { status: 'ready' as const };
    } catch (error) {
      const reason = databaseUnreachableCause(error)?.message ?? (error instanceof Error ? error.message : error);
      app.log.warn(`readiness check failed: ${String(reason)}`);
      reply.status(503);
      return reply.send({ status: 'unavailable' as const });
    } finally {
      clearTimeout(timer);
    }
  });

  addRoute(app, endpoints.config, async () => publicConfig(env, metricsSource));

  addRoute(app, endpoints.me, async ({ user }) => user);
}
