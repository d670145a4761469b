import { beforeAll, describe, expect, it } from 'vitest';
import { descriptionVerbs, devCategories, devRuns, isCompetitorSearch, type DevBusiness, type DevRun } from './dev-set';
import { heldOutBusinesses } from './dev-set.held-out.fixture';
import { tuningBusinesses } from './dev-set.tuning.fixture';
import { explainOfflineKeywords } from './offline';
import { stopwords } from './words';

// Rules that hold for every business of the development set, tuning and held-out alike: they say
// what "understands any business and delivers the count asked" means, business by business.

const parts = { tuning: tuningBusinesses, 'held-out': heldOutBusinesses };
const everyBusiness = [...tuningBusinesses, ...heldOutBusinesses];
const [defaults, wider] = devRuns;

interface Run {
  business: DevBusiness;
  count: number;
  lengthRule: string;
  keywords: string[];
  exhausted: boolean;
}

let runs: Run[] = [];
beforeAll(async () => {
  runs = [];
  for (const business of everyBusiness) {
    for (const { count, lengthRule } of devRuns) {
      const { keywords, exhausted } = await explainOfflineKeywords({
        project: business.facts,
        count,
        lengthRule,
        avoid: [],
      });
      runs.push({ business, count, lengthRule, keywords, exhausted });
    }
  }
}, 300_000);

const heldOut = new Set(heldOutBusinesses);

/**
 * Each run with keywords that break a rule, as "business (count, rule): keyword | keyword". A held-out
 * business's keywords are counted, not shown: whoever tunes must not tune on them (its report shows
 * them, at the end).
 */
function offenders(badKeywords: (run: Run) => string[]): string[] {
  return runs.flatMap((run) => {
    const bad = badKeywords(run);
    if (!bad.length) return [];
    const shown = heldOut.has(run.business) ? `${bad.length} (held out, not shown)` : bad.join(' | ');
    return [`${run.business.id} (${run.count}, '${run.lengthRule}'): ${shown}`];
  });
}

const lastWord = (keyword: string) => keyword.split(' ').at(-1)!;
/** Searches that end on a function word as people type them. */
const endingIdioms = /(?:^| )(?:near me|open now)$/;
/** "visits" and "visit", "classes" and "class", "boxes" and "box". */
const simpleStem = (word: string) => (word.endsWith('ss') ? word : word.replace(/(?<=s|x|z|ch|sh)es$|s$/, ''));
const goodsWords = new Set(['buy', 'wholesale', 'bulk', 'suppliers', 'supplier', 'brands', 'deals']);
const goodsPhrases = ['buying guide', 'for sale', 'shop online'];

