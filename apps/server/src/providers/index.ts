import { isGoogleAdsConfigured, type Env } from '../env';
import type { KeywordGenerator } from './keyword-generator/keyword-generator';
import { createLlmKeywordGenerator } from './keyword-generator/llm';
import { createOfflineKeywordGenerator } from './keyword-generator/offline';
import { createEstimateMetricsProvider } from './metrics/estimate';
import { createGoogleAdsMetricsProvider } from './metrics/google-ads';
import type { MetricsProvider } from './metrics/metrics-provider';

/** Every outside system the app talks to, each behind its interface. */
export interface Providers {
  keywordGenerator: KeywordGenerator;
  /** Null when metrics are turned off (`METRICS_PROVIDER=none`). */
  metrics: MetricsProvider | null;
}

/** Real clients where the environment configures them, offline defaults elsewhere. */
export function createProviders(env: Env): Providers {
  return {
    keywordGenerator:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? createLlmKeywordGenerator({
            baseUrl: env.LLM_BASE_URL,
            apiKey: env.LLM_API_KEY,
            model: env.LLM_MODEL,
            http: { timeoutMs: env.LLM_TIMEOUT_SECONDS * 1000 },
          })
        : createOfflineKeywordGenerator(),
    metrics: createMetricsProvider(env),
  };
}

function createMetricsProvider(env: Env): MetricsProvider | null {
  const choice =
    env.METRICS_PROVIDER === 'auto' ? (isGoogleAdsConfigured(env) ? 'google-ads' : 'estimate') : env.METRICS_PROVIDER;
  if (choice === 'none') return null;
  if (choice === 'estimate') return createEstimateMetricsProvider();
  if (!isGoogleAdsConfigured(env)) {
    throw new Error(
      'METRICS_PROVIDER=google-ads needs GOOGLE_ADS_CUSTOMER_ID, GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET and GOOGLE_ADS_REFRESH_TOKEN',
    );
  }
  return createGoogleAdsMetricsProvider(
    {
      apiVersion: env.GOOGLE_ADS_API_VERSION,
      baseUrl: env.GOOGLE_ADS_API_BASE_URL,
      tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
      customerId: env.GOOGLE_ADS_CUSTOMER_ID!,
      loginCustomerId: env.GOOGLE_ADS_LOGIN_CUSTOMER_ID,
      clientId: env.GOOGLE_ADS_CLIENT_ID!,
      clientSecret: env.GOOGLE_ADS_CLIENT_SECRET!,
      refreshToken: env.GOOGLE_ADS_REFRESH_TOKEN!,
      developerToken: env.GOOGLE_ADS_DEVELOPER_TOKEN,
    },
    { timeoutMs: env.GOOGLE_ADS_TIMEOUT_SECONDS * 1000 },
  );
}
