import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { administratorCheck } from '../../auth/administrators';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/queue';
import { createSecretBox } from '../../lib/secret-box';
import type { Providers } from '../../providers';
import { addRoute } from '../route';
import { createSearchConsoleAccess } from './search-console-access';
import { createSearchConsoleConnectionService, searchConsoleTokensPurpose } from './search-console-connection.service';
import {
  createSearchConsoleFetchService,
  defaultSearchConsoleTimings,
  SEARCH_CONSOLE_QUEUE,
  type SearchConsoleTimings,
} from './search-console-fetch.service';

export interface SearchConsoleConnectionRoutesDeps {
  db: Db;
  env: Env;
  providers: Providers;
  queue: JobQueue;
  /** 'run' works fetches and sweeps in this process; 'off' only enqueues them. */
  jobs: 'run' | 'off';
  timings?: SearchConsoleTimings;
  log: (error: unknown, message: string) => void;
}

/** Where Google's redirect sends the person back: the project they started from, or the projects. */
function returnPage(projectId: number | null, connected: boolean): string {
  const page = projectId ? `/projects/${projectId}/keywords` : '/projects';
  return `${page}?${connected ? 'search-console=connected' : 'error=auth_failed'}`;
}

/**
 * Search Console's connection (status, consent, callback, disconnect), the caller's properties, a
 * project's link and refresh, and the fetch job with its sweep. Returns what stops the sweep.
 */
export async function registerSearchConsoleConnectionRoutes(
  app: FastifyInstance,
  deps: SearchConsoleConnectionRoutesDeps,
): Promise<() => void> {
  const { db, env } = deps;
  const google = deps.providers.searchConsole;
  const timings = deps.timings ?? defaultSearchConsoleTimings;
  const withAccess = google
    ? createSearchConsoleAccess(db, createSecretBox(env.AUTH_SECRET, searchConsoleTokensPurpose), google)
    : null;
  const fetches = createSearchConsoleFetchService({ db, queue: deps.queue, withAccess, timings, log: deps.log });
  const service = createSearchConsoleConnectionService({
    db,
    secret: env.AUTH_SECRET,
    google,
    withAccess,
    fetches,
    log: app.log,
  });

  const isAdministrator = administratorCheck(env.ADMIN_EMAILS);
  addRoute(app, endpoints.searchConsoleStatus, ({ user }) => service.getStatus(user.id, isAdministrator(user.email)));

  addRoute(app, endpoints.searchConsoleConnect, async ({ user, query, reply }) => {
    const url = service.startConnect(user.id, query.projectId);
    reply.header('cache-control', 'no-store');
    return reply.redirect(url, 302) as never;
  });

  addRoute(app, endpoints.searchConsoleCallback, async ({ user, query, reply, request }) => {
    let outcome: { connected: boolean; projectId: number | null } = { connected: false, projectId: null };
    try {
      outcome = await service.finishConnect(user.id, query);
    } catch (error) {
      // Never a raw error page on the way back from Google: the page says it failed.
      request.log.error({ err: error }, 'Search Console callback failed');
    }
    reply.header('cache-control', 'no-store');
    return reply.redirect(returnPage(outcome.projectId, outcome.connected), 302) as never;
  });

  addRoute(app, endpoints.searchConsoleDisconnect, ({ user }) => service.disconnect(user.id));

  addRoute(app, endpoints.searchConsoleSites, ({ user, query }) => service.sites(user, query.projectId));

  addRoute(app, endpoints.linkSearchConsole, ({ user, params, body }) =>
    service.link(user, params.projectId, body.siteUrl),
  );

  addRoute(app, endpoints.unlinkSearchConsole, async ({ user, params }) => {
    await service.unlink(user, params.projectId);
    return { success: true as const };
  });

  // 202: the fetch runs in the background (the contract's success status).
  addRoute(app, endpoints.refreshSearchConsole, ({ user, params }) => service.refresh(user, params.projectId));

  if (deps.jobs !== 'run') return () => {};
  await deps.queue.work<{ importId: number }>(SEARCH_CONSOLE_QUEUE, ({ importId }) => fetches.execute(importId));
  const sweep = () => fetches.sweep().catch((error: unknown) => deps.log(error, 'Search Console sweep failed'));
  void sweep();
  const timer = setInterval(sweep, timings.sweepSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
