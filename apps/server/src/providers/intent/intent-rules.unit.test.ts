import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SearchIntent } from '@keywright/contract';
import { readIntent, type IntentContext } from './intent-rules';

// Real phrases with the intents a marketer gives them, strongest first (two where a searcher
// plausibly means both). The phrases come from the offline generator's gold projects (the
// snapshot in keyword-generator/__snapshots__) and from Fivetran's real Google Ads keywords in
// ../shared/fixtures/datasets; the answers were written by reading each phrase, before the rules.

const I = 'informational';
const N = 'navigational';
const C = 'commercial';
const T = 'transactional';

type Row = [keyword: string, expected: SearchIntent[]];

const projects: Array<{ context: IntentContext; rows: Row[] }> = [
  {
    context: { brands: ['Ledgerly', 'QuickBooks', 'Xero'], places: [] },
    rows: [
      ['xero vs ledgerly', [C, N]],
      ['invoicing software for small business owners', [C]],
      ['affordable cloud accounting software', [C]],
      ['quickbooks alternative', [C, N]],
      ['how much does accounting software cost', [I, T]],
      ['automated tax reports', [C]],
      ['bank reconciliation tool', [C]],
      ['how to choose accounting software', [I, C]],
      ['ledgerly', [N]],
      ['ledgerly reviews', [C, N]],
      ['what is bank reconciliation', [I]],
      ['accounting software pricing', [T, C]],
      ['cloud accounting software free trial', [T]],
      ['bank reconciliation', [I]],
      ['best invoicing software', [C]],
      ['free invoicing software', [C, T]],
      ['accounting software demo', [T]],
      ['xero competitors', [C, N]],
      ['how to do bank reconciliation', [I]],
      ['ledgerly login', [N]],
    ],
  },
  {
    context: { brands: ['Rose City Bakery'], places: ['Portland', 'United States'] },
    rows: [
      ['best place to buy custom cakes', [C, T]],
      ['sourdough bread near me', [T]],
      ['same-day office catering services', [T]],
      ['custom cakes', [T, C]],
      ['cheap sourdough bread', [T]],
      ['bakery near me', [T]],
      ['how much does office catering cost', [I, T]],
      ['rose city bakery', [N]],
      ['rose city bakery hours', [N]],
      ['sourdough bread recipe', [I]],
      ['birthday cakes portland', [T, C]],
    ],
  },
  {
    context: { brands: ['Green Leaf Coffee', 'Blue Bottle', 'Starbucks'], places: ['Austin'] },
    rows: [
      ['green leaf coffee', [N]],
      ['cheap organic fair-trade coffee beans', [T]],
      ['best blue bottle alternative', [C, N]],
      ['how much do coffee beans cost', [I, T]],
      ['starbucks alternative', [C, N]],
      ['coffee brands', [C]],
      ['buy coffee beans', [T]],
      ['coffee beans near me', [T]],
      ['how to brew pour over coffee', [I]],
      ['starbucks menu', [N]],
      ['coffee beans', [C, T]],
    ],
  },
  {
    context: { brands: ['BuildTrack', 'Procore', 'Buildertrend'], places: [] },
    rows: [
      ['procore alternative', [C, N]],
      ['invoicing app', [C]],
      ['project management software pricing', [T, C]],
      ['best project management software for general contractors', [C]],
      ['buildtrack', [N]],
      ['buildertrend vs procore', [C, N]],
      ['scheduling for general contractors', [C, I]],
    ],
  },
  {
    context: { brands: ['Bright Smile Dental', 'Aspen Dental'], places: ['Denver', 'United States'] },
    rows: [
      ['dental clinic near me', [T]],
      ['dental implants', [C, I]],
      ['emergency dentist denver', [T]],
      ['how much do dental implants cost', [I, T]],
      ['best dental clinic near me', [C, T]],
      ['aspen dental vs bright smile dental', [C, N]],
      ['teeth whitening services', [C, T]],
      ['bright smile dental phone number', [N]],
      ['book dentist appointment online', [T]],
      ['what causes tooth sensitivity', [I]],
      ['dentist in denver', [T, C]],
    ],
  },
  {
    context: { brands: ['Seabreeze Inn', 'Hotel del Coronado'], places: ['San Diego'] },
    rows: [
      ['rooftop bar san diego', [C, T]],
      ['affordable boutique hotel near me', [T, C]],
      ['spa hotel reviews', [C]],
      ['best hotel del coronado alternative', [C, N]],
      ['boutique hotel with spa', [C]],
      ['seabreeze inn booking', [T, N]],
      ['things to do in san diego', [I]],
      ['hotel del coronado', [N]],
    ],
  },
  {
    context: { brands: ['GreenScape Pros'], places: ['Atlanta'] },
    rows: [
      ['top rated landscaper', [C]],
      ['best lawn care in atlanta', [C, T]],
      ['residential landscaping price', [T]],
      ['greenscape pros reviews', [C, N]],
      ['residential landscaping services', [C, T]],
      ['how much does lawn care cost', [I, T]],
      ['lawn care tips', [I]],
      ['when to aerate lawn', [I]],
    ],
  },
  {
    context: { brands: ['Hart Cole Injury Lawyers'], places: ['Chicago'] },
    rows: [
      ['personal injury law', [I]],
      ['workers compensation lawyer', [C, T]],
      ['do i need a car accident lawyer', [I]],
      ['accident attorney near me', [T]],
      ['best slip and fall lawyer', [C]],
      ['slip and fall lawyer chicago', [T, C]],
      ['free consultation injury lawyer', [T]],
      ['hart cole injury lawyers', [N]],
    ],
  },
  {
    context: { brands: ['Oak and Hide', 'Bellroy'], places: [] },
    rows: [
      ['leather wallets for men', [C]],
      ['handmade leather bags cost', [T]],
      ['leather belts', [C, T]],
      ['best handmade bags for men', [C]],
      ['where to buy handmade wallets', [T]],
      ['bellroy wallet review', [C, N]],
      ['how to clean leather bag', [I]],
      ['oak and hide', [N]],
    ],
  },
  {
    context: { brands: ['PackRight Supply', 'Uline'], places: [] },
    rows: [
      ['uline competitors', [C, N]],
      ['packaging supplies', [C, T]],
      ['bulk corrugated boxes', [T]],
      ['corrugated boxes price', [T]],
      ['best pallet wrap', [C]],
      ['packright supply', [N]],
      ['uline', [N]],
      ['what is pallet wrap made of', [I]],
    ],
  },
  {
    context: { brands: ['Forno Rosso'], places: ['Brooklyn'] },
    rows: [
      ['best pizza near me', [C, T]],
      ['pizza restaurant with wood-fired oven in brooklyn', [T, C]],
      ['forno rosso', [N]],
      ['pizza brooklyn', [T, C]],
      ['pizza delivery', [T]],
      ['forno rosso menu', [N]],
      ['neapolitan pizza dough recipe', [I]],
    ],
  },
  {
    context: { brands: ['Rapid Flow Plumbing', 'Roto-Rooter'], places: ['Phoenix'] },
    rows: [
      ['emergency plumbing repairs', [T]],
      ['rapid flow plumbing', [N]],
      ['affordable emergency plumbing near me', [T, C]],
      ['best roto rooter alternative', [C, N]],
      ['how much does drain cleaning cost', [I, T]],
      ['emergency plumber', [T]],
      ['water heater installation cost', [T]],
      ['why is my water heater leaking', [I]],
      ['plumber phoenix', [T, C]],
      ['roto-rooter', [N]],
    ],
  },
  {
    context: { brands: ['Rankwise', 'Siege Media'], places: [] },
    rows: [
      ['content marketing for saas founders', [C, I]],
      ['best content marketing agency near me', [C, T]],
      ['content marketing agency', [C]],
      ['siege media vs rankwise', [C, N]],
      ['what is technical seo', [I]],
      ['seo audit checklist', [I]],
      ['hire seo agency', [T]],
      ['seo agency pricing', [T, C]],
    ],
  },
  {
    context: { brands: ['Summit Trail', 'Salomon', 'Hoka'], places: ['California'] },
    rows: [
      ['where to buy hydration vests', [T]],
      ['wholesale hydration vests', [T]],
      ['hoka alternative', [C, N]],
      ['hydration vests', [C, T]],
      ['how much do trail running shoes cost', [I, T]],
      ['lightweight running shoes', [C]],
      ['salomon vs hoka', [C, N]],
      ['trail running tips for beginners', [I]],
      ['hoka', [N]],
      ['summit trail discount code', [T, N]],
    ],
  },
  {
    context: { brands: ['Lotus Flow Yoga'], places: ['Austin'] },
    rows: [
      ['best yoga in austin', [C, T]],
      ['yoga classes', [C, T]],
      ['cheap hot yoga', [T]],
      ['prenatal yoga near me', [T]],
      ['beginner yoga workshops austin', [T, C]],
      ['benefits of hot yoga', [I]],
      ['lotus flow yoga schedule', [N]],
      ['yoga poses for back pain', [I]],
    ],
  },
];

