import { describe, expect, it } from 'vitest';
import { goldProjects } from '../keyword-generator/gold-projects.fixture';
import { generateOfflineKeywords } from '../keyword-generator/offline';
import type { AdCopyBrief } from './ad-copy-writer';
import { writeOfflineAdLines } from './offline';

// What the offline writer makes for the keyword generator's gold projects, from their first 30
// keywords. The snapshot was read line by line as each business's owner would; a change to it is a
// change to the first ad a new user sees.

const names = Object.keys(goldProjects);

async function briefOf(name: string): Promise<AdCopyBrief> {
  const project = goldProjects[name]!;
  const keywords = await generateOfflineKeywords({ project, count: 30, lengthRule: 'any', avoid: [] });
  return {
    keywords,
    project: {
      name: project.name,
      description: project.productService,
      country: project.country,
      city: project.city,
      language: project.language,
      siteUrl: project.siteUrl,
      targetAudience: project.targetAudience,
    },
  };
}

/** The words of the brief's keywords that name things, not search words. */
const searchWords = new Set(
  'best buy near me how much does do cost price for in the a an and of to what is are'.split(' '),
);

describe('offline ad copy of the gold projects', () => {
  it('reads as written for each business (snapshot)', async () => {
    const sections: string[] = [];
    for (const name of names) {
      const brief = await briefOf(name);
      const headlines = await writeOfflineAdLines('headlines', brief);
      const descriptions = await writeOfflineAdLines('descriptions', brief);
      sections.push(`## ${name}\n\n${headlines.join('\n')}\n\n${descriptions.join('\n')}\n`);
    }
    await expect(sections.join('\n')).toMatchFileSnapshot('__snapshots__/gold-ad-copy.txt');
  });

  it.each(names)('%s: most headlines carry a keyword word, at least five carry none of the keywords', async (name) => {
    const brief = await briefOf(name);
    const headlines = await writeOfflineAdLines('headlines', brief);
    const words = new Set(
      brief.keywords.flatMap((keyword) => keyword.split(' ')).filter((word) => !searchWords.has(word)),
    );
    const stems = [...words].map((word) => word.replace(/(?:ies|es|s)$/, ''));
    const withKeywordWord = headlines.filter((line) =>
      line
        .toLowerCase()
        .split(/[\s?]+/)
        .some((word) => stems.includes(word.replace(/(?:ies|es|s)$/, ''))),
    );
    expect(withKeywordWord.length).toBeGreaterThan(10);
    const withoutKeyword = headlines.filter(
      (line) => !brief.keywords.some((keyword) => line.toLowerCase().includes(keyword.toLowerCase())),
    );
    expect(withoutKeyword.length).toBeGreaterThanOrEqual(5);
  });
});
