import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clusterKeywords, type ClusterContext, type ClusterKeyword, type KeywordCluster } from './cluster-keywords';

// The offline generator's keywords for the gold projects (its snapshot), grouped as ad groups.

function goldKeywords(project: string): string[] {
  const snapshot = readFileSync(
    fileURLToPath(new URL('../providers/keyword-generator/__snapshots__/gold-set.unit.test.ts.snap', import.meta.url)),
    'utf8',
  );
  const found: string[] = [];
  const pattern = new RegExp(
    `exports\\[\`offline keywords of the gold projects > ${project}: (?:30 keywords|Generate More gives up to 100 more) 1\`\\] = \`\\n\\[([\\s\\S]*?)\\]`,
    'g',
  );
  for (const match of snapshot.matchAll(pattern)) found.push(...[...match[1]!.matchAll(/"(.*?)"/g)].map((m) => m[1]!));
  expect(found.length).toBeGreaterThan(20);
  return found;
}

const asInput = (keywords: readonly string[]): ClusterKeyword[] => keywords.map((keyword, id) => ({ id, keyword }));

/** Groups as name -> keywords, for reading. */
function named(clusters: readonly KeywordCluster[], keywords: readonly string[]): Map<string, string[]> {
  return new Map(clusters.map((cluster) => [cluster.name, cluster.keywordIds.map((id) => keywords[id]!)]));
}

const accounting: ClusterContext = { brands: ['Ledgerly', 'QuickBooks', 'Xero'], places: [] };
const dental: ClusterContext = { brands: ['Bright Smile Dental', 'Aspen Dental'], places: ['Denver', 'United States'] };

