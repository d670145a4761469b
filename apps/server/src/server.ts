import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { connect, ensureDatabase, runMigrations, type Database } from './db/client';
import { lockDataDir, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { loadEnv } from './env';

const startedAt = performance.now();

/** `npm run worker`: works background jobs only, no HTTP; it needs the shared DATABASE_URL. */
const isWorker = process.argv.includes('--worker');

async function main(): Promise<void> {
  const env = loadEnv();
  if (isWorker && !env.DATABASE_URL) {
    throw new Error('A worker shares the database of the web instances: set DATABASE_URL.');
  }
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step();
  };

  let database: Database;
  try {
    let url = env.DATABASE_URL;
    if (!url) {
      cleanups.push(lockDataDir(env.DATA_DIR));
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres({
        dir: path.join(env.DATA_DIR, 'postgres'),
        log: (line) => console.log(line),
      });
      cleanups.push(() => embedded.stop());
      url = embedded.url.replace(/\/postgres$/, '/keywright');
      await ensureDatabase(url);
    }
    database = connect(url);
    cleanups.push(() => database.close());
    await runMigrations(database);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const webDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const app = await buildApp({
    env,
    database,
    webDir,
    logger: { level: env.LOG_LEVEL },
    authRateLimits: { signInPerMinute: env.AUTH_SIGN_IN_PER_MINUTE, signUpPerMinute: 2 * env.AUTH_SIGN_IN_PER_MINUTE },
    jobs: isWorker || env.RUN_JOBS === 'true' ? 'run' : 'off',
  });
  cleanups.push(() => app.close());

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
  if (isWorker) {
    await app.ready();
    console.log(`${env.APP_NAME} worker is working jobs (ready in ${seconds()} s)`);
    return;
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`${env.APP_NAME} is running at ${env.APP_URL} (ready in ${seconds()} s)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
