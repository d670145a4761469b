import { messages } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogleAds, type FakeGoogleAds } from '../../../test/fakes/google-ads';
import { createGoogleAdsMetricsProvider, type GoogleAdsConfig, type GoogleAdsOptions } from './google-ads';
import { adsCountryFor, languageConstantFor } from './google-ads-places';
import { UpstreamError, type MetricsPlace } from './metrics-provider';

let fake: FakeGoogleAds;
beforeAll(async () => {
  fake = await startFakeGoogleAds();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

// Every provider gets its own customer id, so the process-wide Planning queue of one test never delays another.
let customers = 0;
function nextCustomerId() {
  customers += 1;
  return `123-456-${String(1000 + customers)}`;
}

function config(overrides: Partial<GoogleAdsConfig> = {}): GoogleAdsConfig {
  return {
    apiVersion: 'v26',
    baseUrl: fake.baseUrl,
    tokenUrl: fake.tokenUrl,
    customerId: nextCustomerId(),
    ...fake.credentials,
    ...overrides,
  };
}

/** Fast defaults for tests: no Planning spacing, 1 ms backoff. */
function provider(overrides: Partial<GoogleAdsConfig> = {}, options: GoogleAdsOptions = {}) {
  return createGoogleAdsMetricsProvider(config(overrides), { minIntervalMs: 0, retryBaseMs: 1, ...options });
}

const usa: MetricsPlace = { country: 'United States', city: '', language: 'English' };

async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

const planning = () => fake.requests.filter((request) => request.endpoint !== 'suggest');
const suggests = () => fake.requests.filter((request) => request.endpoint === 'suggest');

describe('Google Ads access token', () => {
  it('exchanges the refresh token with a form body and reuses the access token until a minute before it expires', async () => {
    let clock = 1_000_000;
    const ads = provider({}, { now: () => clock });

    await ads.historicalMetrics(['running shoes'], usa);
    expect(fake.tokenExchanges).toHaveLength(1);
    expect(fake.tokenExchanges[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(fake.tokenExchanges[0]!.form).toEqual({
      grant_type: 'refresh_token',
      client_id: fake.credentials.clientId,
      client_secret: fake.credentials.clientSecret,
      refresh_token: fake.credentials.refreshToken,
    });

    clock += 3_538_000; // the token lives 3,599 s: still good
    await ads.historicalMetrics(['trail shoes'], usa);
    expect(fake.tokenExchanges).toHaveLength(1);

    clock += 2_000; // within the last minute: exchanged again
    await ads.historicalMetrics(['hiking boots'], usa);
    expect(fake.tokenExchanges).toHaveLength(2);
    const [firstToken, secondToken] = fake.issuedTokens;
    expect(planning().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${firstToken}`,
      `Bearer ${firstToken}`,
      `Bearer ${secondToken}`,
    ]);
  });

  it('lets concurrent callers share one exchange', async () => {
    const ads = provider();
    await Promise.all([
      ads.historicalMetrics(['a'], usa),
      ads.historicalMetrics(['b'], usa),
      ads.historicalMetrics(['c'], usa),
    ]);
    expect(fake.tokenExchanges).toHaveLength(1);
    expect(planning()).toHaveLength(3);
  });

  it('drops the token after a 401, exchanges once more and retries once', async () => {
    const ads = provider();
    await ads.historicalMetrics(['running shoes'], usa);
    fake.expireTokens();

    const figures = await ads.historicalMetrics(['trail shoes'], usa);
    expect(figures.map((figure) => figure.keyword)).toEqual(['trail shoes']);
    expect(fake.tokenExchanges).toHaveLength(2);
    expect(planning().map((request) => request.status)).toEqual([200, 401, 200]);
  });

  it('reports a second 401 in a row instead of looping', async () => {
    fake.fail(
      'historical',
      { status: 401, message: 'Request had invalid authentication credentials.' },
      { status: 401, message: 'Request had invalid authentication credentials.' },
    );
    const error = await rejection(provider().historicalMetrics(['running shoes'], usa));
    expect(error.message).toBe(
      messages.upstreamFailed('Google Ads', 'Request had invalid authentication credentials.'),
    );
    expect(error.status).toBe(401);
    expect(fake.tokenExchanges).toHaveLength(2);
    expect(planning()).toHaveLength(2);
  });

  it('turns a token error into an UpstreamError with Google’s description, and caches nothing from it', async () => {
    const ads = provider();
    fake.failTokenExchange(400, 'invalid_grant', 'Token has been expired or revoked.');
    const error = await rejection(ads.historicalMetrics(['running shoes'], usa));
    expect(error.message).toBe(
      messages.upstreamFailed('Google Ads', 'Token has been expired or revoked. (invalid_grant)'),
    );
    expect(error.status).toBe(400);
    expect(planning()).toHaveLength(0);

    await ads.historicalMetrics(['running shoes'], usa);
    expect(fake.tokenExchanges.map((exchange) => exchange.status)).toEqual([400, 200]);
  });

  it('retries a token endpoint that answers 503', async () => {
    fake.failTokenExchange(503, 'temporarily_unavailable', 'Try again later.');
    await provider().historicalMetrics(['running shoes'], usa);
    expect(fake.tokenExchanges.map((exchange) => exchange.status)).toEqual([503, 200]);
  });

  it('reports wrong client credentials, as the token endpoint checks them', async () => {
    const error = await rejection(provider({ clientSecret: 'wrong' }).historicalMetrics(['running shoes'], usa));
    expect(error.message).toBe(messages.upstreamFailed('Google Ads', 'Unauthorized (invalid_client)'));
  });

  it('reports an unreachable token endpoint as unreachable', async () => {
    const ads = provider({ tokenUrl: 'http://127.0.0.1:1/token' }, { maxRetries: 1 });
    const error = await rejection(ads.historicalMetrics(['running shoes'], usa));
    expect(error.message).toBe(messages.upstreamUnreachable('Google Ads'));
  });
});

describe('Google Ads requests', () => {
  it('send the bearer token, JSON, and the developer token and login customer id without dashes', async () => {
    const ads = provider({ customerId: '123-456-7890', loginCustomerId: '987-654-3210', developerToken: 'dev-token' });
    await ads.historicalMetrics(['running shoes'], usa);
    const [sent] = planning();
    expect(sent!.path).toBe('/v26/customers/1234567890:generateKeywordHistoricalMetrics');
    expect(sent!.customerId).toBe('1234567890');
    expect(sent!.headers.authorization).toBe(`Bearer ${fake.issuedTokens[0]}`);
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers['developer-token']).toBe('dev-token');
    expect(sent!.headers['login-customer-id']).toBe('9876543210');
  });

  it('leave out the developer token and login customer id when they are not set', async () => {
    await provider({ customerId: '555-000-1111' }).historicalMetrics(['running shoes'], usa);
    const [sent] = planning();
    expect(sent!.path).toBe('/v26/customers/5550001111:generateKeywordHistoricalMetrics');
    expect(sent!.headers).not.toHaveProperty('developer-token');
    expect(sent!.headers).not.toHaveProperty('login-customer-id');
  });

  it('use the configured API version', async () => {
    await provider({ apiVersion: 'v25' }).historicalMetrics(['running shoes'], usa);
    expect(planning()[0]!.version).toBe('v25');
  });
});

describe('Google Ads historical metrics', () => {
  it('asks for the keywords with language, location, Google Search and no adult keywords', async () => {
    await provider().historicalMetrics(['Running  Shoes ', 'trail shoes', 'running shoes', ' '], usa);
    expect(planning()[0]!.body).toEqual({
      keywords: ['Running Shoes', 'trail shoes'],
      language: 'languageConstants/1000',
      geoTargetConstants: ['geoTargetConstants/2840'],
      includeAdultKeywords: false,
      keywordPlanNetwork: 'GOOGLE_SEARCH',
    });
  });

  it('reads int64 strings, keeps micros, maps competition and orders months oldest first', async () => {
    fake.metrics.set('running shoes', {
      avgMonthlySearches: '74000',
      competition: 'HIGH',
      competitionIndex: '87',
      lowTopOfPageBidMicros: '1230000',
      highTopOfPageBidMicros: '4560000',
      monthlySearchVolumes: [
        { month: 'JANUARY', year: '2026', monthlySearches: '90500' },
        { month: 'DECEMBER', year: '2025', monthlySearches: '60500' },
        { month: 'FEBRUARY', year: '2026' }, // no volume known for that month
        { month: 'NOVEMBER', year: '2025', monthlySearches: '49500' },
      ],
    });
    const [figures] = await provider().historicalMetrics(['running shoes'], usa);
    expect(figures).toEqual({
      keyword: 'running shoes',
      avgMonthlySearches: 74_000,
      competition: 'High',
      competitionIndex: 87,
      lowBidMicros: 1_230_000,
      highBidMicros: 4_560_000,
      monthlyVolumes: [
        { year: 2025, month: 11, searches: 49_500 },
        { year: 2025, month: 12, searches: 60_500 },
        { year: 2026, month: 1, searches: 90_500 },
      ],
      difficulty: 87,
    });
  });

  it('accepts int64 numbers, maps LOW and MEDIUM, and gives null for UNSPECIFIED, UNKNOWN and missing figures', async () => {
    fake.metrics.set('a', { avgMonthlySearches: 320, competition: 'LOW', competitionIndex: 12 });
    fake.metrics.set('b', { competition: 'MEDIUM', competitionIndex: '50' });
    fake.metrics.set('c', { competition: 'UNSPECIFIED' });
    fake.metrics.set('d', { competition: 'UNKNOWN', avgMonthlySearches: '0' });
    fake.metrics.set('e', null);
    const figures = await provider().historicalMetrics(['a', 'b', 'c', 'd', 'e'], usa);
    expect(
      figures.map(({ keyword, competition, avgMonthlySearches }) => ({ keyword, competition, avgMonthlySearches })),
    ).toEqual([
      { keyword: 'a', competition: 'Low', avgMonthlySearches: 320 },
      { keyword: 'b', competition: 'Medium', avgMonthlySearches: null },
      { keyword: 'c', competition: null, avgMonthlySearches: null },
      { keyword: 'd', competition: null, avgMonthlySearches: 0 },
      { keyword: 'e', competition: null, avgMonthlySearches: null },
    ]);
    expect(figures[4]).toEqual({
      keyword: 'e',
      avgMonthlySearches: null,
      competition: null,
      competitionIndex: null,
      lowBidMicros: null,
      highBidMicros: null,
      monthlyVolumes: null,
      difficulty: null,
    });
    expect(figures[1]!.difficulty).toBe(figures[1]!.competitionIndex);
  });

  it('answers each asked close variant with the figures of the result it was folded into', async () => {
    fake.closeVariants.set('running shoes', ['running shoe']);
    const figures = await provider().historicalMetrics(['Running Shoes', 'running shoe', 'trail shoes'], usa);
    expect(figures.map((figure) => figure.keyword)).toEqual(['running shoes', 'running shoe', 'trail shoes']);
    expect({ ...figures[1], keyword: 'running shoes' }).toEqual(figures[0]);
    expect(figures[2]).not.toEqual({ ...figures[0], keyword: 'trail shoes' });
  });

  it('takes up to 10,000 keywords per request and throws on more, before any request', async () => {
    const ads = provider();
    expect(ads.maxKeywordsPerRequest).toBe(10_000);
    const keywords = Array.from({ length: 10_001 }, (_, index) => `keyword ${index}`);
    await expect(ads.historicalMetrics(keywords, usa)).rejects.toThrow(/at most 10000 keywords/);
    expect(fake.tokenExchanges).toHaveLength(0);
    expect(fake.requests).toHaveLength(0);

    const figures = await ads.historicalMetrics(keywords.slice(0, 10_000), usa);
    expect(figures).toHaveLength(10_000);
    expect(planning()).toHaveLength(1);
  });

  it('asks nothing for no keywords', async () => {
    expect(await provider().historicalMetrics([], usa)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Google Ads places', () => {
  it('maps country names, aliases and ISO codes to 2000 + the ISO numeric code; United States otherwise', () => {
    const target = (country: string) => adsCountryFor(country).geoTargetConstant;
    for (const name of ['United States', 'united states of america', 'USA', 'usa', 'US', 'U.S.']) {
      expect(target(name)).toBe('geoTargetConstants/2840');
    }
    for (const name of ['United Kingdom', 'UK', 'Great Britain', 'GB', 'gbr', 'England']) {
      expect(target(name)).toBe('geoTargetConstants/2826');
    }
    for (const name of ['Germany', ' germany ', 'DE', 'DEU']) expect(target(name)).toBe('geoTargetConstants/2276');
    expect(target('South Korea')).toBe('geoTargetConstants/2410');
    expect(target('India')).toBe('geoTargetConstants/2356');
    expect(target('')).toBe('geoTargetConstants/2840');
    expect(target('Atlantis')).toBe('geoTargetConstants/2840');
    expect(adsCountryFor('UK').alpha2).toBe('GB');
  });

  it('maps language names and ISO 639-1 codes to language constants; English otherwise', () => {
    const table: Array<[string, number]> = [
      ['English', 1000],
      ['german', 1001],
      ['FRENCH', 1002],
      ['es', 1003],
      ['Italian', 1004],
      ['ja', 1005],
      ['Danish', 1009],
      ['Dutch', 1010],
      ['Finnish', 1011],
      ['ko', 1012],
      ['Norwegian', 1013],
      ['Portuguese', 1014],
      ['sv', 1015],
      ['Chinese (simplified)', 1017],
      ['Chinese (Traditional)', 1018],
      ['zh-TW', 1018],
      ['Arabic', 1019],
      ['Hebrew', 1027],
      ['ru', 1031],
      ['Turkish', 1037],
      ['', 1000],
      ['Klingon', 1000],
    ];
    for (const [language, id] of table) expect(languageConstantFor(language)).toBe(`languageConstants/${id}`);
  });

  it('targets the country and language of the place', async () => {
    await provider().historicalMetrics(['laufschuhe'], { country: 'Germany', city: '', language: 'German' });
    expect(planning()[0]!.body).toMatchObject({
      language: 'languageConstants/1001',
      geoTargetConstants: ['geoTargetConstants/2276'],
    });
    expect(suggests()).toHaveLength(0);
  });

  it('resolves a city once per country and city with suggest, choosing an enabled place, the biggest first', async () => {
    const ads = provider({ developerToken: 'dev-token' });
    const austin: MetricsPlace = { country: 'USA', city: 'Austin', language: 'English' };
    await ads.historicalMetrics(['bbq'], austin);
    await ads.historicalMetrics(['tacos'], { ...austin, city: ' austin ' });

    expect(suggests()).toHaveLength(1);
    const [suggest] = suggests();
    expect(suggest!.path).toBe('/v26/geoTargetConstants:suggest');
    expect(suggest!.body).toEqual({ locale: 'en', countryCode: 'US', locationNames: { names: ['Austin'] } });
    expect(suggest!.headers.authorization).toBe(`Bearer ${fake.issuedTokens[0]}`);
    expect(suggest!.headers['developer-token']).toBe('dev-token');
    // Not the REMOVAL_PLANNED entry, and Austin, Texas over Austin, Minnesota.
    expect(planning().map((request) => request.body.geoTargetConstants)).toEqual([
      ['geoTargetConstants/1026201'],
      ['geoTargetConstants/1026201'],
    ]);
  });

  it('resolves the same city name per country', async () => {
    const ads = provider();
    await ads.historicalMetrics(['tea'], { country: 'United Kingdom', city: 'London', language: '' });
    await ads.historicalMetrics(['tea'], { country: 'United States', city: 'London', language: '' });
    expect(suggests().map((request) => request.body.countryCode)).toEqual(['GB', 'US']);
    expect(planning().map((request) => request.body.geoTargetConstants)).toEqual([
      ['geoTargetConstants/1006886'],
      ['geoTargetConstants/2840'],
    ]);
  });

  it('falls back to the country for a city Google cannot place, and remembers that', async () => {
    const ads = provider();
    const atlantis: MetricsPlace = { country: 'United States', city: 'Atlantis', language: '' };
    await ads.historicalMetrics(['scuba'], atlantis);
    await ads.historicalMetrics(['diving'], atlantis);
    expect(suggests()).toHaveLength(1);
    expect(planning().map((request) => request.body.geoTargetConstants)).toEqual([
      ['geoTargetConstants/2840'],
      ['geoTargetConstants/2840'],
    ]);
  });

  it('falls back to the country when suggest fails, without failing the request or caching the failure', async () => {
    const ads = provider();
    const california: MetricsPlace = { country: 'United States', city: 'California', language: '' };
    fake.fail('suggest', { status: 400, message: 'Request contains an invalid argument.' });
    const figures = await ads.historicalMetrics(['surfboards'], california);
    expect(figures).toHaveLength(1);

    await ads.historicalMetrics(['surfboards'], california);
    expect(suggests().map((request) => request.status)).toEqual([400, 200]);
    expect(planning().map((request) => request.body.geoTargetConstants)).toEqual([
      ['geoTargetConstants/2840'],
      ['geoTargetConstants/21137'],
    ]);
  });
});

describe('Google Ads Planning rate limit', () => {
  /** A fetch that notes when each Planning request leaves, in real time. */
  function timedFetch(sentAt: number[]): typeof fetch {
    return (input, init) => {
      if (/:generateKeyword/.test(String(input))) sentAt.push(Date.now());
      return fetch(input, init);
    };
  }

  it('spaces two Planning requests by at least the interval', async () => {
    const sentAt: number[] = [];
    const ads = provider({}, { minIntervalMs: 150, fetch: timedFetch(sentAt) });
    await Promise.all([ads.historicalMetrics(['a'], usa), ads.historicalMetrics(['b'], usa)]);
    expect(planning()).toHaveLength(2);
    // Timers may fire a millisecond early against Date.now().
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(148);
  });

  it('shares the spacing between provider instances of the same customer', async () => {
    const sentAt: number[] = [];
    const customerId = nextCustomerId();
    const one = provider({ customerId }, { minIntervalMs: 150, fetch: timedFetch(sentAt) });
    const two = provider({ customerId }, { minIntervalMs: 150, fetch: timedFetch(sentAt) });
    await Promise.all([one.historicalMetrics(['a'], usa), two.historicalMetrics(['b'], usa)]);
    expect(planning()).toHaveLength(2);
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(148);
  });

  it('does not hold back another customer', async () => {
    const sentAt: number[] = [];
    const one = provider({}, { minIntervalMs: 60_000, fetch: timedFetch(sentAt) });
    const two = provider({}, { minIntervalMs: 60_000, fetch: timedFetch(sentAt) });
    await Promise.all([one.historicalMetrics(['a'], usa), two.historicalMetrics(['b'], usa)]);
    expect(planning()).toHaveLength(2);
  });

  it('waits 1 s between Planning requests by default, and not for token or suggest calls', async () => {
    let clock = 5_000_000;
    const sleeps: number[] = [];
    const sentAt: Array<[string, number]> = [];
    const ads = createGoogleAdsMetricsProvider(config(), {
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
      fetch: (input, init) => {
        sentAt.push([String(input).replace(/^.*[/:]/, ''), clock]);
        return fetch(input, init);
      },
    });
    const california: MetricsPlace = { country: 'US', city: 'California', language: '' };
    await ads.historicalMetrics(['a'], california);
    expect(sleeps).toEqual([]);

    await Promise.all([
      ads.historicalMetrics(['b'], california),
      ads.keywordIdeas({ seeds: ['c'], place: california, limit: 1 }),
    ]);
    expect(sleeps).toEqual([1000, 1000]);
    expect(sentAt).toEqual([
      ['token', 5_000_000],
      ['suggest', 5_000_000],
      ['generateKeywordHistoricalMetrics', 5_000_000],
      ['generateKeywordHistoricalMetrics', 5_001_000],
      ['generateKeywordIdeas', 5_002_000],
    ]);
  });
});

describe('Google Ads errors and retries', () => {
  it('retries 429 and 5xx answers with exponential backoff, then succeeds', async () => {
    const sleeps: number[] = [];
    const sleep = (ms: number) => {
      sleeps.push(ms);
      return new Promise<void>((resolve) => setTimeout(resolve, ms));
    };
    const ads = provider({}, { retryBaseMs: 5, sleep });
    fake.fail(
      'historical',
      { status: 429, message: 'Resource has been exhausted (e.g. check quota).' },
      { status: 500, message: 'Internal error encountered.' },
      { status: 503, message: 'The service is currently unavailable.' },
    );
    const figures = await ads.historicalMetrics(['running shoes'], usa);
    expect(figures.map((figure) => figure.keyword)).toEqual(['running shoes']);
    expect(planning().map((request) => request.status)).toEqual([429, 500, 503, 200]);
    expect(sleeps).toEqual([5, 10, 20]);
  });

  it('waits as long as Retry-After says', async () => {
    const sleeps: number[] = [];
    const ads = provider({}, { sleep: async (ms) => void sleeps.push(ms) });
    fake.fail('historical', { status: 429, message: 'Too many requests.', retryAfter: '7' });
    await ads.historicalMetrics(['running shoes'], usa);
    expect(sleeps).toEqual([7000]);
    expect(planning()).toHaveLength(2);
  });

  it('does not wait for a Retry-After longer than a minute: reports at once', async () => {
    const sleeps: number[] = [];
    const ads = provider({}, { sleep: async (ms) => void sleeps.push(ms) });
    fake.fail('historical', {
      status: 429,
      message: 'Resource has been exhausted (e.g. check quota).',
      retryAfter: '3600',
    });
    const error = await rejection(ads.historicalMetrics(['running shoes'], usa));
    expect(error.status).toBe(429);
    expect(sleeps).toEqual([]);
    expect(planning()).toHaveLength(1);
  });

  it('reports the upstream message once the retries are spent', async () => {
    const unavailable = { status: 503, message: 'The service is currently unavailable.' };
    fake.fail('historical', unavailable, unavailable, unavailable, unavailable);
    const error = await rejection(provider().historicalMetrics(['running shoes'], usa));
    expect(error.message).toBe(messages.upstreamFailed('Google Ads', 'The service is currently unavailable.'));
    expect(error.status).toBe(503);
    expect(planning()).toHaveLength(4);
  });

  it('reports a 400 at once, with Google Ads’ own error text', async () => {
    fake.fail('historical', {
      status: 400,
      message: 'Request contains an invalid argument.',
      detail: 'The keyword text is too long.',
    });
    const error = await rejection(provider().historicalMetrics(['running shoes'], usa));
    expect(error.message).toBe(
      messages.upstreamFailed('Google Ads', 'Request contains an invalid argument. (The keyword text is too long.)'),
    );
    expect(error.status).toBe(400);
    expect(planning()).toHaveLength(1);
  });

  it('retries a dropped connection, and reports Google Ads unreachable when it keeps dropping', async () => {
    fake.fail('historical', { hangUp: true });
    expect(await provider().historicalMetrics(['a'], usa)).toHaveLength(1);

    fake.fail('historical', { hangUp: true }, { hangUp: true }, { hangUp: true });
    const error = await rejection(provider({}, { maxRetries: 2 }).historicalMetrics(['a'], usa));
    expect(error.message).toBe(messages.upstreamUnreachable('Google Ads'));
  });

  it('reports a 200 whose body is not the documented shape as unreadable, without retrying', async () => {
    const ads = provider();
    fake.fail('historical', { malformed: true });
    const error = await rejection(ads.historicalMetrics(['running shoes'], usa));
    expect(error.message).toBe(messages.upstreamUnreadable('Google Ads'));
    expect(planning()).toHaveLength(1);

    fake.fail('ideas', { malformed: true });
    const ideasError = await rejection(ads.keywordIdeas({ seeds: ['shoes'], place: usa, limit: 5 }));
    expect(ideasError.message).toBe(messages.upstreamUnreadable('Google Ads'));

    expect(await ads.historicalMetrics(['running shoes'], usa)).toHaveLength(1);
  });
});

describe('Google Ads faults, each ending within its bound', () => {
  const timeoutMs = 200;
  const service = 'Google Ads';
  let sleeps: number[] = [];
  beforeEach(() => {
    sleeps = [];
  });

  /** Short time-outs, and backoff waits recorded rather than waited. */
  const faulty = () => provider({}, { timeoutMs, retryBaseMs: 1, sleep: async (ms) => void sleeps.push(ms) });

  /** The UpstreamError of `call` and how long it took to come. */
  async function timedRejection(call: () => Promise<unknown>) {
    const started = performance.now();
    const error = await rejection(call());
    return { error, ms: performance.now() - started };
  }

  describe('of the Planning API', () => {
    it.each([
      ['no answer', 'no-answer' as const],
      ['headers, then a stalled body', 'stalled-body' as const],
    ])('%s: says Google Ads did not answer in time, after one time-out, not retried', async (_name, fault) => {
      fake.fail('historical', { fault });
      const { error, ms } = await timedRejection(() => faulty().historicalMetrics(['running shoes'], usa));
      expect(error.message).toBe(messages.upstreamTimedOut(service));
      expect(ms).toBeGreaterThanOrEqual(timeoutMs - 10);
      expect(ms).toBeLessThan(timeoutMs + 1000);
      expect(planning()).toHaveLength(1);
    });

    it.each([
      ['cut-off JSON', 'truncated-json' as const],
      ['an HTML page with 200', 'html' as const],
      ['JSON of another shape', 'wrong-schema' as const],
    ])('%s: says the answer could not be read, at once, not retried', async (_name, fault) => {
      fake.fail('ideas', { fault });
      const { error, ms } = await timedRejection(() =>
        faulty().keywordIdeas({ seeds: ['shoes'], place: usa, limit: 5 }),
      );
      expect(error.message).toBe(messages.upstreamUnreadable(service));
      expect(ms).toBeLessThan(1000);
      expect(planning()).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });

    it('429 without Retry-After: backs off 1, 2 and 4 ms, then reports the quota', async () => {
      const exhausted = { status: 429, message: 'Resource has been exhausted (e.g. check quota).' };
      fake.fail('historical', exhausted, exhausted, exhausted, exhausted);
      const { error, ms } = await timedRejection(() => faulty().historicalMetrics(['running shoes'], usa));
      expect(error.message).toBe(messages.upstreamFailed(service, exhausted.message));
      expect(error.status).toBe(429);
      expect(ms).toBeLessThan(1000);
      expect(sleeps).toEqual([1, 2, 4]);
      expect(planning()).toHaveLength(4);
    });

    it('a proxy’s HTML 502 page: retried like a 5xx, then reported by its status alone', async () => {
      fake.fail(
        'historical',
        { fault: 'html-502' },
        { fault: 'html-502' },
        { fault: 'html-502' },
        { fault: 'html-502' },
      );
      const { error, ms } = await timedRejection(() => faulty().historicalMetrics(['running shoes'], usa));
      expect(error.message).toBe(messages.upstreamFailed(service, 'HTTP 502'));
      expect(ms).toBeLessThan(1000);
      expect(planning()).toHaveLength(4);
    });

    it('a stalled body, then a good answer on the next call: the next call is not held up', async () => {
      const ads = faulty();
      fake.fail('historical', { fault: 'stalled-body' });
      await timedRejection(() => ads.historicalMetrics(['running shoes'], usa));
      expect(await ads.historicalMetrics(['running shoes'], usa)).toHaveLength(1);
    });
  });

  describe('of the OAuth token exchange', () => {
    it.each([
      ['no answer', 'no-answer' as const],
      ['headers, then a stalled body', 'stalled-body' as const],
    ])('%s: says Google Ads did not answer in time, and asks the API nothing', async (_name, fault) => {
      fake.faultTokenExchange(fault);
      const { error, ms } = await timedRejection(() => faulty().historicalMetrics(['running shoes'], usa));
      expect(error.message).toBe(messages.upstreamTimedOut(service));
      expect(ms).toBeGreaterThanOrEqual(timeoutMs - 10);
      expect(ms).toBeLessThan(timeoutMs + 1000);
      expect(fake.tokenExchanges).toHaveLength(1);
      expect(planning()).toHaveLength(0);
    });

    it.each([
      ['cut-off JSON', 'truncated-json' as const],
      ['an HTML page with 200', 'html' as const],
      ['JSON of another shape', 'wrong-schema' as const],
    ])('%s: says the answer could not be read, at once, and caches no token', async (_name, fault) => {
      const ads = faulty();
      fake.faultTokenExchange(fault);
      const { error, ms } = await timedRejection(() => ads.historicalMetrics(['running shoes'], usa));
      expect(error.message).toBe(messages.upstreamUnreadable(service));
      expect(ms).toBeLessThan(1000);
      expect(planning()).toHaveLength(0);

      await ads.historicalMetrics(['running shoes'], usa);
      expect(fake.tokenExchanges).toHaveLength(2);
    });

    it('429 with Retry-After: waits as long as it says, then exchanges', async () => {
      fake.failTokenExchange(429, 'rate_limit_exceeded', 'Rate limit exceeded.', '2');
      expect(await faulty().historicalMetrics(['running shoes'], usa)).toHaveLength(1);
      expect(sleeps).toEqual([2000]);
      expect(fake.tokenExchanges.map((exchange) => exchange.status)).toEqual([429, 200]);
    });

    it('429 without Retry-After, again and again: backs off, then reports the OAuth error', async () => {
      for (let round = 0; round < 4; round++)
        fake.failTokenExchange(429, 'rate_limit_exceeded', 'Rate limit exceeded.');
      const { error, ms } = await timedRejection(() => faulty().historicalMetrics(['running shoes'], usa));
      expect(error.message).toBe(messages.upstreamFailed(service, 'Rate limit exceeded. (rate_limit_exceeded)'));
      expect(ms).toBeLessThan(1000);
      expect(sleeps).toEqual([1, 2, 4]);
      expect(planning()).toHaveLength(0);
    });

    it('a proxy’s HTML 502 page, every time: retried, then reported by its status', async () => {
      fake.faultTokenExchange('html-502', 'html-502', 'html-502', 'html-502');
      const { error } = await timedRejection(() => faulty().historicalMetrics(['running shoes'], usa));
      expect(error.message).toBe(messages.upstreamFailed(service, 'the token exchange failed with HTTP 502'));
      expect(fake.tokenExchanges).toHaveLength(4);
    });
  });
});

describe('Google Ads keyword ideas', () => {
  it('sends the seeds with targeting and a page size, and leaves out the seeds and repeats', async () => {
    fake.ideas = [
      'Running Shoes',
      'trail running shoes',
      'TRAIL running  shoes',
      'running shoes for women',
      'Trail Shoes',
      'best running shoes',
      'cheap running shoes',
    ];
    const ideas = await provider().keywordIdeas({ seeds: ['running shoes', 'trail shoes'], place: usa, limit: 3 });
    expect(ideas.map((idea) => idea.keyword)).toEqual([
      'trail running shoes',
      'running shoes for women',
      'best running shoes',
    ]);
    expect(ideas[0]!.avgMonthlySearches).toEqual(expect.any(Number));
    expect(ideas[0]!.monthlyVolumes).toHaveLength(12);
    expect(planning()[0]!.path).toMatch(/^\/v26\/customers\/\d+:generateKeywordIdeas$/);
    expect(planning()[0]!.body).toEqual({
      keywordSeed: { keywords: ['running shoes', 'trail shoes'] },
      language: 'languageConstants/1000',
      geoTargetConstants: ['geoTargetConstants/2840'],
      includeAdultKeywords: false,
      keywordPlanNetwork: 'GOOGLE_SEARCH',
      pageSize: 5,
    });
  });

  it('seeds with the site too when the project has one', async () => {
    await provider().keywordIdeas({
      seeds: ['coffee beans'],
      siteUrl: 'https://greenleaf.example',
      place: { country: 'Germany', city: '', language: 'de' },
      limit: 10,
    });
    expect(planning()[0]!.body).toMatchObject({
      keywordAndUrlSeed: { url: 'https://greenleaf.example', keywords: ['coffee beans'] },
      language: 'languageConstants/1001',
      geoTargetConstants: ['geoTargetConstants/2276'],
    });
    expect(planning()[0]!.body).not.toHaveProperty('keywordSeed');
  });

  it('follows next page tokens only until the limit is reached', async () => {
    fake.ideas = ['shoes', 'Shoes', 'red shoes', 'blue shoes', 'RED shoes', 'green shoes', 'tall shoes', 'wide shoes'];
    fake.ideas.push(...Array.from({ length: 30 }, (_, index) => `shoes model ${index}`));
    const ideas = await provider().keywordIdeas({ seeds: ['shoes'], place: usa, limit: 5 });
    expect(ideas.map((idea) => idea.keyword)).toEqual([
      'red shoes',
      'blue shoes',
      'green shoes',
      'tall shoes',
      'wide shoes',
    ]);
    const pages = planning();
    expect(pages).toHaveLength(2);
    expect(pages[0]!.body.pageSize).toBe(6);
    expect(pages[0]!.body).not.toHaveProperty('pageToken');
    expect(pages[1]!.body).toEqual({ ...pages[0]!.body, pageToken: expect.any(String) });
  });

  it('stops at the last page when there are fewer ideas than the limit', async () => {
    fake.ideas = Array.from({ length: 8 }, (_, index) => `idea ${index}`);
    const ideas = await provider().keywordIdeas({ seeds: ['idea'], place: usa, limit: 100 });
    expect(ideas).toHaveLength(8);
    expect(planning()).toHaveLength(1);
  });

  it('uses the first 20 seeds and throws without any', async () => {
    const ads = provider();
    const seeds = Array.from({ length: 25 }, (_, index) => `seed ${index}`);
    await ads.keywordIdeas({ seeds, place: usa, limit: 5 });
    expect(planning()[0]!.body.keywordSeed).toEqual({ keywords: seeds.slice(0, 20) });

    await expect(ads.keywordIdeas({ seeds: [], place: usa, limit: 5 })).rejects.toThrow(/at least one seed/);
    await expect(ads.keywordIdeas({ seeds: ['  '], place: usa, limit: 5 })).rejects.toThrow(/at least one seed/);
    expect(planning()).toHaveLength(1);
  });
});
