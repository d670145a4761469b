// `npm test`: every check of the project, in lanes that share a small machine well, each step timed.
//
// What runs beside what follows what each step spends its time on (measured on the 2-core machine):
// the type checks and lint each keep about one core busy, so they run side by side; the unit tests
// use both cores and hold a few tests that bound a provider's time-out, so they run alone; then the
// API tests (about 1.3 cores: they wait on PostgreSQL and on servers they start) run beside the
// browser journeys (about 0.4 of a core a file: they wait on Chromium and on the app's own timers),
// which need the build first. `--api-also <database server URL>` runs the API tests once more
// against that server, after the first API run in the same lane (CI's run against the machine's
// PostgreSQL). Each step's output is printed whole when it ends, so lanes do not interleave; every
// step runs to its end, and the run fails if any failed.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { 'api-also': { type: 'string', multiple: true, default: [] } } });

/** A step: a name for the log, an npm script, and what its environment adds. */
const step = (name, script, env = {}) => ({ name, script, env });

const checks = [step('typecheck', 'typecheck'), step('lint', 'lint')];
const unit = step('unit tests', 'test:unit');
const apiLane = [
  step('API tests (embedded PostgreSQL)', 'test:api'),
  ...values['api-also'].map((url) =>
    // API_TESTS_AGAIN: without the tests on a PostgreSQL of their own (vitest.config.ts), the same against any server.
    step(`API tests (${new URL(url).host})`, 'test:api', { TEST_DATABASE_URL: url, API_TESTS_AGAIN: '1' }),
  ),
];
const browserLane = [step('build', 'build'), step('browser journeys', 'test:e2e:journeys')];

const started = Date.now();
const seconds = (from) => `${((Date.now() - from) / 1000).toFixed(0)} s`;
const results = [];

/** Runs one npm script to its end; its output is held and printed in one piece. */
function run({ name, script, env }) {
  const from = Date.now();
  console.log(`\n>> ${name} (npm run ${script}) started at ${seconds(started)}`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      env: { ...process.env, ...env, NO_COLOR: process.env.NO_COLOR ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      console.log(`\n== ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(from)}`);
      process.stdout.write(Buffer.concat(output));
      results.push({ name, ok, time: seconds(from) });
      resolve(ok);
    });
  });
}

/** Steps one after another; a later step runs only if the earlier ones passed (the journeys need the build). */
async function lane(steps) {
  for (const each of steps) if (!(await run(each))) return;
}

await Promise.all(checks.map(run));
await run(unit);
await Promise.all([lane(apiLane), lane(browserLane)]);

console.log(`\n== npm test: ${seconds(started)} in all`);
for (const { name, ok, time } of results) console.log(`   ${ok ? 'passed' : 'FAILED'}  ${time.padStart(6)}  ${name}`);
const failed = results.filter((result) => !result.ok);
const skipped = [...checks, unit, ...apiLane, ...browserLane].length - results.length;
if (skipped > 0) console.log(`   (${skipped} step(s) not run: an earlier step of their lane failed)`);
process.exit(failed.length === 0 && skipped === 0 ? 0 : 1);
