// `npm run bench`: measures the budgets of DESIGN.md and prints a table.
import { benchAnalysis } from './analysis';
import { benchClusters } from './clusters';
import { benchClustersScale } from './clusters-scale';
import { benchDocumentFixtures, benchDocumentUploads } from './documents';
import { benchOfflineGeneration } from './generation';
import { benchKeywordLists } from './keyword-lists';
import { benchKeywordPlanner } from './keyword-planner';
import { benchKeywords } from './keywords';
import { benchLexiconLoad } from './lexicon';
import { benchLoad } from './load';
import { benchMillion } from './million';
import { benchEstimator, benchProjectMetrics } from './metrics';
import { benchProjectsList } from './projects';
import { benchSearchConsole } from './search-console';
import { benchSearchConsoleImport } from './search-console-import';
import { benchSearchTerms } from './search-terms';
import { benchStartup } from './startup';
import { startRemoteBenchServer } from './support';
import { benchWeb } from './web';

const rows: Array<[string, string, string]> = [];
const ms = (value: number) => `${value.toFixed(0)} ms`;

const startup = await benchStartup();
rows.push(['npm start, fresh data directory (until /api/ready)', ms(startup.fresh), '']);
rows.push(['npm start, existing data directory', ms(startup.existing), '']);

const generation = await benchOfflineGeneration();
rows.push([
  'offline generation of 200 keywords (median of 15, warm)',
  `${ms(generation.medianMs)} (first call ${ms(generation.coldMs)})`,
  generation.medianMs < 200 ? 'meets < 200 ms' : 'MISSES < 200 ms',
]);

const lexicon = await benchLexiconLoad();
rows.push([
  'WordNet lexicon, cold load and first lookups in a fresh process (median of 5)',
  `${ms(lexicon.loadMs)}, memory held +${lexicon.addedMemoryMb.toFixed(0)} MB, ${lexicon.diskMb.toFixed(0)} MB on disk`,
  'first generation under 1 s',
]);

const estimator = await benchEstimator();
rows.push([
  'offline metrics estimate of 1,000 keywords (median of 20, warm)',
  `${estimator.medianMs.toFixed(1)} ms (first call, loading the word list: ${ms(estimator.coldMs)})`,
  '',
]);

const metrics = await benchProjectMetrics();
rows.push([
  'Show CPC, 10,000 keywords, Google Ads client on a loopback fake',
  `${ms(metrics.firstMs)}, ${metrics.firstCalls} upstream call(s)`,
  metrics.firstCalls === 1 ? 'meets: one call' : 'MISSES: one call',
]);
rows.push([
  'the same request again',
  `${ms(metrics.repeatMs)}, ${metrics.repeatCalls} upstream calls`,
  metrics.repeatCalls === 0 ? 'meets: none' : 'MISSES: none',
]);
rows.push([
  `all ${metrics.pages} pages of 20 with figures, one after another`,
  `${ms(metrics.allPagesMs)} (${(metrics.allPagesMs / metrics.pages).toFixed(1)} ms a page), ${metrics.allPagesCalls} upstream calls`,
  '',
]);

const fixtures = await benchDocumentFixtures();
const slowest = fixtures.reduce((a, b) => (b.ms > a.ms ? b : a));
rows.push([
  `reading the ${fixtures.length} document fixtures, one after another (median of 3, warm)`,
  `${ms(fixtures.reduce((sum, fixture) => sum + fixture.ms, 0))} in all, slowest ${slowest.name} ${ms(slowest.ms)}`,
  '',
]);

