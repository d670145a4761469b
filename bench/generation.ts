import { generateOfflineKeywords } from '../apps/server/src/providers/keyword-generator/offline';

const project = {
  name: 'Green Leaf Coffee',
  productService: 'Organic fair-trade coffee beans roasted in small batches, delivered by subscription',
  targetAudience: 'home baristas and small cafes',
  siteUrl: 'https://greenleaf-coffee.com',
  competitors: 'Blue Bottle, Starbucks',
  country: 'United States',
  city: 'Austin',
  language: 'English',
};

/** Offline generation of 200 keywords: the median of 15 runs, after one warm-up that loads the tagger. */
export async function benchOfflineGeneration(): Promise<{ medianMs: number; coldMs: number }> {
  const request = { project, count: 200, lengthRule: 'any' as const, avoid: [] };
  const coldStart = performance.now();
  await generateOfflineKeywords(request);
  const coldMs = performance.now() - coldStart;
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const start = performance.now();
    const keywords = await generateOfflineKeywords(request);
    times.push(performance.now() - start);
    if (keywords.length !== 200) throw new Error(`generated ${keywords.length} keywords, not 200`);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, coldMs };
}