describe('the development set', () => {
  it('has 63 or more businesses, two thirds for tuning, with unique ids', () => {
    expect(everyBusiness.length).toBeGreaterThanOrEqual(63);
    expect(heldOutBusinesses.length).toBeGreaterThanOrEqual(21);
    expect(tuningBusinesses.length).toBeGreaterThanOrEqual(2 * heldOutBusinesses.length - 2);
    const ids = everyBusiness.map((business) => business.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('has four or more businesses of every category, with each category in both parts', () => {
    const thin = devCategories.flatMap((category) => {
      const tuning = tuningBusinesses.filter((business) => business.category === category).length;
      const heldOut = heldOutBusinesses.filter((business) => business.category === category).length;
      return tuning + heldOut < 4 || !tuning || !heldOut ? [`${category}: ${tuning} + ${heldOut}`] : [];
    });
    expect(thin).toEqual([]);
  });

  it("keeps the issue's businesses in the tuning part, word for word", () => {
    const described = (id: string) => tuningBusinesses.find((business) => business.id === id)?.facts.productService;
    expect(described('dog-walker-london')).toBe(
      'Dog walking and pet sitting for busy owners, daily walks, puppy visits and overnight care',
    );
    expect(described('phone-repair-austin')).toBe(
      'Mobile phone screen repair, battery replacement and water damage repair while you wait',
    );
    expect(described('motion-physio-leeds')).toBe(
      'Physiotherapy clinic treating sports injuries, back pain and post-surgery rehabilitation, with sports massage',
    );
    expect(described('coffee-roaster')).toMatch(/fair trade/);
    expect(described('house-cleaner')).toBe('Regular house cleaning, deep cleans and end of tenancy cleaning');
  });
});

describe('offline keywords of every business in the development set', () => {
  it('end on a word that carries meaning, not a function word ("near me", "open now" and the name aside)', () => {
    expect(
      offenders((run) => {
        // "ember roasting co" is the business's name as people type it.
        const brand = run.business.facts.name.toLowerCase();
        return run.keywords.filter(
          (keyword) => stopwords.has(lastWord(keyword)) && !endingIdioms.test(keyword) && !keyword.endsWith(brand),
        );
      }),
    ).toEqual([]);
  });

  it('hold no verb of the description ("we brew IPAs" gives no "brew ipas")', () => {
    const verbs = new Map(
      everyBusiness.map((business) => [business.id, descriptionVerbs(business.facts.productService)]),
    );
    expect(
      offenders((run) => {
        const own = verbs.get(run.business.id)!;
        return run.keywords.filter((keyword) => keyword.split(' ').some((word) => own.includes(word)));
      }),
    ).toEqual([]);
  });

  it('search a service as a service: nobody buys a dog walk wholesale', () => {
    expect(
      offenders((run) =>
        run.business.offers !== 'service'
          ? []
          : run.keywords.filter(
              (keyword) =>
                keyword.split(' ').some((word) => goodsWords.has(word)) ||
                goodsPhrases.some((phrase) => ` ${keyword} `.includes(` ${phrase} `)),
            ),
      ),
    ).toEqual([]);
  });

  it('say no word twice', () => {
    expect(
      offenders((run) =>
        run.keywords.filter((keyword) => {
          const stems = keyword.split(' ').map(simpleStem);
          return new Set(stems).size < stems.length;
        }),
      ),
    ).toEqual([]);
  });

  it('give competitors at most a fifth of a run', () => {
    expect(
      offenders((run) => {
        const competitor = run.keywords.filter((keyword) => isCompetitorSearch(keyword, run.business.facts));
        return competitor.length > Math.floor(run.count / 5) ? competitor : [];
      }),
    ).toEqual([]);
  });
});

describe('the count asked', () => {
  it('is delivered, or the run says the description is exhausted at that length', () => {
    expect(
      runs.flatMap((run) =>
        run.keywords.length < run.count && !run.exhausted
          ? [`${run.business.id} (${run.count}, '${run.lengthRule}'): ${run.keywords.length}, not marked exhausted`]
          : run.keywords.length > run.count || (run.exhausted && run.keywords.length === run.count)
            ? [`${run.business.id} (${run.count}, '${run.lengthRule}'): ${run.keywords.length}, marked wrongly`]
            : [],
      ),
    ).toEqual([]);
  });

  it('widens with the length: 2-3 words give a business at least as many as 2 words', () => {
    const delivered = (business: DevBusiness, rule: string) =>
      runs.find((run) => run.business === business && run.lengthRule === rule)!.keywords.length;
    expect(
      everyBusiness.flatMap((business) =>
        delivered(business, wider.lengthRule) < Math.min(wider.count, delivered(business, defaults.lengthRule))
          ? [`${business.id}: ${delivered(business, wider.lengthRule)} of 2-3 words, fewer than of 2`]
          : [],
      ),
    ).toEqual([]);
  });
});

/**
 * How many businesses get the full count, held at the floor measured when this test was written (see the
 * note in docs/generator-quality-*.md): a change that delivers fewer fails here. The target is 90%.
 */
const floors: Record<keyof typeof parts, number> = { tuning: 0.36, 'held-out': 0.39 };
/**
 * The least mean count a part delivers at the generator's defaults. The tuning part's fell from 7.15 to 6.8 when a
 * brewery with a taproom stopped getting price hunts on its taproom and a "brewer" (12 of its 20 were junk); both
 * parts lost a little more when schools stopped pricing what they teach ("cheap web development", "second language").
 * The tuning part's fell to 6.4 when one word that names many trades ("consulting", "coaching", "lighting") stopped
 * being searched alone with a price or a place: a DJ's "lighting services" and a consultant's "cheap consulting".
 */
const meanFloors: Record<keyof typeof parts, number> = { tuning: 6.4, 'held-out': 8.7 };

describe.each(Object.entries(parts) as Array<[keyof typeof parts, DevBusiness[]]>)(
  'the count delivered: %s part',
  (part, businesses) => {
    const partRuns = (settings: DevRun) =>
      runs.filter((run) => businesses.includes(run.business) && run.lengthRule === settings.lengthRule);

    it.each([wider].map((settings) => [settings.label, settings] as const))(
      '%s: no fewer businesses get the full count than the measured floor',
      (_label, settings) => {
        const full = partRuns(settings).filter((run) => run.keywords.length === settings.count).length;
        expect(full / businesses.length).toBeGreaterThanOrEqual(floors[part]);
      },
    );

    it(`${defaults.label}: the mean delivered holds its floor`, () => {
      const counts = partRuns(defaults).map((run) => run.keywords.length);
      expect(counts.reduce((sum, count) => sum + count, 0) / counts.length).toBeGreaterThanOrEqual(meanFloors[part]);
    });

    // A bed and breakfast has no good search of two words ("best breakfast" is anyone's): it may get none at
    // the defaults, and says so, but every business gets keywords once three words are allowed.
    it(`${wider.label}: every business gets some`, () => {
      expect(
        partRuns(wider)
          .filter((run) => run.keywords.length === 0)
          .map((run) => run.business.id),
      ).toEqual([]);
    });
  },
);
