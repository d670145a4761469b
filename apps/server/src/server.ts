import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { buildApp } from './app';
import type { Database } from './db/client';
import { lockDataDir, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { loadEnv } from './env';
import { checkPortFree } from './lib/net';
import { StartupError, startupErrorMessage, startupMessages } from './lib/startup-errors';

const startedAt = performance.now();

/** `npm run worker`: works background jobs only, no HTTP; it needs the shared DATABASE_URL. */
const isWorker = process.argv.includes('--worker');

async function main(): Promise<void> {
  const env = loadEnv();
  if (isWorker && !env.DATABASE_URL) throw new StartupError(startupMessages.workerNeedsDatabaseUrl);
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step();
  };

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    // A port in use is told before a database is started for nothing.
    if (!isWorker) await checkPortFree(env.PORT, env.HOST);
    let embedded: EmbeddedPostgres | undefined;
    if (!env.DATABASE_URL) {
      cleanups.push(lockDataDir(env.DATA_DIR));
      const started = await startEmbeddedPostgres({
        dir: path.join(env.DATA_DIR, 'postgres'),
        log: (line) => console.log(line),
      });
      cleanups.push(() => started.stop());
      embedded = started;
    }
    // Loaded after the checks above, so a start that cannot succeed says so at once (the bundle loads them anyway).
    const { connect, ensureDatabase, runMigrations } = await import('./db/client');
    const { buildApp } = await import('./app');
    let url = env.DATABASE_URL;
    if (!url) {
      url = embedded!.url.replace(/\/postgres$/, '/keywright');
      await ensureDatabase(url);
    }
    const database: Database = connect(url);
    cleanups.push(() => database.close());
    await runMigrations(database);

    const webDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
    app = await buildApp({
      env,
      database,
      webDir,
      logger: { level: env.LOG_LEVEL },
      authRateLimits: {
        signInPerMinute: env.AUTH_SIGN_IN_PER_MINUTE,
        signUpPerMinute: 2 * env.AUTH_SIGN_IN_PER_MINUTE,
      },
      jobs: isWorker || env.RUN_JOBS === 'true' ? 'run' : 'off',
      // The data directory's lock keeps every other Keywright off the embedded PostgreSQL.
      soleProcess: embedded !== undefined,
    });
    cleanups.push(() => app.close());
    if (isWorker) await app.ready();
    else await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    // Stop what did start (the embedded PostgreSQL above all) before saying why.
    await cleanUp().catch(() => {});
    const context = { dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR };
    throw new StartupError(startupErrorMessage(error, context), { cause: error });
  }

  // Ctrl-C reaches every process of the group, so a signal may come twice: stop once.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, 15_000).unref();
    await cleanUp();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(1);
  if (isWorker) console.log(`${env.APP_NAME} worker is working jobs (ready in ${seconds()} s)`);
  else console.log(`${env.APP_NAME} is running at ${env.APP_URL} (ready in ${seconds()} s)`);
}

main().catch((error: unknown) => {
  console.error(startupErrorMessage(error));
  process.exit(1);
});
