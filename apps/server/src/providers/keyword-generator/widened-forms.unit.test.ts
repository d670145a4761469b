import { describe, expect, it } from 'vitest';
import { blankFacts } from './dev-set';
import type { ProjectFacts } from './keyword-generator';
import { generateOfflineKeywords } from './offline';

// The widest honest forms: searches the text earns by how it says the work comes, the price of a
// trade's people, other words for a program, other formats of a subject taught and work for each
// animal the text names. Each is asked for in 200 keywords of any length, so only the rule decides.
const business = (productService: string, more: Partial<ProjectFacts> = {}): ProjectFacts => ({
  ...blankFacts,
  name: 'Test business',
  productService,
  ...more,
});
const ideas = (project: ProjectFacts) => generateOfflineKeywords({ project, count: 200, lengthRule: 'any', avoid: [] });

describe('searches earned by what the text says', () => {
  it('calls a trade out in an emergency only when the text offers urgent work', async () => {
    const urgent = await ideas(business('Electrician for rewiring, fuse box upgrades and emergency call-outs'));
    const planned = await ideas(business('Electrician for rewiring and fuse box upgrades'));
    expect(urgent).toContain('emergency electrician');
    expect(planned.filter((keyword) => keyword.startsWith('emergency '))).toEqual([]);
  });

  it('offers the work online only when the text says online', async () => {
    const online = await ideas(business('One to one maths tuition, online or at home'));
    const inPerson = await ideas(business('One to one maths tuition at home'));
    expect(online).toEqual(expect.arrayContaining(['online maths tuition', 'online maths tutor']));
    expect(online).not.toContain('online one-to-one maths tuition');
    expect(inPerson.filter((keyword) => keyword.startsWith('online '))).toEqual([]);
  });

  it('reads "mobile" of a mobile phone as the phone, not as work that comes to the client', async () => {
    const repairs = await ideas(business('Mobile phone screen repair and battery replacement while you wait'));
    expect(repairs.filter((keyword) => /^mobile (?!phone)/.test(keyword))).toEqual([]);
    const visiting = await ideas(business('Deep tissue and relaxation massage, I come to your home'));
    expect(visiting).toContain('mobile relaxation massage');
  });

  it('prices the people of a trade, but not a shop by its shopkeeper', async () => {
    const trade = await ideas(business('Garden maintenance, hedge trimming and lawn mowing', { city: 'Sydney' }));
    expect(trade).toEqual(expect.arrayContaining(['gardener cost', 'gardener prices']));
    const shop = await ideas(business('Florist with fresh flower bouquets and wedding flowers', { city: 'Ottawa' }));
    expect(shop.filter((keyword) => /^florist (?:cost|prices)$/.test(keyword))).toEqual([]);
  });
});

describe('other forms of the same offer', () => {
  it('searches business software by its other program words, and an app only as an app', async () => {
    const software = await ideas(business('Helpdesk software for small support teams'));
    expect(software).toEqual(expect.arrayContaining(['helpdesk system', 'helpdesk platform', 'helpdesk tool']));
    const app = await ideas(business('Budgeting app that tracks your spending'));
    expect(app.filter((keyword) => /\bbudgeting (?:software|system|platform)\b/.test(keyword))).toEqual([]);
  });

  it('names an activity taught by its school and course', async () => {
    const driving = await ideas(business('Driving lessons for beginners and nervous drivers'));
    expect(driving).toEqual(expect.arrayContaining(['driving school', 'driving course']));
  });

  it('crosses work for animals with each animal the text names, and nothing else', async () => {
    const walker = await ideas(business('Dog walking and pet sitting for busy owners, daily walks and puppy visits'));
    expect(walker).toEqual(expect.arrayContaining(['dog sitting', 'pet walking']));
    expect(walker.filter((keyword) => /\b(?:dog|pet) visits\b|\bdaily sitting\b/.test(keyword))).toEqual([]);
  });
});
