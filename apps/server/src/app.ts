import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { endpoints, messages, type ErrorCode } from '@keywright/contract';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createAuth, defaultAuthRateLimits, type AuthRateLimits } from './auth/auth';
import { registerAuth } from './auth/auth.routes';
import type { AuthUser } from './auth/signed-in-user';
import type { Database } from './db/client';
import { databaseUnreachableCause } from './db/availability';
import { isOidcConfigured, type Env } from './env';
import { AppError } from './lib/errors';
import { createWebApp, type WebApp } from './lib/web-app';
import { startJobQueue, type JobQueue } from './jobs/queue';
import { registerGenerationRoutes } from './modules/generation/generation.routes';
import {
  createGenerationService,
  defaultGenerationTimings,
  type GenerationTimings,
} from './modules/generation/generation.service';
import { startGenerationWorker } from './modules/generation/generation.worker';
import { registerKeywordRoutes } from './modules/keywords/keywords.routes';
import { createKeywordService } from './modules/keywords/keywords.service';
import { registerProjectRoutes } from './modules/projects/projects.routes';
import { createProjectService } from './modules/projects/projects.service';
import { publicConfig, registerSystemRoutes } from './modules/system/system.routes';
import { registerTeamRoutes } from './modules/team/team.routes';
import { createTeamService } from './modules/team/team.service';
import { createProviders, type Providers } from './providers';
import { createMetricsService } from './modules/metrics/metrics.service';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes';
import { createExtractionPool } from './documents/extraction-pool';
import { handBackClaims } from './jobs/hand-back';
import { registerDocumentRoutes } from './modules/documents/documents.routes';
import { registerGoogleDriveRoutes } from './modules/google-drive/google-drive.routes';
import { registerAdCopyRoutes } from './modules/ad-copy/ad-copy.routes';
import { createAdCopyService } from './modules/ad-copy/ad-copy.service';
import { registerKeywordListRoutes } from './modules/keyword-lists/keyword-lists.routes';
import { createKeywordListService } from './modules/keyword-lists/keyword-lists.service';
import { registerKeywordPlannerRoutes } from './modules/keyword-planner/keyword-planner.routes';
import { createKeywordPlannerService } from './modules/keyword-planner/keyword-planner.service';
import { registerSearchConsoleDataRoutes } from './modules/search-console/search-console-data.routes';
import { createSearchConsoleDataService } from './modules/search-console/search-console-data.service';
import { registerSearchTermsRoutes } from './modules/search-terms/search-terms.routes';
import { createSearchTermsService } from './modules/search-terms/search-terms.service';
import { registerAnalysisRoutes } from './modules/analysis/analysis.routes';
import { createAnalysisService } from './modules/analysis/analysis.service';
import { registerClusterRoutes } from './modules/clusters/clusters.routes';
import { createClustersService, defaultClusterTimings, type ClusterTimings } from './modules/clusters/clusters.service';
import { startClustersWorker } from './modules/clusters/clusters.worker';
import { registerCampaignExportRoutes } from './modules/campaign-export/campaign-export.routes';
import { createCampaignExportService } from './modules/campaign-export/campaign-export.service';
import { createIntentFiller } from './modules/keywords/intent-filler';
import { createOpenIntentPass } from './modules/keywords/open-intents';
import { registerSearchConsoleConnectionRoutes } from './modules/search-console/search-console-connection.routes';
import type { SearchConsoleTimings } from './modules/search-console/search-console-fetch.service';
import { registerNegativeListRoutes } from './modules/negative-lists/negative-lists.routes';
import { createNegativeListService } from './modules/negative-lists/negative-lists.service';
import { registerNegativeSuggestionRoutes } from './modules/negative-suggestions/negative-suggestions.routes';
import { createNegativeSuggestionsService } from './modules/negative-suggestions/negative-suggestions.service';

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** The built web app to serve; omitted in API tests. */
  webDir?: string;
  logger?: boolean | { level: string };
  authRateLimits?: AuthRateLimits;
  /** Outside systems; by default as the environment configures them. */
  providers?: Partial<Providers>;
  /** 'run' works background jobs in this process too; 'off' only enqueues them. */
  jobs?: 'run' | 'off';
  generationTimings?: GenerationTimings;
  clusterTimings?: ClusterTimings;
  searchConsoleTimings?: SearchConsoleTimings;
  /**
   * Whether this process is alone on its database (the embedded PostgreSQL, whose data directory it
   * locked): then every claim of background work it finds at start is a dead process's, handed back at once.
   */
  soleProcess?: boolean;
}

