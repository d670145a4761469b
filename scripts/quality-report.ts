// `npm run quality:report`: what the offline keyword generator writes for the businesses of the
// development set, as two Markdown files for a person to read (docs/generator-quality-*.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { devRuns, isCompetitorSearch, type DevBusiness } from '../apps/server/src/providers/keyword-generator/dev-set';
import { heldOutBusinesses } from '../apps/server/src/providers/keyword-generator/dev-set.held-out.fixture';
import { tuningBusinesses } from '../apps/server/src/providers/keyword-generator/dev-set.tuning.fixture';
import { explainOfflineKeywords, type GateRejection } from '../apps/server/src/providers/keyword-generator/offline';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const fixtures = 'apps/server/src/providers/keyword-generator';
const shownRejections = 12;

interface Part {
  title: string;
  file: string;
  fixture: string;
  businesses: DevBusiness[];
  /** Why this part exists, in a sentence. */
  use: string;
}

const parts: Part[] = [
  {
    title: 'tuning part',
    file: 'generator-quality-tuning.md',
    fixture: 'dev-set.tuning.fixture.ts',
    businesses: tuningBusinesses,
    use: 'These are the businesses to tune the generator on; the held-out third is reported apart, in generator-quality-held-out.md, and is read only once tuning is done.',
  },
  {
    title: 'held-out part',
    file: 'generator-quality-held-out.md',
    fixture: 'dev-set.held-out.fixture.ts',
    businesses: heldOutBusinesses,
    use: 'These businesses are held out: nobody tunes the generator on them, so this file shows whether what was tuned on the other two thirds holds for businesses it never saw.',
  },
];

interface Run {
  label: string;
  count: number;
  keywords: string[];
  rejected: GateRejection[];
}

interface Report {
  business: DevBusiness;
  runs: Run[];
}

async function runBusiness(business: DevBusiness): Promise<Report> {
  const runs: Run[] = [];
  for (const { label, count, lengthRule } of devRuns) {
    const answer = await explainOfflineKeywords({ project: business.facts, count, lengthRule, avoid: [] });
    runs.push({ label, count, ...answer });
  }
  return { business, runs };
}

const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '0%');

function summary(reports: Report[]): string[] {
  const rows = devRuns.map((setting, i) => {
    const runs = reports.map((report) => report.runs[i]!);
    const full = runs.filter((run) => run.keywords.length >= run.count).length;
    const delivered = runs.reduce((sum, run) => sum + run.keywords.length, 0);
    const competitor = reports.reduce(
      (sum, report) =>
        sum + report.runs[i]!.keywords.filter((keyword) => isCompetitorSearch(keyword, report.business.facts)).length,
      0,
    );
    const mean = reports.length ? (delivered / reports.length).toFixed(1) : '0';
    return `| ${setting.label} | ${full} of ${reports.length} | ${mean} of ${setting.count} | ${percent(competitor, delivered)} (${competitor} of ${delivered}) |`;
  });
  return [
    '## Summary',
    '',
    `Businesses: ${reports.length}.`,
    '',
    '| Settings | Delivered the full count | Mean delivered | Competitor searches |',
    '| --- | --- | --- | --- |',
    ...rows,
  ];
}

/** Each keyword the gate turned away once, in the order it was met, across the runs. */
function rejectionsOf(report: Report): GateRejection[] {
  const seen = new Map<string, GateRejection>();
  for (const rejection of report.runs.flatMap((run) => run.rejected)) {
    if (!seen.has(rejection.keyword)) seen.set(rejection.keyword, rejection);
  }
  return [...seen.values()];
}

function section({ business, runs }: Report): string[] {
  const { facts } = business;
  const where = [facts.city, facts.country].filter(Boolean).join(', ');
  const lines = [`### ${business.id} (${business.category})`, '', `> ${facts.productService}`, ''];
  const details = [
    `Offers: ${business.offers}`,
    `where: ${where}`,
    facts.targetAudience && `audience: ${facts.targetAudience}`,
    facts.competitors && `competitors: ${facts.competitors}`,
  ].filter(Boolean);
  lines.push(`${details.join('; ')}.`, '');
  for (const run of runs) {
    lines.push(`**${run.label}: delivered ${run.keywords.length} of ${run.count}**`, '');
    const numbered = run.keywords.map((keyword, i) => {
      const marked = isCompetitorSearch(keyword, facts) ? `${keyword} (competitor)` : keyword;
      return `${i + 1}. ${marked}`;
    });
    lines.push(numbered.length ? numbered.join(' · ') : '(none)', '');
  }
  const rejected = rejectionsOf({ business, runs });
  lines.push(`**Turned away by the gate: ${rejected.length || 'none'}**`, '');
  if (rejected.length) {
    lines.push(...rejected.slice(0, shownRejections).map(({ keyword, reason }) => `- ${keyword} — ${reason}`));
    if (rejected.length > shownRejections) lines.push(`- … and ${rejected.length - shownRejections} more`);
    lines.push('');
  }
  return lines;
}

function document(part: Part, reports: Report[]): string {
  const lines = [
    `# Offline keyword generator: development set, ${part.title}`,
    '',
    `Written by \`npm run quality:report\` (scripts/quality-report.ts) from the ${reports.length} businesses of ` +
      `\`${fixtures}/${part.fixture}\`, each described in one line as its owner would. Each business is run ` +
      `through the offline generator (\`explainOfflineKeywords\`, nothing to avoid) at the default settings, ` +
      `20 keywords of 2 words, and at 30 keywords of 2-3 words; a keyword that names one of the business's ` +
      `competitors is marked "(competitor)", and the candidates the phrase gate turned away are listed with its ` +
      `reason. The generator is deterministic and the file holds no dates, so running the command again gives ` +
      `the same file until the generator or the set changes, and its diff shows what a change did. ${part.use}`,
    '',
    ...summary(reports),
    '',
    '## Businesses',
    '',
    ...reports.flatMap(section),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

mkdirSync(docs, { recursive: true });
for (const part of parts) {
  const reports: Report[] = [];
  for (const business of part.businesses) reports.push(await runBusiness(business));
  writeFileSync(`${docs}${part.file}`, document(part, reports));
  console.log(`docs/${part.file}: ${reports.length} businesses`);
}
