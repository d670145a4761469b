// Runs the benchmark server in its own process, so load generation does not share its event loop.
// Prints one JSON line { baseUrl, databaseUrl } on stdout when listening; stops on SIGTERM.
import { startBenchServer } from './support';

const server = await startBenchServer(JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>);
process.stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl, databaseUrl: server.database.url })}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
