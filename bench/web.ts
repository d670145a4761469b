// DESIGN.md's web budgets: JavaScript per screen (from the build's manifest) and Lighthouse per screen.
import { fileURLToPath } from 'node:url';
import { measureBundle } from './web-bundle';
import { auditScreens } from './web-lighthouse';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const lighthouseRuns = 3;

/** Rows for bench/run.ts's table: [measure, result, budget]. Needs `npm run build` first. */
export async function benchWeb(): Promise<Array<[string, string, string]>> {
  const rows: Array<[string, string, string]> = [];
  const bundle = measureBundle();
  for (const screen of bundle.screens) {
    const isSignIn = screen.name === 'sign-in';
    rows.push([
      `web: ${screen.name}, JavaScript before it renders (gzipped)`,
      `${kB(screen.initialJsGzip)} in ${screen.files} files`,
      isSignIn ? (screen.initialJsGzip < 150_000 ? 'meets < 150 kB' : 'MISSES < 150 kB') : '',
    ]);
  }
  const { largestChunk } = bundle;
  rows.push([
    'web: largest JavaScript chunk (gzipped)',
    `${kB(largestChunk.gzip)} (${largestChunk.file})`,
    largestChunk.gzip <= 250_000 ? 'meets <= 250 kB' : 'MISSES <= 250 kB',
  ]);

  const audits = await auditScreens({ runs: lighthouseRuns });
  const cpu = audits.map((audit) => audit.benchmarkIndex).sort((a, b) => a - b);
  rows.push([
    "Lighthouse: this machine's CPU benchmark index (lower inflates the simulated CPU times)",
    `${cpu[0]!.toFixed(0)} to ${cpu.at(-1)!.toFixed(0)}`,
    '',
  ]);
  for (const audit of audits) {
    rows.push([
      `Lighthouse ${audit.name} (mobile, median of ${lighthouseRuns}): performance`,
      `${audit.performance.toFixed(2)} (FCP ${ms(audit.fcpMs)}, LCP ${ms(audit.lcpMs)}, TBT ${ms(audit.tbtMs)})`,
      audit.performance >= 0.95 ? 'meets >= 0.95' : 'MISSES >= 0.95',
    ]);
    const failures = audit.accessibilityFailures.length > 0 ? ` (${audit.accessibilityFailures.join('; ')})` : '';
    rows.push([
      `Lighthouse ${audit.name}: accessibility`,
      `${audit.accessibility.toFixed(2)}${failures}`,
      audit.accessibility === 1 ? 'meets 1.0' : 'MISSES 1.0',
    ]);
  }
  return rows;
}

// `npm run build && npx tsx bench/web.ts`: only these rows.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchWeb();
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n${'measure'.padEnd(width)} | result | budget`);
  for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)} | ${value} | ${budget}`);
}
