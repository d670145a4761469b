import { describe, expect, it } from 'vitest';
import { generateOfflineKeywords, projectPhraseContext } from './offline';
import { goldProjects } from './gold-projects.fixture';
import { createPhraseGate } from './phrase-quality';

// The gold set: what the offline generator writes for small businesses of different trades. Each
// snapshot was read line by line; a change to it is a change to what every new user first sees.

const names = Object.keys(goldProjects);
/** Generate More: the next 100 after the first 30, for a local service and a program. */
const generateMore = ['dentalClinic', 'accountingApp'];

async function firstThirty(name: string): Promise<string[]> {
  return generateOfflineKeywords({ project: goldProjects[name]!, count: 30, lengthRule: 'any', avoid: [] });
}

async function nextHundred(name: string): Promise<string[]> {
  const avoid = await firstThirty(name);
  return generateOfflineKeywords({ project: goldProjects[name]!, count: 100, lengthRule: 'any', avoid });
}

describe('offline keywords of the gold projects', () => {
  it('covers at least 12 trades', () => {
    expect(names.length).toBeGreaterThanOrEqual(12);
  });

  it.each(names)('%s: 30 keywords', async (name) => {
    const keywords = await firstThirty(name);
    expect(keywords).toHaveLength(30);
    expect(keywords).toMatchSnapshot();
  });

  // A program's searches run out sooner than a clinic's: "up to" 100, never a made-up one to fill.
  it.each(generateMore)('%s: Generate More gives up to 100 more', async (name) => {
    const keywords = await nextHundred(name);
    expect(keywords.length).toBeGreaterThanOrEqual(40);
    expect(keywords).toMatchSnapshot();
  });

  // The generator's defaults (20 keywords of two words): fewer where two words hold fewer real searches.
  it.each(names)('%s: two-word keywords under the default rule', async (name) => {
    const keywords = await generateOfflineKeywords({
      project: goldProjects[name]!,
      count: 20,
      lengthRule: '2',
      avoid: [],
    });
    expect(keywords.length).toBeGreaterThanOrEqual(4);
    expect(keywords.length).toBeLessThanOrEqual(20);
    expect(keywords.filter((keyword) => keyword.split(' ').length !== 2)).toEqual([]);
    const isSearchable = createPhraseGate(await projectPhraseContext(goldProjects[name]!));
    expect(keywords.filter((keyword) => isSearchable(keyword) !== null)).toEqual([]);
  });

  it('does not take a word of the name for the thing sold ("Summit Trail" sells no trail)', async () => {
    const project = goldProjects.trailRunningGear!;
    for (const name of [project.name, `${project.name} 2`]) {
      const keywords = await generateOfflineKeywords({
        project: { ...project, name },
        count: 20,
        lengthRule: '2',
        avoid: [],
      });
      expect(keywords).toContain('running shoes');
      expect(
        keywords.filter((keyword) => /^(?:best|buy|cheap|local) trail$|^trail (?:delivery|online)$/.test(keyword)),
      ).toEqual([]);
    }
  });

  it('has no keyword the phrase gate rejects', async () => {
    const rejected: string[] = [];
    for (const name of names) {
      const isSearchable = createPhraseGate(await projectPhraseContext(goldProjects[name]!));
      const keywords = [...(await firstThirty(name)), ...(generateMore.includes(name) ? await nextHundred(name) : [])];
      for (const keyword of keywords) {
        const problem = isSearchable(keyword);
        if (problem) rejected.push(`${name}: ${keyword} (${problem})`);
      }
    }
    expect(rejected).toEqual([]);
  });
});
