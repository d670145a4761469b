// `npm run bench`: measures the budgets of DESIGN.md and prints a table.
import { benchProjectsList } from './projects';
import { benchStartup } from './startup';
import { startRemoteBenchServer } from './support';

const rows: Array<[string, string, string]> = [];
const ms = (value: number) => `${value.toFixed(0)} ms`;

const startup = await benchStartup();
rows.push(['npm start, fresh data directory (until /api/ready)', ms(startup.fresh), '']);
rows.push(['npm start, existing data directory', ms(startup.existing), '']);

const server = await startRemoteBenchServer();
try {
  const projects = await benchProjectsList(server);
  rows.push(['authenticated SELECT 1, 20 connections', `${projects.baseline.toFixed(0)} req/s`, '']);
  rows.push([
    'GET /api/projects with 1,000 projects, 20 connections',
    `${projects.list.toFixed(0)} req/s (${(projects.ratio * 100).toFixed(0)}% of SELECT 1)`,
    projects.ratio >= 0.6 ? 'meets >= 60%' : 'MISSES >= 60%',
  ]);
} finally {
  await server.close();
}

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n${'measure'.padEnd(width)} | result | budget`);
for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)} | ${value} | ${budget}`);
