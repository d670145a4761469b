import { adLineLimit, adTextLength, type AdLineKind } from '@keywright/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdCopyBrief } from './ad-copy-writer';
import { adInputText, adLineKey, adLineProblem } from './ad-lines';
import { writeOfflineAdLines } from './offline';

// Properties of the offline writer over many generated briefs: every rule of an ad line, checked
// here on its own terms as well as through the shared checker, for both kinds of line.

const kinds: AdLineKind[] = ['headlines', 'descriptions'];

const samples = [
  'shoes',
  'dentist',
  'coffee',
  'café',
  'crème brûlée',
  'naïve',
  'SEO',
  'iPhone',
  'NIKE',
  'PackRight',
  'über',
  'straße',
  '日本',
  '🏃',
  '👍🏽',
  'a',
  'the',
  'and',
  'running',
  'trail',
  'plumber',
  'cakes',
  'emergency',
  'free',
  '24/7',
  '$10',
  '50%',
  'best',
  'near me',
  'how much does',
  'yahoo!',
  'hello...',
];

const word = fc.oneof(
  fc.constantFrom(...samples),
  fc.stringMatching(/^[a-z]{1,12}$/),
  fc.stringMatching(/^[a-z]{26,45}$/),
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
    .filter((text) => text.trim() === text && !/\s/.test(text)),
);
const phrase = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(' ').slice(0, 80).trim());
const keyword = phrase.filter((text) => text.length > 0);

/** A thousand keywords of sample words: the most a brief holds. */
const thousand = Array.from(
  { length: 1000 },
  (_, i) => `${samples[i % samples.length]} ${samples[(i * 7 + 3) % samples.length]} ${i % 3 ? 'shoes' : 'repair'}`,
);

const descriptions = [
  '',
  'Family dental clinic offering teeth cleaning, whitening, implants and emergency dentist visits',
  'Cloud accounting software for small businesses: invoicing, bank reconciliation, tax reports. Free 14-day trial.',
  'Handmade leather wallets, belts and bags',
  'Boutique hotel with rooftop bar, spa and free breakfast near the beach',
];

const brief: fc.Arbitrary<AdCopyBrief> = fc.record({
  keywords: fc.oneof(
    { weight: 6, arbitrary: fc.array(keyword, { minLength: 1, maxLength: 30 }) },
    { weight: 1, arbitrary: fc.constant(thousand) },
    { weight: 1, arbitrary: keyword.map((one) => [one]) },
  ),
  project: fc.record({
    name: fc.oneof(fc.constantFrom('Summit Trail', 'PackRight Supply', 'ledgerly', 'Café Ünïcode 🏃'), keyword),
    description: fc.oneof(
      fc.constantFrom(...descriptions),
      fc.array(phrase).map((parts) => parts.join(', ')),
    ),
    country: fc.constantFrom('', 'United States', 'Canada', 'Deutschland'),
    city: fc.oneof(fc.constantFrom('', 'Denver', 'São Paulo', 'Zürich', 'new york', "$' ($&)"), word),
    language: fc.constantFrom('', 'English'),
    siteUrl: fc.constantFrom('', 'https://example.com'),
    targetAudience: fc.oneof(fc.constantFrom('', 'home baristas and small cafes', 'SEO managers'), phrase),
  }),
});

/** Words the writer's templates add; every other word of a line must be the input's, whole. */
const templateWords = new Set(
  `a about an and answer anything appointment are ask at back demo free legal based before book browse built by can care cares caring case choice class classes
  closer collection contact covered decide details discover do enjoy explore find first fit fits for from get handle
  handles happy has have help helping helps here how i in is it join lawyer learn local look looking made meet message more
  need needs next of offer offers official on one option order our out place plan proposal proudly question questions
  quote read reply request right runs schedule see send serves serving shop site software start started stay step take
  takeout talk team tell the to today touch trial us visit we website welcomes welcoming what will with work working
  works you your yours`.split(/\s+/),
);