/** Builds the whole application. It never listens: server.ts does, tests inject. */
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

export async function buildApp({
  env,
  database,
  webDir,
  logger = false,
  authRateLimits = defaultAuthRateLimits,
  providers: providerOverrides = {},
  jobs = 'run',
  generationTimings = defaultGenerationTimings,
  clusterTimings = defaultClusterTimings,
  searchConsoleTimings,
  soleProcess = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: env.NODE_ENV === 'production' ? 'loopback' : false,
    bodyLimit: 1024 * 1024,
    // Errors met before routing (a path that cannot be decoded) get the one error body too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const isClientError = (error.statusCode ?? 500) < 500;
      void reply.status(isClientError ? 400 : 500).send({
        error: isClientError
          ? { code: 'validation_error', message: messages.invalidRequest }
          : { code: 'internal', message: messages.internalError },
      });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The page carries GET /api/config's and GET /api/me's answers; the user is known once auth is registered (below).
  const providers = { ...createProviders(env), ...providerOverrides };
  const metricsSource = providers.metrics?.name ?? null;
  const pageAuth: { userOf?: (request: FastifyRequest, reply: FastifyReply) => Promise<AuthUser | null> } = {};
  const webApp =
    webDir && existsSync(path.join(webDir, 'index.html'))
      ? createWebApp(webDir, {
          firstAnswers: async (request, reply) => {
            const user = pageAuth.userOf ? await pageAuth.userOf(request, reply) : null;
            return { config: publicConfig(env, metricsSource), me: user && endpoints.me.response[200].parse(user) };
          },
        })
      : undefined;
  registerErrorHandling(app, webApp);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...(env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
    hsts: env.APP_URL.startsWith('https://'),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${env.APP_NAME} API`, version: '0.1.0' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const { db } = database;
  const auth = createAuth({ env, db, rateLimits: authRateLimits });
  pageAuth.userOf = (await registerAuth(app, auth, db, { ssoEnabled: isOidcConfigured(env) })).userOf;
  registerSystemRoutes(app, { env, db, metricsSource });
  const log = (error: unknown, message: string) => {
    const unreachable = databaseUnreachableCause(error);
    // While the database restarts every poll and heartbeat fails alike: one line each, not a stack.
    if (unreachable) app.log.warn(`${message}: database unreachable: ${unreachable.message}`);
    else app.log.error({ err: error }, message);
  };
  // Keywords stored before intents were read (migration 0010), or whose project's brands or place changed.
  const intents = createIntentFiller({ db, log });
  registerProjectRoutes(app, createProjectService({ db, intents, serverCurrency: env.CURRENCY }));
  registerKeywordRoutes(
    app,
    createKeywordService({ db, metricsSource: providers.metrics?.name ?? null, serverCurrency: env.CURRENCY }),
  );
  registerTeamRoutes(app, createTeamService({ db }));
  const metrics = createMetricsService({ db, provider: providers.metrics, generator: providers.keywordGenerator });
  registerMetricsRoutes(app, metrics);
  registerKeywordListRoutes(app, createKeywordListService({ db, metrics, serverCurrency: env.CURRENCY }));
  registerNegativeListRoutes(app, createNegativeListService({ db }));
  registerAnalysisRoutes(
    app,
    createAnalysisService({ db, metricsSource: providers.metrics?.name ?? null, serverCurrency: env.CURRENCY }),
  );
  const adCopy = createAdCopyService({
    db,
    writer: providers.adCopyWriter,
    metricsSource: providers.metrics?.name ?? null,
  });
  registerAdCopyRoutes(app, adCopy);
  // One set of document readers for uploads and Drive: DOCUMENT_WORKERS files read at once.
  const documentPool = createExtractionPool({ size: env.DOCUMENT_WORKERS });
  app.addHook('onClose', () => documentPool.close());
  await registerDocumentRoutes(app, { env, providers, documentPool });
  await registerGoogleDriveRoutes(app, { db, env, providers, documentPool });
  await registerKeywordPlannerRoutes(app, createKeywordPlannerService({ db }));
  await registerSearchConsoleDataRoutes(app, createSearchConsoleDataService({ db }));
  await registerSearchTermsRoutes(app, createSearchTermsService({ db }));
  if (jobs === 'run' && soleProcess) {
    const handed = await handBackClaims(db);
    if (handed.runs + handed.fetches + handed.groupings > 0) {
      app.log.info(handed, 'work claimed by a process that stopped is taken up again');
    }
  }
  const queue: JobQueue = await startJobQueue({
    pool: database.pool,
    log: (error) => log(error, 'job queue error'),
    handBack: jobs === 'run' && soleProcess,
  });
  const generation = createGenerationService({
    db,
    queue,
    generator: providers.keywordGenerator,
    timings: generationTimings,
    intents,
    log,
  });
  registerGenerationRoutes(app, generation);
  const stopSweeping =
    jobs === 'run'
      ? await startGenerationWorker({ queue, generation, sweepEverySeconds: generationTimings.sweepSeconds, log })
      : () => {};
  const clusters = createClustersService({
    db,
    queue,
    metricsSource: providers.metrics?.name ?? null,
    timings: clusterTimings,
    log,
  });
  registerClusterRoutes(app, clusters);
  registerNegativeSuggestionRoutes(app, createNegativeSuggestionsService({ db, clusters }));
  registerCampaignExportRoutes(
    app,
    createCampaignExportService({ db, adCopy, clusters, metricsSource: providers.metrics?.name ?? null }),
  );
  const stopClusterSweeps =
    jobs === 'run'
      ? await startClustersWorker({ queue, clusters, sweepEverySeconds: clusterTimings.sweepSeconds, log })
      : () => {};
  const stopSearchConsoleSweeps = await registerSearchConsoleConnectionRoutes(app, {
    db,
    env,
    providers,
    queue,
    jobs,
    ...(searchConsoleTimings && { timings: searchConsoleTimings }),
    log,
  });
  if (jobs === 'run') intents.start();
  // Keywords the rules leave open get the language model's reading; without a model nothing runs.
  const openIntents =
    jobs === 'run' && providers.intentReader.name !== 'offline'
      ? createOpenIntentPass({ db, reader: providers.intentReader, log })
      : null;
  openIntents?.start();
  // Cached figures past their 30 days are never served; clear them out now and then.
  const purgeMetrics =
    jobs === 'run'
      ? setInterval(
          () => metrics.purgeExpired().catch((error) => log(error, 'metrics cache purge failed')),
          PURGE_EVERY_MS,
        )
      : undefined;
  purgeMetrics?.unref();
  app.addHook('onClose', async () => {
    clearInterval(purgeMetrics);
    stopSweeping();
    stopClusterSweeps();
    stopSearchConsoleSweeps();
    await intents.stop();
    await openIntents?.stop();
    await queue.stop();
  });

  if (webApp) await webApp.register(app);
  return app;
}

function registerErrorHandling(app: FastifyInstance, webApp: WebApp | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    // Every page of the single-page web app is its index.html.
    const isPage = webApp && ['GET', 'HEAD'].includes(request.method) && !request.url.startsWith('/api/');
    if (isPage && request.headers.accept?.includes('text/html')) return webApp.sendPage(request, reply);
    const error = new AppError('not_found', messages.notFound);
    reply.status(error.status).send({ error: { code: error.code, message: error.message } });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? messages.invalidRequest,
      }));
      return reply.status(400).send({
        error: { code: 'validation_error', message: issues[0]?.message ?? messages.invalidRequest, issues },
      });
    }
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send({
        error: { code: error.code, message: error.message, ...(error.issues && { issues: error.issues }) },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, a body too large, a wrong content type.
      const passThrough: Record<number, ErrorCode> = {
        413: 'payload_too_large',
        415: 'unsupported_media_type',
        429: 'rate_limited',
      };
      const code = passThrough[status] ?? 'validation_error';
      return reply.status(passThrough[status] ? status : 400).send({
        error: { code, message: status === 429 ? messages.tooManyRequests : error.message || messages.invalidRequest },
      });
    }
    const unreachable = databaseUnreachableCause(error);
    if (unreachable) {
      // Expected while the database restarts: one line (the driver's, no query), not a stack per request.
      request.log.warn(`database unreachable: ${unreachable.message}`);
      return reply.status(503).send({ error: { code: 'unavailable', message: messages.databaseUnavailable } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: messages.internalError } });
  });
}
