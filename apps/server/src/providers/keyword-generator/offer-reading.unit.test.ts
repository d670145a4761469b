import { describe, expect, it } from 'vitest';
import { competitorNames } from './business-words';
import { blankFacts } from './dev-set';
import type { ProjectFacts } from './keyword-generator';
import { agentsOf } from './offer-forms';
import { generateOfflineKeywords } from './offline';

// Readings that carry from one business to the next, tried on businesses outside the development set.

const keywordsOf = (facts: Partial<ProjectFacts>, lengthRule: '2' | '2-3' = '2') =>
  generateOfflineKeywords({ project: { ...blankFacts, ...facts }, count: 20, lengthRule, avoid: [] });

describe('competitor names', () => {
  it('reads a name with a full stop or a possessive as a name, and an address as its site', () => {
    expect(competitorNames("St. James's Place, rover.com, https://www.wag.co/, Roto-Rooter")).toEqual([
      'st james place',
      'rover',
      'wag',
      'roto rooter',
    ]);
  });
});

describe('the people who do the work', () => {
  it.each([
    ['podiatry', 'podiatrist'],
    ['chiropractic', 'chiropractor'],
    ['piano lessons', 'piano teacher'],
    ['maths tuition', 'maths tutor'],
    ['driving lessons', 'driving instructor'],
  ])('%j is searched as %j', (work, person) => {
    expect(agentsOf(work)).toContain(person);
  });

  it.each([
    ['garden maintenance', 'gardener'],
    ['roof repairs', 'roofer'],
    ['plaster repairs', 'plasterer'],
  ])('names the trade of %j after its object', (work, person) => {
    expect(agentsOf(work)).toEqual([person]);
  });

  it('names no trade after an object whose doer is no worker: no biker for bike repairs, no boater for boat repairs', () => {
    expect(agentsOf('bike repairs')).toEqual([]);
    expect(agentsOf('fence repairs')).toEqual([]);
    expect(agentsOf('boat repairs')).toEqual([]);
  });

  it('names no teacher of a time or a frequency, and no planner of a plan', () => {
    expect(agentsOf('evening classes')).toEqual([]);
    expect(agentsOf('daily lessons')).toEqual([]);
    expect(agentsOf('plan')).toEqual([]);
  });
});

