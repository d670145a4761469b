import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createProviders } from './index';

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
