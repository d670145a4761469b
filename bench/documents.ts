import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractDocumentText } from '../apps/server/src/documents/extract';
import { signUp, type RemoteBenchServer } from './support';

// The shared fixtures, in the `shared` directory beside the repository.
const FIXTURES = fileURLToPath(new URL('../../shared/fixtures/documents/', import.meta.url));
const MB = 1024 * 1024;

/** Reading each fixture in this process (the worker's work, without the hop): median of 3, warm. */
export async function benchDocumentFixtures(): Promise<
  Array<{ name: string; bytes: number; ms: number; outcome: string }>
> {
  const results = [];
  for (const name of readdirSync(FIXTURES).sort()) {
    const bytes = new Uint8Array(readFileSync(FIXTURES + name));
    let outcome = '';
    const times: number[] = [];
    for (let run = 0; run < 4; run += 1) {
      const started = performance.now();
      const result = await extractDocumentText(bytes, name);
      if (run > 0) times.push(performance.now() - started); // the first run loads the parsers
      outcome = 'text' in result ? `${result.text.length} characters` : result.problem;
    }
    times.sort((a, b) => a - b);
    results.push({ name, bytes: bytes.length, ms: times[1]!, outcome });
  }
  return results;
}

interface UploadsMeasure {
  totalMs: number;
  memoryGrowthMb: number;
  statuses: number[];
}

/**
 * Uploads sent at once, one file each, to POST /api/analyze-document: the server's peak memory growth
 * (RSS, worker threads included) and the time until all answered.
 */
async function uploadsAtOnce(
  server: RemoteBenchServer,
  token: string,
  files: Array<{ name: string; bytes: Uint8Array }>,
): Promise<UploadsMeasure> {
  const memory = async () =>
    ((await (await fetch(`${server.baseUrl}/api/bench/memory`)).json()) as { rss: number }).rss;
  const rssBefore = await memory();
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    void memory().then((rss) => (peakRss = Math.max(peakRss, rss)));
  }, 25);
  const started = performance.now();
  const statuses = await Promise.all(
    files.map(async ({ name, bytes }) => {
      const form = new FormData();
      form.append('documents', new Blob([bytes]), name);
      const response = await fetch(`${server.baseUrl}/api/analyze-document`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, await memory());
  return { totalMs, memoryGrowthMb: (peakRss - rssBefore) / MB, statuses };
}

/**
 * Two documents to load the readers, then ten uploads at once, twice: ten 20 MB text files (the
 * budget: under 200 MB added), then the mix of earlier rounds (five 15 MB texts and five copies of
 * the 1.3 MB legacy deck).
 */
export async function benchDocumentUploads(server: RemoteBenchServer): Promise<Array<[string, string, string]>> {
  const { token } = await signUp(server.baseUrl, `documents-${Date.now()}@bench.test`);
  const words = 'Organic fair-trade coffee beans roasted in small batches in Austin, delivered by subscription. ';
  const text = (bytes: number) =>
    new Uint8Array(Buffer.from(words.repeat(Math.ceil(bytes / words.length))).subarray(0, bytes));
  // The first documents after a start load the readers (worker threads, parsers, the details
  // extractor's tables): measured on their own, so that the rows below are what uploads add.
  const deck = new Uint8Array(readFileSync(FIXTURES + 'betriebsbedingte-kuendigung-de.ppt'));
  const warmUp = await uploadsAtOnce(server, token, [
    { name: 'brief.txt', bytes: text(MB) },
    { name: 'deck.ppt', bytes: deck },
  ]);
  const large = text(20 * MB - 1024);
  const big = await uploadsAtOnce(
    server,
    token,
    Array.from({ length: 10 }, (_, index) => ({ name: `brief-${index}.txt`, bytes: large })),
  );
  const medium = text(15 * MB);
  const mix = await uploadsAtOnce(
    server,
    token,
    Array.from({ length: 10 }, (_, index) =>
      index % 2 === 0 ? { name: `brief-${index}.txt`, bytes: medium } : { name: `deck-${index}.ppt`, bytes: deck },
    ),
  );
  const row = (name: string, measure: UploadsMeasure, budget: boolean): [string, string, string] => [
    name,
    `${(measure.totalMs / 1000).toFixed(1)} s, server memory +${measure.memoryGrowthMb.toFixed(0)} MB, statuses ${[...new Set(measure.statuses)].join(', ')}`,
    budget ? (measure.memoryGrowthMb < 200 ? 'meets < 200 MB' : 'MISSES < 200 MB') : '',
  ];
  return [
    row('the first two documents after a start (loading the readers, two worker threads)', warmUp, false),
    row('then ten 20 MB .txt documents uploaded at once (DOCUMENT_WORKERS=2)', big, true),
    row('ten large documents at once (5 x 15 MB .txt, 5 x 1.3 MB .ppt)', mix, false),
  ];
}
