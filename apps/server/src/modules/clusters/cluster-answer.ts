import { searchIntents, type KeywordCluster } from '@keywright/contract';
import type { GroupKeywordRow } from './clusters.repository';

/** Keyword rows as the answer's groups, in the order of `ids` (every group met when not given, largest first). */
export function toClusters(rows: readonly GroupKeywordRow[], ids?: readonly number[]): KeywordCluster[] {
  const byGroup = new Map<number, { name: string; rows: GroupKeywordRow[] }>();
  for (const row of rows) {
    const id = Number(row.cluster_id);
    const group = byGroup.get(id) ?? { name: row.name, rows: [] };
    group.rows.push(row);
    byGroup.set(id, group);
  }
  const clusters = [...byGroup.entries()].map(([id, group]) => toCluster(id, group.name, group.rows));
  if (!ids)
    return clusters.sort((a, b) => b.keywordCount - a.keywordCount || a.name.localeCompare(b.name) || a.id - b.id);
  const byId = new Map(clusters.map((cluster) => [cluster.id, cluster]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A group's keyword rows as the answer's group: most searched first, with its sums. Bids in
 * several currencies make no range: none is converted.
 */
function toCluster(id: number, name: string, rows: readonly GroupKeywordRow[]): KeywordCluster {
  const keywords = rows
    .map((row) => ({
      id: Number(row.keyword_id),
      keyword: row.keyword,
      intent: row.intent,
      avg_monthly_searches: row.avg_monthly_searches == null ? null : Number(row.avg_monthly_searches),
      competition: row.competition,
      cpc_low: row.low_bid_micros == null ? null : Number(row.low_bid_micros),
      cpc_high: row.high_bid_micros == null ? null : Number(row.high_bid_micros),
      currency: row.currency ?? null,
    }))
    .sort(
      (a, b) =>
        (b.avg_monthly_searches ?? -1) - (a.avg_monthly_searches ?? -1) ||
        a.keyword.localeCompare(b.keyword) ||
        a.id - b.id,
    );
  const known = <T>(values: Array<T | null>) => values.filter((value): value is T => value != null);
  const volumes = known(keywords.map((keyword) => keyword.avg_monthly_searches));
  const priced = keywords.filter((keyword) => keyword.cpc_low != null || keyword.cpc_high != null);
  const currencies = new Set(known(priced.map((keyword) => keyword.currency)));
  const isMixed = currencies.size > 1;
  const lows = known(priced.map((keyword) => keyword.cpc_low));
  const highs = known(priced.map((keyword) => keyword.cpc_high));
  const intentMix = Object.fromEntries(searchIntents.map((intent) => [intent, 0])) as KeywordCluster['intentMix'];
  for (const keyword of keywords) for (const intent of keyword.intent) intentMix[intent] += 1;
  return {
    id,
    name,
    keywordCount: keywords.length,
    totalVolume: volumes.length > 0 ? volumes.reduce((sum, volume) => sum + volume, 0) : null,
    cpcLow: !isMixed && lows.length > 0 ? Math.min(...lows) : null,
    cpcHigh: !isMixed && highs.length > 0 ? Math.max(...highs) : null,
    currency: isMixed ? null : ([...currencies][0] ?? null),
    mixedCurrencies: isMixed,
    intentMix,
    keywords,
  };
}