describe('what a business does', () => {
  it('reads the work listed after "for" (a plumber for leak repairs), not one vague word', async () => {
    const keywords = await keywordsOf({
      name: 'Pipeline Heroes',
      productService: 'Emergency plumber for blocked drains, leak repairs and boiler servicing',
      city: 'Leeds',
    });
    expect(keywords).toEqual(expect.arrayContaining(['leak repairs', 'boiler servicing', 'emergency plumber']));
  });

  it('reads the work listed after the people it is for, past their own words ("over 40")', async () => {
    const keywords = await keywordsOf({
      name: 'Strong Start',
      productService: 'Music teacher for children over 7, piano lessons and guitar tuition, at home or online',
      city: 'Norwich',
    });
    expect(keywords).toEqual(expect.arrayContaining(['piano lessons', 'guitar tuition']));
  });

  it("shares a service's head said once at the end, keeping a two-word kind whole", async () => {
    const keywords = await keywordsOf({
      name: 'Kneaded Relief',
      productService: 'Sports massage therapist for deep tissue, trigger point and relaxation massage',
      city: 'Bristol',
    });
    expect(keywords).toEqual(expect.arrayContaining(['deep-tissue massage', 'relaxation massage', 'sports massage']));
    expect(keywords).not.toContain('tissue massage');
  });

  it('searches a clinic of a discipline by its practitioner, with the city', async () => {
    const keywords = await keywordsOf({
      name: 'Sole Care',
      productService: 'Podiatry practice for ingrown toenails and verrucas',
      city: 'York',
    });
    expect(keywords).toEqual(expect.arrayContaining(['podiatry practice', 'podiatrist york']));
  });

  it('names a trade by how it sells only together with what it is ("wholesale butcher", never "wholesaler")', async () => {
    const keywords = await keywordsOf({
      name: 'Prime Cuts',
      productService: 'Wholesale butcher supplying beef and lamb to restaurants',
      city: 'Denver',
    });
    expect(keywords).toContain('wholesale butcher');
    expect(keywords.filter((keyword) => keyword.split(' ').includes('wholesaler'))).toEqual([]);
  });

  it('does not hunt a word that means many things alone ("blocks" of cork blocks)', async () => {
    const keywords = await keywordsOf({ name: 'Corkwell', productService: 'Cork yoga blocks and jute mats' }, '2-3');
    // "yoga blocks" (the cork taken off) is what they are; "blocks" alone is anything.
    expect(
      keywords.filter((keyword) => /\bblocks?\b/.test(keyword) && !/\b(?:cork|yoga) blocks?\b/.test(keyword)),
    ).toEqual([]);
    expect(keywords).toContain('yoga blocks');
  });

  it('reads what a program does after the people it is for', async () => {
    const keywords = await keywordsOf({
      name: 'Taskly',
      productService: 'Field service app for cleaners and gardeners, scheduling, quoting and invoicing',
    });
    expect(keywords).toEqual(expect.arrayContaining(['invoicing software', 'scheduling app']));
  });

  it('names a program by what it does to the thing it works on ("tracks your habits" is a habit tracker)', async () => {
    const keywords = await keywordsOf(
      { name: 'Streakly', productService: 'Habit app that tracks your habits and sends daily reminders' },
      '2-3',
    );
    expect(keywords).toEqual(expect.arrayContaining(['habit tracker', 'habit tracker app']));
    // The tool is the program, not a task it automates; the thing tracked is no feature of its own.
    const wrong = /\b(?:automation|tool)\b|^(?:online|automated) habits?$/;
    expect(keywords.filter((keyword) => wrong.test(keyword))).toEqual([]);
    // Work a program does itself stays a feature: no "onboarding manager" of "manage onboarding".
    const payroll = await keywordsOf({
      name: 'Paydesk',
      productService: 'Payroll software to manage onboarding and payslips',
    });
    expect(payroll).toContain('onboarding software');
    expect(payroll.filter((keyword) => keyword.includes('manager'))).toEqual([]);
  });

  it("takes no trade from the name of a program or of a named person's business", async () => {
    const program = await keywordsOf({ name: 'Quick Help', productService: 'Live chat software for online shops' });
    const agent = await keywordsOf({ name: 'Coral Travel', productService: 'Travel agent for family cruises' });
    expect([...program, ...agent].filter((keyword) => /\b(?:helper|travell?er)s?\b/.test(keyword))).toEqual([]);
  });

  it('finds a place to stay or eat by its broad name with the city, never alone at a price', async () => {
    const inn = await keywordsOf({ name: 'The Drovers', productService: 'Country inn with real ales', city: 'Hexham' });
    expect(inn).toContain('inn hexham');
    expect(inn.filter((keyword) => /^(?:best|cheap|affordable|local) inn$/.test(keyword))).toEqual([]);
  });

  it('keeps visits of an animal as the offer ("puppy visits"), not only a visit to a person', async () => {
    const keywords = await keywordsOf({
      name: 'Wagging Days',
      productService: 'Pet sitter for working owners, puppy visits and cat feeding',
      city: 'Bristol',
    });
    expect(keywords).toContain('puppy visits');
  });

  it("sells a coffee shop's coffee to drink there, not by the bag or the brand", async () => {
    const keywords = await keywordsOf({
      name: 'The Grind',
      productService: 'Coffee shop with homemade scones and flat whites',
      city: 'York',
    });
    expect(keywords).toContain('coffee shop');
    expect(
      keywords.filter((keyword) => /^(?:buy|wholesale) |(?: brands| online| subscription)$/.test(keyword)),
    ).toEqual([]);
  });

  it('sells what a box holds, never boxes', async () => {
    const keywords = await keywordsOf({
      name: 'Snack Box',
      productService: 'Monthly snack subscription box with vegan treats',
    });
    const boxHunts =
      /^(?:best|buy|cheap|affordable|wholesale) box(?:es)?$|^box(?:es)? (?:prices?|brands|online|deals)$/;
    expect(keywords).toContain('vegan treats');
    expect(keywords.filter((keyword) => boxHunts.test(keyword))).toEqual([]);
  });

  it('searches a local tradesperson by the trade alone too, but not a specialist by the profession', async () => {
    const electrician = await keywordsOf({
      name: 'Bright Sparks',
      productService: 'Domestic electrician for rewires and outdoor lighting',
      city: 'Sheffield',
    });
    const lawyer = await keywordsOf({
      name: 'Ocean Law',
      productService: 'Immigration lawyer for work visas and citizenship',
      city: 'Perth',
    });
    expect(electrician).toEqual(expect.arrayContaining(['electrician sheffield', 'local electrician']));
    expect(lawyer.filter((keyword) => /^(?:best|cheap|local) lawyer$|^lawyer perth$/.test(keyword))).toEqual([]);
  });
});