describe('clustering keywords into ad groups', () => {
  it('groups an accounting app’s keywords by what they are about, whatever the intent words around them', () => {
    const keywords = goldKeywords('accountingApp');
    const groups = named(clusterKeywords(asInput(keywords), accounting), keywords);
    expect(groups.get('bank reconciliation')).toEqual(
      expect.arrayContaining([
        'what is bank reconciliation',
        'best bank reconciliation software',
        'bank reconciliation tool',
      ]),
    );
    expect(groups.get('accounting software')).toEqual(
      expect.arrayContaining([
        'accounting software pricing',
        'how to choose accounting software',
        'best accounting software',
      ]),
    );
    // A competitor's keywords form its own group, comparisons with the project included.
    expect(groups.get('xero alternative')).toEqual(
      expect.arrayContaining(['xero competitors', 'best xero alternative', 'xero vs ledgerly']),
    );
    expect(groups.get('ledgerly')).toEqual(['ledgerly', 'ledgerly reviews']);
  });

  it('keeps a place, "near me" and prices from splitting a dental clinic’s groups', () => {
    const keywords = goldKeywords('dentalClinic');
    const groups = named(clusterKeywords(asInput(keywords), dental), keywords);
    expect(groups.get('teeth whitening')).toEqual(
      expect.arrayContaining(['teeth whitening near me', 'teeth whitening denver', 'teeth whitening price']),
    );
    expect(groups.get('dental implants')).toEqual(
      expect.arrayContaining(['how much do dental implants cost', 'cheap dental implants near me']),
    );
    for (const cluster of clusterKeywords(asInput(keywords), dental)) {
      expect(cluster.keywordIds.length, cluster.name).toBeLessThanOrEqual(30);
    }
  });

  it('puts a small group with the group of what it is about: "root canal pain" with "root canal"', () => {
    const keywords = [
      ...['dental implants', 'best dental implants', 'dental implants near me', 'dental implants cost'],
      ...['dental implants price', 'cheap dental implants', 'how much do dental implants cost'],
      ...['root canal', 'root canal cost', 'root canal near me', 'root canal pain', 'root canal treatment'],
      ...['dental crown', 'dental crown cost', 'dental crown procedure', 'dental crown near me'],
      ...['wisdom teeth removal', 'wisdom teeth removal cost', 'wisdom teeth removal recovery'],
    ];
    const groups = named(clusterKeywords(asInput(keywords), dental), keywords);
    expect(groups.get('root canal')).toEqual([
      'root canal',
      'root canal cost',
      'root canal near me',
      'root canal pain',
      'root canal treatment',
    ]);
    expect(groups.get('dental crown')).toEqual([
      'dental crown',
      'dental crown cost',
      'dental crown procedure',
      'dental crown near me',
    ]);
    expect(groups.get('wisdom teeth removal')).toEqual([
      'wisdom teeth removal',
      'wisdom teeth removal cost',
      'wisdom teeth removal recovery',
    ]);
    expect(groups.size).toBe(4);
  });

  it('puts every keyword in exactly one group, the same groups for the same keywords', () => {
    const keywords = [...goldKeywords('dentalClinic'), ...goldKeywords('lawFirm')];
    const clusters = clusterKeywords(asInput(keywords), dental);
    const ids = clusters.flatMap((cluster) => cluster.keywordIds).sort((a, b) => a - b);
    expect(ids).toEqual(keywords.map((_, id) => id));
    expect(clusterKeywords(asInput(keywords), dental)).toEqual(clusters);
    // The input's order does not change the groups, only the order ids are listed in.
    const reversed = clusterKeywords(asInput(keywords).reverse(), dental);
    const asSets = (list: KeywordCluster[]) =>
      new Map(list.map((cluster) => [cluster.key, [...cluster.keywordIds].sort((a, b) => a - b)]));
    expect(asSets(reversed)).toEqual(asSets(clusters));
  });

  it('changes only its own group when a keyword is added', () => {
    const keywords = goldKeywords('accountingApp');
    const before = clusterKeywords(asInput(keywords), accounting);
    for (const added of ['bank reconciliation software for accountants', 'xero pricing', 'invoice templates']) {
      const after = clusterKeywords(asInput([...keywords, added]), accounting);
      const addedId = keywords.length;
      const home = after.find((cluster) => cluster.keywordIds.includes(addedId))!;
      const others = (list: KeywordCluster[]) =>
        list.filter((cluster) => cluster.key !== home.key).map((cluster) => [cluster.key, cluster.keywordIds]);
      expect(others(after), added).toEqual(others(before));
    }
  });

  it('splits a brand’s keywords too many for one ad group by what they say of it', () => {
    const things = ['leather wallets', 'wool scarves', 'canvas bags', 'suede boots'];
    const keywords = things.flatMap((thing) =>
      ['', 'best ', 'cheap ', 'buy ', 'mens ', 'womens ', 'vintage ', 'small ', 'large ', 'custom '].map(
        (front) => `acme ${front}${thing}`,
      ),
    );
    const clusters = clusterKeywords(asInput(keywords), { brands: ['Northwind', 'Acme'], places: [] });
    expect(clusters.map((cluster) => cluster.keywordIds.length)).toEqual([10, 10, 10, 10]);
    expect(clusters.map((cluster) => cluster.name).sort()).toEqual(things.map((thing) => `acme ${thing}`).sort());
  });

  it('makes groups finer as the tightness rises', () => {
    const keywords = goldKeywords('dentalClinic');
    const count = (tightness: ClusterContext['tightness']) =>
      clusterKeywords(asInput(keywords), { ...dental, tightness }).length;
    expect(count('loose')).toBeLessThan(count('balanced'));
    expect(count('balanced')).toBeLessThan(count('tight'));
  });

  it('names a group by its offer, never by a place or an intent word around it', () => {
    const dentist = clusterKeywords(asInput(['dentist denver', 'dentist near me', 'best dentist in denver']), dental);
    expect(dentist.map((cluster) => cluster.name)).toEqual(['dentist']);
    const london: ClusterContext = { brands: ['Happy Paws London'], places: ['London', 'United Kingdom'] };
    const walker = clusterKeywords(asInput(['dog walker london', 'dog walker near me', 'best dog walker']), london);
    expect(walker).toMatchObject([{ name: 'dog walker', keywordIds: [0, 1, 2] }]);
    // Glue inside the offer stays, and so do the keyword's own capitals.
    const lawyer = clusterKeywords(asInput(['best slip and fall lawyer in Chicago', 'iPhone screen repair Austin']), {
      brands: [],
      places: ['Chicago', 'Austin'],
    });
    expect(lawyer.map((cluster) => cluster.name).sort()).toEqual(['iPhone screen repair', 'slip and fall lawyer']);
  });

  it('names a group by a phrase holding its whole key, the most searched when phrases tie', () => {
    const keywords: ClusterKeyword[] = [
      { id: 1, keyword: 'car accident', volume: 9000 },
      { id: 2, keyword: 'car accident lawyer', volume: 500 },
      { id: 3, keyword: 'accident lawyer', volume: 800 },
      { id: 4, keyword: 'best accident lawyer', volume: 100 },
      { id: 5, keyword: 'accident lawyer near me', volume: 100 },
      { id: 6, keyword: 'accident lawyer chicago', volume: 50 },
    ];
    const [group] = clusterKeywords(keywords, { brands: [], places: ['Chicago'] });
    expect(group).toMatchObject({ name: 'accident lawyer', keywordIds: [1, 2, 3, 4, 5, 6] });
  });
});
