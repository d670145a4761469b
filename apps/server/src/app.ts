import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { messages, type ErrorCode } from '@keywright/contract';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
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
import type { Database } from './db/client';
import { databaseUnreachableCause } from './db/availability';
import type { Env } from './env';
import { AppError } from './lib/errors';
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
import { registerSystemRoutes } from './modules/system/system.routes';
import { registerTeamRoutes } from './modules/team/team.routes';
import { createTeamService } from './modules/team/team.service';
import { createProviders, type Providers } from './providers';
import { createMetricsService } from './modules/metrics/metrics.service';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes';
import { registerKeywordListRoutes } from './modules/keyword-lists/keyword-lists.routes';
import { createKeywordListService } from './modules/keyword-lists/keyword-lists.service';

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
  registerErrorHandling(app);

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
  await registerAuth(app, auth, db);
  registerSystemRoutes(app, { env, db });
  registerProjectRoutes(app, createProjectService({ db }));
  const providers = { ...createProviders(env), ...providerOverrides };
  registerKeywordRoutes(app, createKeywordService({ db, metricsSource: providers.metrics?.name ?? null }));
  registerTeamRoutes(app, createTeamService({ db }));
  const metrics = createMetricsService({ db, provider: providers.metrics, generator: providers.keywordGenerator });
  registerMetricsRoutes(app, metrics);
  registerKeywordListRoutes(app, createKeywordListService({ db, metrics }));
  const log = (error: unknown, message: string) => {
    const unreachable = databaseUnreachableCause(error);
    // While the database restarts every poll and heartbeat fails alike: one line each, not a stack.
    if (unreachable) app.log.warn(`${message}: database unreachable: ${unreachable.message}`);
    else app.log.error({ err: error }, message);
  };
  const queue: JobQueue = await startJobQueue({ pool: database.pool, log: (error) => log(error, 'job queue error') });
  const generation = createGenerationService({
    db,
    queue,
    generator: providers.keywordGenerator,
    timings: generationTimings,
    log,
  });
  registerGenerationRoutes(app, generation);
  const stopSweeping =
    jobs === 'run'
      ? await startGenerationWorker({ queue, generation, sweepEverySeconds: generationTimings.sweepSeconds, log })
      : () => {};
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
    await queue.stop();
  });

  if (webDir && existsSync(path.join(webDir, 'index.html'))) {
    // Files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDir,
      index: 'index.html',
      wildcard: true,
      // The build writes brotli and gzip copies beside each file (file.br, file.gz): sent as
      // Accept-Encoding asks, with Vary: Accept-Encoding, else the file itself.
      preCompressed: true,
      // Built assets carry a content hash in their names; the page itself must always be fresh.
      cacheControl: false,
      setHeaders: (reply, filePath) =>
        reply.header(
          'cache-control',
          /\.html(?:\.br|\.gz)?$/.test(filePath) ? 'no-cache' : 'public, max-age=31536000, immutable',
        ),
    });
  }
  return app;
}

function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    // Every page of the single-page web app is its index.html.
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && reply.sendFile;
    if (isPage && request.headers.accept?.includes('text/html')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
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