describe('what a clinic, a salon or a shop is for', () => {
  it('reads the conditions and things a clinic treats, never the occasions or the people it is for', async () => {
    const clinic = await keywordsOf({
      name: 'Step Right',
      productService: 'Foot clinic for fungal nails, cracked heels and custom insoles',
      city: 'Cork',
    });
    expect(clinic).toEqual(expect.arrayContaining(['fungal nails', 'cracked heels', 'custom insoles']));
    const cafe = await keywordsOf({
      name: 'Corner Cup',
      productService: 'Neighbourhood cafe for special occasions, large groups and small businesses',
      city: 'Bath',
    });
    expect(cafe.filter((keyword) => /occasions|groups|businesses/.test(keyword))).toEqual([]);
  });

  it('does not give a word it does not know the head of the next one', async () => {
    const keywords = await keywordsOf({
      name: 'Glow Room',
      productService: 'Beauty salon doing microblading and lash treatments',
      city: 'Perth',
    });
    expect(keywords).not.toContain('microblading treatments');
    expect(keywords).toContain('lash treatments');
  });

  it('names a shop’s broad goods by what the shop is for, and finds a shop by its one-word name and city', async () => {
    const keywords = await keywordsOf({
      name: 'Powder Days',
      productService: 'Independent ski shop selling skis, snowboards and accessories',
      city: 'Denver',
    });
    expect(keywords).toContain('ski accessories');
    expect(keywords.filter((keyword) => /^(?:buy |best )?accessor/.test(keyword))).toEqual([]);
    const books = await keywordsOf({ name: 'Page Turn', productService: 'Independent bookshop', city: 'Bristol' });
    expect(books).toContain('bookshop bristol');
  });

  it('prices goods as a person types it, and keeps "fresh" for what goes off', async () => {
    const keywords = await keywordsOf({
      name: 'Wick & Co',
      productService: 'Beeswax candles and scented diffusers',
      country: 'United Kingdom',
    });
    expect(keywords).toContain('candle prices');
    expect(keywords).not.toContain('candles prices');
    expect(keywords).not.toContain('fresh candles');
  });

  it('reads a hyphened word by its last part: e-scooters are goods', async () => {
    const keywords = await keywordsOf({ name: 'Zip Ride', productService: 'Shop selling e-scooters' });
    expect(keywords).toEqual(expect.arrayContaining(['buy e-scooters', 'e-scooter prices']));
  });

  it('searches the discipline a clinic practises with its city, never a firm’s "law"', async () => {
    const clinic = await keywordsOf({
      name: 'Bay Osteo',
      productService: 'Osteopathy clinic for back pain',
      city: 'Hull',
    });
    expect(clinic).toContain('osteopathy hull');
    const firm = await keywordsOf({ name: 'Reed Legal', productService: 'Family law firm for divorce', city: 'York' });
    expect(firm).not.toContain('law york');
  });

  it('searches a subject taught in lessons and in classes, from a teacher or a tutor; an activity keeps its words', async () => {
    const violin = await keywordsOf({
      name: 'Bow & String',
      productService: 'Violin lessons for adults',
      city: 'Bath',
    });
    expect(violin).toEqual(
      expect.arrayContaining(['violin lessons', 'violin classes', 'violin teacher', 'violin tutor']),
    );
    const swimming = await keywordsOf({
      name: 'Splash',
      productService: 'Swimming lessons for toddlers',
      city: 'Bath',
    });
    expect(swimming).not.toContain('swimming tutor');
  });

  it('reads the subject a school teaches in the formats it names, and leaves a longer subject as written', async () => {
    const school = await keywordsOf({
      name: 'Lingua',
      productService: 'We teach French to adults in small evening classes',
      city: 'Leeds',
    });
    expect(school).toContain('french classes');
    const bootcamp = await keywordsOf({ name: 'Byte Camp', productService: 'Bootcamp teaching web development' });
    expect(bootcamp.filter((keyword) => /development (?:lessons|classes)/.test(keyword))).toEqual([]);
  });

  it('searches a restaurant by its cuisine’s food and the way it serves it, never a quality as cuisine', async () => {
    const trattoria = await keywordsOf({
      name: 'Nonna Rosa',
      productService: 'Italian restaurant with takeaway, fresh pasta every day',
      city: 'Leeds',
    });
    expect(trattoria).toEqual(expect.arrayContaining(['italian food', 'italian takeaway']));
    const cafe = await keywordsOf({ name: 'Corner Cup', productService: 'Neighbourhood cafe', city: 'Bath' });
    expect(cafe).not.toContain('neighbourhood food');
  });

  it('takes off the stuff goods are made of before a two-noun name: "cotton baby clothes" is "baby clothes"', async () => {
    const keywords = await keywordsOf({ name: 'Little Fern', productService: 'Organic cotton baby clothes' });
    expect(keywords).toContain('baby clothes');
  });

  it('does not hunt what a place serves alone, only what it is named for', async () => {
    // A chip shop sells a dish (WordNet's "fish and chips"): its haddock is eaten, not bought by the brand.
    const chippy = await keywordsOf({ name: 'Salty Dog', productService: 'Fish and chip shop with cod and haddock' });
    expect(chippy.filter((keyword) => /^(?:best|buy) haddock|haddock (?:brands|prices)$/.test(keyword))).toEqual([]);
    const pizzeria = await keywordsOf({ name: 'Forno', productService: 'Neapolitan pizza restaurant', city: 'Leeds' });
    expect(pizzeria).toContain('best pizza');
  });

  it('writes a trade buyer’s searches for a wholesaler, and no "local" hotel', async () => {
    const wholesale = await keywordsOf(
      { name: 'Mill Lane', productService: 'Wholesale bakery supplying sourdough bread and croissants to cafes' },
      '2-3',
    );
    expect(wholesale.filter((keyword) => /^(?:buy|best|cheap|affordable) |subscription|online$/.test(keyword))).toEqual(
      [],
    );
    expect(wholesale).toContain('wholesale croissants');
    const hotel = await keywordsOf({ name: 'Dune', productService: 'Beach hotel with spa', city: 'Nice' }, '2-3');
    expect(hotel.filter((keyword) => keyword.startsWith('local '))).toEqual([]);
  });

  it('takes the trade from the first offer only, and never from what a guide leads', async () => {
    const movers = await keywordsOf({
      name: 'Peak Movers',
      productService: 'House removals, office moves and packing services across the city',
      city: 'Leeds',
    });
    expect(movers.filter((keyword) => /\bpacker\b/.test(keyword))).toEqual([]);
    const tours = await keywordsOf(
      { name: 'Green Route', productService: 'Guided cycling tours of the Dolomites with e-bike hire' },
      '2-3',
    );
    expect(
      tours.filter((keyword) => /\bcyclist\b|^(?:cheap|affordable) cycling$|^what are tours$/.test(keyword)),
    ).toEqual([]);
  });

  it('prices no booking and opens no school "now"', async () => {
    const dentist = await keywordsOf(
      {
        name: 'Summit Dental',
        productService: 'Family dentist offering fillings and emergency appointments',
        city: 'Leeds',
      },
      '2-3',
    );
    expect(dentist.filter((keyword) => /^(?:cheap|affordable|best) emergency appointments$/.test(keyword))).toEqual([]);
    const nursery = await keywordsOf(
      { name: 'Acorns', productService: 'Nursery and preschool', city: 'Oxford' },
      '2-3',
    );
    expect(nursery.filter((keyword) => keyword.endsWith(' open now'))).toEqual([]);
  });

  it('reads "grain free" as one quality and keeps whom goods are for: no "free dog food" or "natural treats"', async () => {
    const keywords = await keywordsOf(
      { name: 'Purr & Co', productService: 'Grain free cat food and natural cat treats, sent to your door' },
      '2-3',
    );
    expect(keywords).toEqual(expect.arrayContaining(['cat food', 'grain-free cat food', 'buy cat food']));
    const wrong = /^(?:free|grain) cat food$|\bfree food\b|\bnatural treats?\b/;
    expect(keywords.filter((keyword) => wrong.test(keyword))).toEqual([]);
  });

  it('searches the goods of a shop that sends them across its country with the country, and no city', async () => {
    const shop = { name: 'Wick & Wax', productService: 'Beeswax candles and wax melts posted anywhere in Ireland' };
    const irish = await keywordsOf({ ...shop, country: 'Ireland' }, '2-3');
    expect(irish.filter((keyword) => keyword.endsWith(' ireland')).length).toBeGreaterThan(0);
    const british = await keywordsOf({ ...shop, country: 'United Kingdom' }, '2-3');
    expect(british.filter((keyword) => keyword.endsWith(' uk')).length).toBeGreaterThan(0);
    // Americans do not add their country; a shop with a city is searched with the city.
    const american = await keywordsOf({ ...shop, country: 'United States' }, '2-3');
    const local = await keywordsOf({ ...shop, country: 'United Kingdom', city: 'York' }, '2-3');
    expect([...american, ...local].filter((keyword) => /\b(?:usa|united states|uk)$/.test(keyword))).toEqual([]);
  });

  it('finds a brewery with a taproom as a place to drink: no price hunt on the taproom, no "brewer", no "taproom pouring"', async () => {
    const keywords = await keywordsOf({
      name: 'Kirkstall Brewing',
      productService: 'Brewery and taproom pouring our own stouts and lagers',
      city: 'Leeds',
    });
    expect(keywords).toEqual(expect.arrayContaining(['brewery leeds', 'taproom leeds']));
    const wrong = /^(?:cheap|affordable) |\bbrewer\b|\bpouring\b|^buy /;
    expect(keywords.filter((keyword) => wrong.test(keyword))).toEqual([]);
  });

  it('shares a nominal work\'s object with the -ing work after it: "boiler installation and servicing"', async () => {
    const keywords = await keywordsOf({
      name: 'Heatwise',
      productService: 'Boiler installation and servicing',
      city: 'Derby',
    });
    expect(keywords).toEqual(expect.arrayContaining(['boiler installation', 'boiler servicing']));
    expect(keywords.filter((keyword) => /^servicing\b|\bservicing (?:cost|services)$/.test(keyword))).toEqual([]);
  });

  it('does not take the work a name shares for the name: "Swift Pest Control" offers pest control', async () => {
    const keywords = await keywordsOf(
      {
        name: 'Swift Pest Control',
        productService: 'Pest control for mice, rats, wasps and bed bugs',
        city: 'Birmingham',
      },
      '2-3',
    );
    expect(keywords).toEqual(expect.arrayContaining(['pest control', 'pest control birmingham']));
    expect(
      keywords.filter((keyword) => /^control\b|\bcontrol birmingham$/.test(keyword) && !keyword.startsWith('pest')),
    ).toEqual([]);
  });

  it('searches what a school teaches with the school, never as work to price: no "cheap graphic design"', async () => {
    const keywords = await keywordsOf(
      { name: 'Pixel Academy', productService: 'Design school teaching graphic design and motion graphics, online' },
      '2-3',
    );
    expect(keywords).toEqual(expect.arrayContaining(['graphic design school']));
    const priced =
      /^(?:best|cheap|affordable) (?:graphic design|motion graphics)$|^(?:graphic design|motion graphics) (?:cost|prices?)$/;
    expect(keywords.filter((keyword) => priced.test(keyword))).toEqual([]);
    expect(keywords).not.toContain('graphics school');
    // A school of design is no designer to hire.
    expect(keywords.filter((keyword) => /\bdesigners?\b/.test(keyword))).toEqual([]);
  });

  it('reads "as" as saying what a thing is taken as, and "such as" as going on with the list', async () => {
    const french = await keywordsOf(
      {
        name: 'Bonjour Lingo',
        productService: 'We teach French as a foreign language to adults, evening classes',
        city: 'York',
      },
      '2-3',
    );
    expect(french).toContain('french classes');
    expect(
      french.filter((keyword) => keyword.includes('foreign language') || keyword.includes('french language')),
    ).toEqual([]);
    const plumber = await keywordsOf(
      {
        name: 'Pipe Pros',
        productService: 'Plumbing services such as leak repairs and boiler servicing',
        city: 'Leeds',
      },
      '2-3',
    );
    expect(plumber).toEqual(expect.arrayContaining(['leak repairs', 'boiler servicing']));
  });
});
