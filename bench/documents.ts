import { readFileSync, readdirSync } from 'node:fs';
import { extractDocumentText } from '../apps/server/src/documents/extract';
import { signUp, type RemoteBenchServer } from './support';

const FIXTURES = '/work/shared/fixtures/documents/';
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

/**
 * Ten uploads at once, each one large file (a 15 MB text and the 1.3 MB legacy deck, five each),
 * to POST /api/analyze-document: the server's peak memory growth (RSS, worker threads included)
 * and the time until all ten answered.
 */
export async function benchDocumentUploads(
  server: RemoteBenchServer,
): Promise<{ totalMs: number; memoryGrowthMb: number; statuses: number[] }> {
  const { token } = await signUp(server.baseUrl, `documents-${Date.now()}@bench.test`);
  const words = 'Organic fair-trade coffee beans roasted in small batches in Austin, delivered by subscription. ';
  const bigText = Buffer.from(words.repeat(Math.ceil((15 * MB) / words.length)));
  const deck = readFileSync(FIXTURES + 'betriebsbedingte-kuendigung-de.ppt');
  const memory = async () =>
    ((await (await fetch(`${server.baseUrl}/api/bench/memory`)).json()) as { rss: number }).rss;
  const rssBefore = await memory();
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    void memory().then((rss) => (peakRss = Math.max(peakRss, rss)));
  }, 25);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 10 }, async (_, index) => {
      const form = new FormData();
      const file = index % 2 === 0 ? new Blob([bigText]) : new Blob([deck]);
      form.append('documents', file, index % 2 === 0 ? `brief-${index}.txt` : `deck-${index}.ppt`);
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
