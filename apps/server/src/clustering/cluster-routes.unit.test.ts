import { clusterTightness, normalizeKeyword } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { brandForms, clusterKeywordsWithRoutes, clusterSizes, keyAt, readKeyword } from './cluster-keywords';

const context = { brands: ['Northwind Goods', 'Acme Outfitters'], places: ['Denver', 'United States'] };
const brands = context.brands.flatMap((brand) => brandForms(brand) ?? []);
const places = context.places.map(normalizeKeyword);

/** Phrases of a shop: a material and a thing, a word in front, a word after. */
const keywords = ['leather', 'canvas', 'oak', 'walnut'].flatMap((material) =>
  ['wallet', 'belt', 'table', 'desk lamp'].flatMap((thing) =>
    ['', 'best', 'cheap', 'acme outfitters'].flatMap((front) =>
      ['', 'near me', 'denver', 'repair', 'kit', 'for men'].map((back) =>
        [front, material, thing, back].filter(Boolean).join(' '),
      ),
    ),
  ),
);

describe('the routes the grouper keeps for keywords added later', () => {
  it('sends each keyword, by its first-level key, to the group the grouper put it in', () => {
    for (const tightness of clusterTightness) {
      const { level } = clusterSizes[tightness];
      const input = keywords.map((keyword, id) => ({ id, keyword }));
      const { clusters, routes, hostStems } = clusterKeywordsWithRoutes(input, { ...context, tightness });
      const home = new Map(clusters.flatMap((cluster) => cluster.keywordIds.map((id) => [id, cluster.key] as const)));
      for (const [id, keyword] of keywords.entries()) {
        const reading = readKeyword(keyword, brands, places);
        const route = routes.get(keyAt(reading, level))!;
        const key =
          route.split === 'finer'
            ? keyAt(reading, level + 1)
            : route.split === 'brand'
              ? keyAt(reading, level, true)
              : route.target;
        expect(key, `${tightness}: ${keyword}`).toBe(home.get(id));
      }
      // Host stems belong to groups that exist, never to a brand's group.
      for (const key of hostStems.keys()) {
        expect(home.size > 0 && clusters.some((cluster) => cluster.key === key)).toBe(true);
        expect(key.startsWith('brand:')).toBe(false);
      }
    }
  });
});
