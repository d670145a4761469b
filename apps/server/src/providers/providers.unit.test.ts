import { messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { startFakeChatServer } from '../../test/fakes/chat-completions';
import { startFakeGoogleAds } from '../../test/fakes/google-ads';
import { loadEnv } from '../env';
import { createProviders } from './index';
import { projectPhraseContext } from './keyword-generator/offline';

const base = { DATA_DIR: '/tmp/keywright-providers-test', AUTH_SECRET: 'a'.repeat(32) };
const googleAds = {
  GOOGLE_ADS_CUSTOMER_ID: '123-456-7890',
  GOOGLE_ADS_CLIENT_ID: 'client',
  GOOGLE_ADS_CLIENT_SECRET: 'secret',
  GOOGLE_ADS_REFRESH_TOKEN: 'refresh',
};

describe('metrics provider choice', () => {
  it('uses the offline estimate by default', () => {
    expect(createProviders(loadEnv(base)).metrics?.name).toBe('estimate');
  });

  it('uses Google Ads once its credentials are set', () => {
    expect(createProviders(loadEnv({ ...base, ...googleAds })).metrics?.name).toBe('google-ads');
  });

  it('follows METRICS_PROVIDER: the estimate even with credentials, or none', () => {
    expect(createProviders(loadEnv({ ...base, ...googleAds, METRICS_PROVIDER: 'estimate' })).metrics?.name).toBe(
      'estimate',
    );
    expect(createProviders(loadEnv({ ...base, METRICS_PROVIDER: 'none' })).metrics).toBeNull();
  });

  it('refuses to start with METRICS_PROVIDER=google-ads and no credentials, naming what is missing', () => {
    expect(() => createProviders(loadEnv({ ...base, METRICS_PROVIDER: 'google-ads' }))).toThrow(
      /GOOGLE_ADS_CUSTOMER_ID/,
    );
  });

  it('rejects an unknown METRICS_PROVIDER', () => {
    expect(() => loadEnv({ ...base, METRICS_PROVIDER: 'semrush' })).toThrow(/METRICS_PROVIDER/);
  });
});

describe('ad copy writer choice', () => {
  it('writes offline by default, with the LLM once LLM_BASE_URL and LLM_MODEL are set', () => {
    expect(createProviders(loadEnv(base)).adCopyWriter.name).toBe('offline');
    expect(createProviders(loadEnv({ ...base, LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).adCopyWriter.name).toBe(
      'offline',
    );
    const env = loadEnv({ ...base, LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'test-model' });
    expect(createProviders(env).adCopyWriter.name).toBe('llm');
  });
});

describe('details extractor choice', () => {
  it('reads documents offline by default, with the LLM once LLM_BASE_URL and LLM_MODEL are set', () => {
    expect(createProviders(loadEnv(base)).detailsExtractor.name).toBe('offline');
    expect(createProviders(loadEnv({ ...base, LLM_MODEL: 'test-model' })).detailsExtractor.name).toBe('offline');
    const env = loadEnv({ ...base, LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'test-model' });
    expect(createProviders(env).detailsExtractor.name).toBe('llm');
  });

  it('gives up on an LLM endpoint that does not answer after LLM_TIMEOUT_SECONDS', async () => {
    const fake = await startFakeChatServer();
    try {
      fake.script({ fault: 'no-answer' });
      const env = loadEnv({ ...base, LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_SECONDS: '0.3' });
      const extraction = createProviders(env).detailsExtractor.extract([{ name: 'a.txt', text: 'Acme Planner' }]);
      await expect(extraction).rejects.toThrow(messages.upstreamTimedOut('The language model'));
    } finally {
      await fake.close();
    }
  });
});

describe('time-outs of the outside clients', () => {
  /** How long `call` took to fail, and with what text. */
  async function timedFailure(call: () => Promise<unknown>) {
    const started = performance.now();
    const error = (await call().then(
      () => null,
      (reason: unknown) => reason,
    )) as Error | null;
    return { message: error?.message, ms: performance.now() - started };
  }

  it('has defaults: 120 s for the LLM, 30 s for Google Ads, 10 s for OIDC', () => {
    const env = loadEnv(base);
    expect([env.LLM_TIMEOUT_SECONDS, env.GOOGLE_ADS_TIMEOUT_SECONDS, env.OIDC_TIMEOUT_SECONDS]).toEqual([120, 30, 10]);
  });

  it('refuses a time-out that is not a positive number of seconds', () => {
    expect(() => loadEnv({ ...base, LLM_TIMEOUT_SECONDS: '0' })).toThrow(/LLM_TIMEOUT_SECONDS/);
    expect(() => loadEnv({ ...base, GOOGLE_ADS_TIMEOUT_SECONDS: 'soon' })).toThrow(/GOOGLE_ADS_TIMEOUT_SECONDS/);
  });

  it('gives up on an LLM endpoint that does not answer after LLM_TIMEOUT_SECONDS', async () => {
    const fake = await startFakeChatServer();
    try {
      fake.script({ fault: 'no-answer' });
      const env = loadEnv({ ...base, LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_SECONDS: '0.3' });
      const { keywordGenerator } = createProviders(env);
      const project = { name: 'Green Leaf Coffee', productService: 'Organic coffee beans', targetAudience: '' };
      const place = { siteUrl: '', competitors: '', country: '', city: '', language: '' };
      // The phrase gate's first load is slow; it is not what this test times.
      await projectPhraseContext({ ...project, ...place });
      const { message, ms } = await timedFailure(() =>
        keywordGenerator.generate({ project: { ...project, ...place }, count: 5, lengthRule: '2-3', avoid: [] }),
      );
      expect(message).toBe(messages.upstreamTimedOut('The language model'));
      expect(ms).toBeGreaterThanOrEqual(290);
      expect(ms).toBeLessThan(3000);
    } finally {
      await fake.close();
    }
  });

  it('gives up on Google Ads when it does not answer after GOOGLE_ADS_TIMEOUT_SECONDS', async () => {
    const fake = await startFakeGoogleAds();
    try {
      fake.faultTokenExchange('no-answer');
      const env = loadEnv({
        ...base,
        GOOGLE_ADS_API_BASE_URL: fake.baseUrl,
        GOOGLE_OAUTH_TOKEN_URL: fake.tokenUrl,
        GOOGLE_ADS_CUSTOMER_ID: '123-456-7890',
        GOOGLE_ADS_CLIENT_ID: fake.credentials.clientId,
        GOOGLE_ADS_CLIENT_SECRET: fake.credentials.clientSecret,
        GOOGLE_ADS_REFRESH_TOKEN: fake.credentials.refreshToken,
        GOOGLE_ADS_TIMEOUT_SECONDS: '0.3',
      });
      const { metrics } = createProviders(env);
      const place = { country: 'United States', city: '', language: 'English' };
      const { message, ms } = await timedFailure(() => metrics!.historicalMetrics(['running shoes'], place));
      expect(message).toBe(messages.upstreamTimedOut('Google Ads'));
      expect(ms).toBeGreaterThanOrEqual(290);
      expect(ms).toBeLessThan(3000);
    } finally {
      await fake.close();
    }
  });
});
