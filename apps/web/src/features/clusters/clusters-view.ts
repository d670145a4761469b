import {
  clusterTightness,
  formatCpcRange,
  messages,
  searchIntents,
  type ClusterTightness,
  type KeywordCluster,
  type SearchIntent,
} from '@keywright/contract';

/** The project page's two views: its keyword table, or its keywords grouped into ad groups. */
export const projectViews = ['keywords', 'groups'] as const;
export type ProjectView = (typeof projectViews)[number];

export const tightnessLabels: Record<ClusterTightness, string> = {
  loose: 'Loose',
  balanced: 'Balanced',
  tight: 'Tight',
};

export const defaultTightness: ClusterTightness = 'balanced';

/** `?view=groups` shows the groups; anything else (or nothing) the keyword table. */
export function readProjectView(params: URLSearchParams): ProjectView {
  return params.get('view') === 'groups' ? 'groups' : 'keywords';
}

/** `?tightness=loose|tight`; the default (balanced) and anything unreadable read as balanced. */
export function readTightness(params: URLSearchParams): ClusterTightness {
  const value = params.get('tightness');
  return clusterTightness.find((each) => each === value) ?? defaultTightness;
}

/**
 * The address for a view: the keyword table's is clean (its `?page=` kept), the groups' names the
 * view and a tightness other than the default. The keyword table's page does not carry over to the
 * groups and back: switching views starts each on its first page.
 */
export function writeProjectView(
  params: URLSearchParams,
  change: { view?: ProjectView; tightness?: ClusterTightness },
): URLSearchParams {
  const next = new URLSearchParams(params);
  const view = change.view ?? readProjectView(params);
  const tightness = change.tightness ?? readTightness(params);
  if (change.view !== undefined && change.view !== readProjectView(params)) next.delete('page');
  if (view === 'groups') {
    next.set('view', 'groups');
    if (tightness === defaultTightness) next.delete('tightness');
    else next.set('tightness', tightness);
  } else {
    next.delete('view');
    next.delete('tightness');
  }
  return next;
}

export interface IntentShare {
  intent: SearchIntent;
  label: string;
  count: number;
  /** Of the group's keywords, 0-100 (a keyword may carry two intents, so shares may add up to more). */
  percent: number;
}

/** The intents a group's keywords carry, most common first (ties in the usual order), none left out but zeros. */
export function intentShares(mix: KeywordCluster['intentMix'], keywordCount: number): IntentShare[] {
  return searchIntents
    .map((intent) => ({
      intent,
      label: messages.intentLabels[intent],
      count: mix[intent] ?? 0,
      percent: keywordCount > 0 ? Math.round(((mix[intent] ?? 0) / keywordCount) * 100) : 0,
    }))
    .filter((share) => share.count > 0)
    .sort((a, b) => b.count - a.count || searchIntents.indexOf(a.intent) - searchIntents.indexOf(b.intent));
}

/** The intent mix in words, for screen readers and tooltips: `Commercial 4 of 6, Transactional 2 of 6`. */
export function describeIntentMix(mix: KeywordCluster['intentMix'], keywordCount: number): string {
  const shares = intentShares(mix, keywordCount);
  if (shares.length === 0) return messages.intentNotKnown;
  return shares.map((share) => `${share.label} ${share.count} of ${keywordCount}`).join(', ');
}

/** `7 keywords`, `1 keyword`. */
export function keywordCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'keyword' : 'keywords'}`;
}

/** `12 groups`, `1 group`. */
export function groupCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'group' : 'groups'}`;
}

/**
 * A group's CPC range in its bids' currency (`£1.20 - £3.45`), N/A while either end is unknown, or
 * "Mixed currencies" when its keywords' bids are in several (none is converted).
 */
export function clusterCpcRange(
  cluster: Pick<KeywordCluster, 'cpcLow' | 'cpcHigh' | 'currency' | 'mixedCurrencies'>,
): string {
  if (cluster.mixedCurrencies) return messages.mixedCurrencies;
  return formatCpcRange(cluster.cpcLow, cluster.cpcHigh, cluster.currency);
}

/** The groups a keyword may move to: every other group named, largest first (as the server orders them). */
export function moveTargets(
  groups: ReadonlyArray<Pick<KeywordCluster, 'id' | 'name' | 'keywordCount'>>,
  fromClusterId: number,
): Array<{ value: string; label: string }> {
  return groups
    .filter((group) => group.id !== fromClusterId)
    .map((group) => ({ value: String(group.id), label: `${group.name} (${group.keywordCount})` }));
}