/** "Shoe" from "shoes": the writer says one of a thing where a template asks for one. */
const isInputWord = (token: string, words: ReadonlySet<string>) =>
  words.has(token) || words.has(`${token}s`) || words.has(`${token}es`) || words.has(token.replace(/y$/, 'ies'));

/** Case-folded (upper then lower), so "ᲀ" and its capital "В" meet as "в". */
const fold = (text: string) => text.toUpperCase().toLowerCase();

const tokensOf = (text: string) =>
  fold(text)
    .split(/\s+/)
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);

/** A word without the marks before and after it. */
const bare = (token: string) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** Whether a word is written so in the input: one of its words, or as it stands in it ("ᾰ,A"). */
function writtenIn(text: string) {
  const words = text.split(/[\s,.:;!?()]+/);
  const written = new Set([...words, ...words.map(bare)]);
  return (token: string) => written.has(token) || text.includes(token);
}

const smallWords = new Set('a an and as at but by for from in into nor of on or per the to vs via with'.split(' '));

describe('offline ad lines: properties over generated briefs', () => {
  it.each(kinds)('%s: twenty lines, each keeping every rule, the same for the same brief', async (kind) => {
    await fc.assert(
      fc.asyncProperty(brief, async (input) => {
        const lines = await writeOfflineAdLines(kind, input);
        const text = adInputText(input);
        // A word may also end at a bracket or a quote ("Ⰰ(0‖Ͱ" gives "0‖Ͱ").
        const inputWords = new Set([
          ...tokensOf(text),
          ...tokensOf(text.replace(/[()[\]{}<>"“”«»]/gu, ' ')),
          ...fold(text).split(/[^\p{L}\p{M}\p{N}'-]+/u),
        ]);
        expect(lines).toHaveLength(20);
        // Unique after case-folding and ignoring punctuation and spaces.
        expect(new Set(lines.map(adLineKey)).size).toBe(20);
        for (const line of lines) {
          expect(adLineProblem(kind, line, text), line).toBeNull();
          // The same rules, read here directly rather than through the checker.
          expect(adTextLength(line), line).toBeLessThanOrEqual(adLineLimit[kind]);
          expect(line, line).not.toMatch(/[.,!?;:]\s*[.,!?;:]/);
          expect((line.match(/!/g) ?? []).length, line).toBeLessThanOrEqual(kind === 'headlines' ? 0 : 1);
          // Never cut mid-word: each word is a template's or the input's, whole.
          for (const token of tokensOf(line)) {
            if (!templateWords.has(token)) expect(isInputWord(token, inputWords), `${token} in ${line}`).toBe(true);
          }
          if (kind === 'descriptions') expect(line, line).toMatch(/[.!]$/);
        }
        expect(await writeOfflineAdLines(kind, input)).toEqual(lines);
      }),
      { numRuns: 60 },
    );
  });

  it('writes headlines in Title Case: small words lower case, words written otherwise in the input as written', async () => {
    await fc.assert(
      fc.asyncProperty(brief, async (input) => {
        const isWritten = writtenIn(adInputText(input));
        for (const line of await writeOfflineAdLines('headlines', input)) {
          line.split(' ').forEach((spaced, i) => {
            // ")a" is "a": a mark before a word is not its first letter.
            const token = bare(spaced.replace(/[?,:]$/, ''));
            // A lower-case first letter that has a capital ("ȴ" has none).
            const letter = /\p{L}/u.exec(token)?.[0] ?? '';
            const isLower = letter !== letter.toUpperCase() && letter === letter.toLowerCase();
            const isSmall = i > 0 && smallWords.has(token);
            if (isLower && !isSmall) expect(isWritten(token), `${token} in ${line}`).toBe(true);
          });
        }
      }),
      { numRuns: 40 },
    );
  });

  it('starts descriptions with a capital unless the first word is written so in the input', async () => {
    await fc.assert(
      fc.asyncProperty(brief, async (input) => {
        const isWritten = writtenIn(adInputText(input));
        for (const line of await writeOfflineAdLines('descriptions', input)) {
          const first = bare(line.split(' ')[0]!);
          if (/^[^\p{L}]*\p{Ll}/u.test(first)) expect(isWritten(first), line).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('offline ad lines: claims and capitals', () => {
  const base: AdCopyBrief = {
    keywords: ['trail running shoes', 'best trail running shoes', 'cheap trail shoes near me'],
    project: {
      name: 'Summit Trail',
      description: 'Lightweight trail running shoes and waterproof jackets',
      country: 'United States',
      city: '',
      language: 'English',
      siteUrl: '',
      targetAudience: 'trail runners',
    },
  };

  it.each(kinds)(
    '%s: no price, discount, rating, award, year or free offer the project does not state',
    async (kind) => {
      const text = (await writeOfflineAdLines(kind, base)).join('\n');
      expect(text).not.toMatch(/\bfree\b|\$|%|discount|sale\b|award|rated|24\/7|since|shipping|\bbest\b|cheap/i);
    },
  );

  it('offers a free trial only when the description mentions one', async () => {
    const software = {
      ...base,
      keywords: ['accounting software', 'invoicing software'],
      project: { ...base.project, name: 'Ledgerly', description: 'Cloud accounting software with invoicing' },
    };
    const without = await writeOfflineAdLines('headlines', software);
    expect(without).toContain('See How It Works');
    expect(without.join('\n')).not.toMatch(/trial/i);
    const withTrial = await writeOfflineAdLines('headlines', {
      ...software,
      project: {
        ...software.project,
        description: 'Cloud accounting software with invoicing. Free trial for 30 days.',
      },
    });
    expect(withTrial).toContain('Start Your Free Trial');
  });

  it('keeps brand names and acronyms as the input writes them, and shouts nothing else', async () => {
    const lines = await writeOfflineAdLines('headlines', {
      keywords: ['seo audits', 'PackRight boxes', 'iPhone cases'],
      project: { ...base.project, name: 'PackRight Supply', description: 'SEO audits and iPhone cases' },
    });
    const text = lines.join('\n');
    expect(text).toContain('SEO Audits');
    expect(text).toContain('iPhone Cases');
    expect(text).not.toMatch(/Seo|Iphone|Packright/);
  });
});

describe('offline ad lines: reading the brief as its owner would', () => {
  const bakery: AdCopyBrief = {
    keywords: ['gluten free croissants', 'artisan bakery brooklyn', 'sourdough bread'],
    project: {
      name: 'Brooklyn Bakery',
      description: 'Sourdough bread and pastries baked daily and delivered in Brooklyn.',
      country: 'United States',
      city: 'Brooklyn',
      language: 'English',
      siteUrl: '',
      targetAudience: '',
    },
  };

  it('reads a keyword that ends or starts with the place as an offer in that place', async () => {
    const headlines = await writeOfflineAdLines('headlines', bakery);
    expect(headlines).toContain('Artisan Bakery in Brooklyn');
    expect(headlines).toContain('Visit Our Artisan Bakery');
    expect(headlines.join('\n')).not.toMatch(
      /Artisan Bakery Brooklyn|Need (?:an? )?Artisan Bakery|Brooklyn in Brooklyn/,
    );
    const descriptions = await writeOfflineAdLines('descriptions', bakery);
    expect(descriptions).toContain('Visit Brooklyn Bakery, your artisan bakery in Brooklyn.');
    expect(descriptions.join('\n')).not.toMatch(
      /Enjoy the artisan bakery|Brooklyn Bakery (?:in|serves|proudly serves|is based in) Brooklyn/,
    );
    // The place the description names counts too, when the project's city is another.
    const inNewYork = await writeOfflineAdLines('headlines', {
      ...bakery,
      keywords: ['brooklyn artisan bakery', 'sourdough bread'],
      project: { ...bakery.project, city: 'New York' },
    });
    expect(inNewYork).toContain('Artisan Bakery in Brooklyn');
    expect(inNewYork).toContain('Visit Us in New York');
  });

  it('asks "Need ...?" of goods and work, with the article a countable one takes, never of a place', async () => {
    const headlines = await writeOfflineAdLines('headlines', {
      ...bakery,
      keywords: ['sourdough bread', 'artisan bakery nyc', 'birthday cake'],
    });
    expect(headlines).toContain('Need Sourdough Bread?');
    expect(headlines).toContain('Need a Birthday Cake?');
    expect(headlines.join('\n')).not.toMatch(/Need (?:an? )?Artisan Bakery/);
    const dentist = await writeOfflineAdLines('headlines', {
      keywords: ['emergency dentist', 'teeth whitening'],
      project: { ...bakery.project, name: 'Bright Smile', description: 'Family dental clinic', city: 'Denver' },
    });
    expect(dentist).toContain('Need an Emergency Dentist?');
  });

  it('varies what it says of each of a shop’s goods, from the description’s own facts', async () => {
    const descriptions = await writeOfflineAdLines('descriptions', bakery);
    expect(descriptions).toContain('Sourdough bread baked daily, from Brooklyn Bakery.');
    expect(descriptions).toContain('Pastries delivered in Brooklyn, from Brooklyn Bakery.');
    const shop = await writeOfflineAdLines('descriptions', {
      keywords: ['leather wallets', 'leather belts', 'leather bags', 'card holders', 'key rings'],
      project: {
        ...bakery.project,
        name: 'Oak and Hide',
        description: 'Handmade leather wallets, belts and bags',
        city: '',
        targetAudience: 'men',
      },
    });
    const shopLines = shop.filter((line) => /^Shop .* from Oak and Hide\.$/.test(line));
    expect(shopLines.length).toBeLessThanOrEqual(2);
    expect(shop).toContain('Leather belts for men, from Oak and Hide.');
  });

  it('gives a singular countable offer its article and leaves plural and mass ones bare', async () => {
    const descriptions = await writeOfflineAdLines('descriptions', {
      keywords: ['boutique hotel', 'beach hotel'],
      project: {
        ...bakery.project,
        name: 'Seabreeze Inn',
        description: 'Boutique hotel with rooftop bar, spa and free breakfast near the beach',
        city: 'San Diego',
      },
    });
    expect(descriptions).toContain('Seabreeze Inn offers a rooftop bar, a spa and free breakfast.');
    expect(descriptions).toContain('Seabreeze Inn offers a rooftop bar.');
    const dental = await writeOfflineAdLines('descriptions', {
      keywords: ['dental implants', 'teeth cleaning'],
      project: {
        ...bakery.project,
        name: 'Bright Smile',
        description: 'Family dental clinic offering teeth cleaning and dental implants',
        city: 'Denver',
      },
    });
    expect(dental).toContain('Bright Smile offers teeth cleaning and dental implants.');
  });

  it('writes from the project’s facts before any generic line', async () => {
    const software = await writeOfflineAdLines('headlines', {
      keywords: ['accounting software', 'invoicing software', 'tax reports'],
      project: {
        ...bakery.project,
        name: 'Ledgerly',
        description: 'Cloud accounting software for small businesses: invoicing, bank reconciliation, tax reports',
        city: '',
        targetAudience: 'small business owners',
      },
    });
    expect(software).toContain('Ledgerly for Small Businesses');
    expect(software).toContain('Invoicing for Small Businesses');
    expect(software).not.toEqual(expect.arrayContaining(['Get in Touch Today']));
    const agency = await writeOfflineAdLines('headlines', {
      keywords: ['seo', 'content marketing agency', 'blog writing'],
      project: {
        ...bakery.project,
        name: 'Rankwise',
        description:
          'SEO and content marketing agency for SaaS startups: technical audits, link building, blog writing',
        city: '',
        targetAudience: 'saas founders',
      },
    });
    expect(agency).not.toContain('Discover SEO');
    expect(agency).toContain('Working with SaaS Startups');
    const generic = ['Get in Touch Today', 'Learn More Today', 'Find Out More', 'Here to Help', 'Contact Us Today'];
    expect(agency.filter((line) => generic.includes(line))).toEqual([]);
  });
});
