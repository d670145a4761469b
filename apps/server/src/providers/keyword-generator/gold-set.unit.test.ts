import { describe, expect, it } from 'vitest';
import { generateOfflineKeywords, projectPhraseContext } from './offline';
import { createPhraseGate } from './phrase-quality';
import type { ProjectFacts } from './keyword-generator';

// The gold set: what the offline generator writes for small businesses of different trades. Each
// snapshot was read line by line; a change to it is a change to what every new user first sees.

const base: ProjectFacts = {
  name: '',
  productService: '',
  targetAudience: '',
  siteUrl: '',
  competitors: '',
  country: 'United States',
  city: '',
  language: 'English',
};

/** Small businesses of different trades, described in a sentence as their owners would: the gold set. */
const goldProjects: Record<string, ProjectFacts> = {
  dentalClinic: {
    ...base,
    name: 'Bright Smile Dental',
    productService: 'Family dental clinic offering teeth cleaning, whitening, implants and emergency dentist visits',
    targetAudience: 'families',
    siteUrl: 'https://brightsmile-dental.com',
    competitors: 'Aspen Dental',
    city: 'Denver',
  },
  bakery: {
    ...base,
    name: 'Rose City Bakery',
    productService: 'Portland bakery: sourdough bread, custom cakes and pastries, same-day office catering',
    targetAudience: 'office managers',
    city: 'Portland',
  },
  accountingApp: {
    ...base,
    name: 'Ledgerly',
    productService: 'Cloud accounting software for small businesses: invoicing, bank reconciliation, tax reports',
    targetAudience: 'small business owners',
    siteUrl: 'https://ledgerly.io',
    competitors: 'QuickBooks, Xero',
  },
  coffeeRoaster: {
    ...base,
    name: 'Green Leaf Coffee',
    productService: 'Organic fair-trade coffee beans roasted in small batches, delivered by subscription',
    targetAudience: 'home baristas and small cafes',
    siteUrl: 'https://greenleaf-coffee.com',
    competitors: 'Blue Bottle, Starbucks',
    city: 'Austin',
  },
  plumber: {
    ...base,
    name: 'Rapid Flow Plumbing',
    productService: 'Emergency plumbing repairs, drain cleaning and water heater installation',
    targetAudience: 'homeowners',
    competitors: 'Roto-Rooter',
    city: 'Phoenix',
  },
  lawFirm: {
    ...base,
    name: 'Hart Cole Injury Lawyers',
    productService:
      'Personal injury law firm handling car accident claims, slip and fall cases and workers compensation',
    targetAudience: 'accident victims',
    city: 'Chicago',
  },
  hotel: {
    ...base,
    name: 'Seabreeze Inn',
    productService: 'Boutique hotel with rooftop bar, spa and free breakfast near the beach',
    targetAudience: 'couples',
    competitors: 'Hotel del Coronado',
    city: 'San Diego',
  },
  packagingSupplier: {
    ...base,
    name: 'PackRight Supply',
    productService: 'Industrial packaging supplies: corrugated boxes, stretch film and pallet wrap for warehouses',
    targetAudience: 'warehouse managers',
    competitors: 'Uline',
  },
  yogaStudio: {
    ...base,
    name: 'Lotus Flow Yoga',
    productService: 'Yoga studio with hot yoga, prenatal yoga classes and beginner workshops',
    targetAudience: 'beginners and expecting mothers',
    city: 'Austin',
  },
  seoAgency: {
    ...base,
    name: 'Rankwise',
    productService: 'SEO and content marketing agency for SaaS startups: technical audits, link building, blog writing',
    targetAudience: 'saas founders',
    competitors: 'Siege Media',
  },
  leatherGoods: {
    ...base,
    name: 'Oak and Hide',
    productService: 'Handmade leather wallets, belts and bags',
    targetAudience: 'men',
    competitors: 'Bellroy',
  },
  landscaper: {
    ...base,
    name: 'GreenScape Pros',
    productService: 'Residential landscaping, lawn care and tree trimming services',
    targetAudience: 'homeowners',
    city: 'Atlanta',
  },
  constructionSoftware: {
    ...base,
    name: 'BuildTrack',
    productService: 'Project management software for construction teams with scheduling, time tracking and invoicing',
    targetAudience: 'general contractors',
    competitors: 'Procore, Buildertrend',
  },
  pizzeria: {
    ...base,
    name: 'Forno Rosso',
    productService: 'Neapolitan pizza restaurant with wood-fired oven, craft beer and takeout',
    targetAudience: 'families',
    city: 'Brooklyn',
  },
};

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