/** Fivetran's own Google Ads keywords, read for a data-integration product. */
function fivetranRows(): Row[] {
  const file = fileURLToPath(
    new URL('../../../../../../shared/fixtures/datasets/fivetran-google-ads-keyword-criteria.csv', import.meta.url),
  );
  const inFile = new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.split(',').at(-1)!.trim()),
  );
  const rows: Row[] = [
    ['fivetran', [N]],
    ['five tran', [N]],
    ['5tran', [N]],
    ['list of connectors', [I]],
    ['data connectors', [C]],
    ['connectors', [C]],
    ['data sources', [I]],
    ['integrations', [C]],
  ];
  // Each phrase is one the dataset holds, so the table stays real.
  for (const [keyword] of rows) expect(inFile.has(keyword), keyword).toBe(true);
  return rows;
}

describe('search intent by rules', () => {
  const table = [
    ...projects.flatMap(({ context, rows }) => rows.map((row) => ({ context, row }))),
    ...fivetranRows().map((row) => ({ context: { brands: ['Fivetran', '5tran'], places: [] }, row })),
  ];

  it('reads a table of over 100 real phrases as a marketer does, 90% of them or more', () => {
    expect(table.length).toBeGreaterThanOrEqual(100);
    const misses = table.filter(({ context, row: [keyword, expected] }) => {
      const [first] = readIntent(keyword, context).intents;
      return !expected.includes(first!);
    });
    const agreement = 1 - misses.length / table.length;
    expect(
      agreement,
      misses
        .map(({ context, row: [keyword, expected] }) => {
          return `${keyword}: ${readIntent(keyword, context).intents.join('+')} (expected ${expected.join('+')})`;
        })
        .join('\n'),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('gives one or two intents, never the same twice, the same for the same keyword', () => {
    for (const { context, row } of table) {
      const { intents } = readIntent(row[0], context);
      expect(intents.length).toBeGreaterThanOrEqual(1);
      expect(intents.length).toBeLessThanOrEqual(2);
      expect(new Set(intents).size).toBe(intents.length);
      expect(readIntent(row[0], context)).toEqual(readIntent(row[0], context));
    }
  });

  it('reads a brand alone as a trip to its site, and a brand beside a question as the question', () => {
    const context = { brands: ['Ledgerly'], places: [] };
    expect(readIntent('Ledgerly', context)).toEqual({ intents: [N], open: false });
    expect(readIntent('how to export invoices from ledgerly', context).intents[0]).toBe(I);
    expect(readIntent('ledgerly pricing', context).intents).toEqual([T, N]);
  });

  it('says when no rule spoke, so a language model may read the keyword', () => {
    const context = { brands: [], places: [] };
    expect(readIntent('bank reconciliation', context)).toEqual({ intents: [I], open: true });
    expect(readIntent('invoicing software', context)).toEqual({ intents: [C], open: true });
    expect(readIntent('buy invoicing software', context).open).toBe(false);
  });

  it("reads a trade's people and work in the project's city or near me as hiring, a question about it as learning", () => {
    const london = { brands: ['Happy Paws London'], places: ['London', 'United Kingdom'] };
    const austin = { brands: ['FixPoint Phone Repair'], places: ['Austin', 'United States'] };
    const leeds = { brands: ['Motion Physio'], places: ['Leeds', 'United Kingdom'] };
    const hiring: Array<[string, IntentContext]> = [
      ['dog walker london', london],
      ['dog walker near me', london],
      ['dog walking london', london],
      ['phone repair austin', austin],
      ['physiotherapist leeds', leeds],
      ['physiotherapist near me', leeds],
      ['sports massage leeds', leeds],
    ];
    for (const [keyword, context] of hiring) expect(readIntent(keyword, context).intents[0], keyword).toBe(T);
    expect([C, T]).toContain(readIntent('back pain treatment', leeds).intents[0]);
    expect(readIntent('what is physiotherapy', leeds).intents).toEqual([I]);
  });

  it('reads what a phrase names as the keyword generator does when no rule speaks: an offer is shopped for', () => {
    const context = { brands: [], places: [] };
    const offers = ['dog walker', 'dog walking', 'physiotherapist', 'physiotherapy', 'physiotherapy clinic'];
    const more = ['sports massage', 'back pain treatment', 'teeth whitening', 'dog walker london', 'dentist denver'];
    for (const keyword of [...offers, ...more]) {
      expect(readIntent(keyword, context), keyword).toEqual({ intents: [C], open: true });
    }
    // A problem is read up on; work named only by its ending is a program's feature as often as a service.
    for (const keyword of ['back pain', 'bank reconciliation']) {
      expect(readIntent(keyword, context), keyword).toEqual({ intents: [I], open: true });
    }
  });

  it('reads the place as a local search unless the phrase asks about the place', () => {
    const context = { brands: [], places: ['Denver'] };
    expect(readIntent('dentist denver', context).intents[0]).toBe(T);
    expect(readIntent('what is the weather in denver', context).intents).toEqual([I]);
  });

  it("reads a phone, an app or opening hours as a trip to a site only beside a brand's or a place's name", () => {
    const context = { brands: ['Bright Smile Dental', 'Ledgerly'], places: ['Denver'] };
    expect(readIntent('bright smile dental phone', context).intents[0]).toBe(N);
    expect(readIntent('ledgerly app', context).intents[0]).toBe(N);
    expect(readIntent('dentist denver hours', context).intents[0]).toBe(N);
    expect(readIntent('running belt for phone', context).intents).not.toContain(N);
    expect(readIntent('invoicing app', context).intents).not.toContain(N);
  });
});