const server = await startRemoteBenchServer();
try {
  const projects = await benchProjectsList(server);
  rows.push(['authenticated SELECT 1, 20 connections', `${projects.baseline.toFixed(0)} req/s`, '']);
  rows.push([
    'GET /api/projects with 1,000 projects, 20 connections',
    `${projects.list.toFixed(0)} req/s (${(projects.ratio * 100).toFixed(0)}% of SELECT 1)`,
    projects.ratio >= 0.6 ? 'meets >= 60%' : 'MISSES >= 60%',
  ]);
  const keywords = await benchKeywords(server);
  const ratio = (value: number) =>
    `${value.toFixed(0)} req/s (${((value / keywords.baseline) * 100).toFixed(0)}% of SELECT 1)`;
  const budget = (value: number) => (value / keywords.baseline >= 0.6 ? 'meets >= 60%' : 'MISSES >= 60%');
  rows.push(['authenticated SELECT 1, 20 connections (keywords run)', `${keywords.baseline.toFixed(0)} req/s`, '']);
  rows.push(['first page of 20, project of 100,000 keywords', ratio(keywords.firstPage), budget(keywords.firstPage)]);
  rows.push([
    'deep page (4,990 of 5,000), project of 100,000 keywords',
    ratio(keywords.deepPage),
    budget(keywords.deepPage),
  ]);
  rows.push([
    'first page with figures merged (metrics=true)',
    ratio(keywords.figuresPage),
    budget(keywords.figuresPage),
  ]);
  rows.push([
    'first page with a CPC filter ($1-$2), 100,000 keywords',
    ratio(keywords.filteredPage),
    budget(keywords.filteredPage),
  ]);
  rows.push([
    'page 200 with a CPC filter ($1-$2), 100,000 keywords',
    ratio(keywords.filteredDeepPage),
    budget(keywords.filteredDeepPage),
  ]);
  // The rows above ask one page again and again (answered from the page kept with its versions).
  rows.push(['pages 1 to 5,000 in turn, none asked before (making each)', ratio(keywords.newPages), '']);
  rows.push(['the same with figures merged', ratio(keywords.newFiguresPages), '']);
  rows.push([
    'CSV export of 100,000 keywords',
    `${ms(keywords.exportMs)}, ${(keywords.exportBytes / 1024 / 1024).toFixed(1)} MB, server memory +${keywords.exportMemoryGrowthMb.toFixed(1)} MB`,
    keywords.exportMemoryGrowthMb < 50 ? 'meets < 50 MB' : 'MISSES < 50 MB',
  ]);
  const lists = await benchKeywordLists(server);
  const listRatio = (value: number) =>
    `${value.toFixed(0)} req/s (${((value / lists.baseline) * 100).toFixed(0)}% of SELECT 1)`;
  const listBudget = (value: number) => (value / lists.baseline >= 0.6 ? 'meets >= 60%' : 'MISSES >= 60%');
  rows.push(['authenticated SELECT 1, 20 connections (lists run)', `${lists.baseline.toFixed(0)} req/s`, '']);
  rows.push(['GET /api/keyword-lists with 1,000 lists', listRatio(lists.listsPage), listBudget(lists.listsPage)]);
  rows.push(['first page of a list of 10,000 keywords', listRatio(lists.firstPage), listBudget(lists.firstPage)]);
  rows.push(['deep page (490 of 500) of that list', listRatio(lists.deepPage), listBudget(lists.deepPage)]);
  rows.push(['first page of that list with figures', listRatio(lists.figuresPage), listBudget(lists.figuresPage)]);
  rows.push([
    `all ${lists.pages} pages of that list, one after another`,
    `${ms(lists.allPagesMs)} (${(lists.allPagesMs / lists.pages).toFixed(1)} ms a page)`,
    '',
  ]);
  rows.push(...(await benchAnalysis(server)));
  rows.push(...(await benchDocumentUploads(server)));
  rows.push(...(await benchKeywordPlanner(server)));
  rows.push(...(await benchSearchConsole(server)));
  rows.push(...(await benchSearchTerms(server)));
  rows.push(...(await benchClusters(server)));
  rows.push(...(await benchClustersScale(server)));
} finally {
  await server.close();
}

// Its own server: a million keywords would weigh on every measure after them.
const millionServer = await startRemoteBenchServer();
try {
  rows.push(...(await benchMillion(millionServer)));
} finally {
  await millionServer.close();
}

// Its own server, configured for the loopback Search Console fake.
rows.push(...(await benchSearchConsoleImport()));

// Before the load run, which leaves the machine busy: Lighthouse's CPU times are this machine's.
rows.push(...(await benchWeb()));
rows.push(...(await benchLoad()));

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n${'measure'.padEnd(width)} | result | budget`);
for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)} | ${value} | ${budget}`);
