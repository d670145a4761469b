import { isGoogleAdsConfigured, isGoogleDriveConfigured, type Env } from '../env';
import type { AdCopyWriter } from './ad-copy/ad-copy-writer';
import { createLlmAdCopyWriter } from './ad-copy/llm';
import { createOfflineAdCopyWriter } from './ad-copy/offline';
import type { DetailsExtractor } from './details-extractor/details-extractor';
import { createLlmDetailsExtractor } from './details-extractor/llm';
import { createOfflineDetailsExtractor } from './details-extractor/offline';
import { createOfflineIntentReader, type IntentReader } from './intent/intent-reader';
import { createLlmIntentReader } from './intent/llm-intent';
import { createGoogleDriveClient, type GoogleDriveClient } from './google-drive/google-drive-client';
import { createSearchConsoleGoogle, type SearchConsoleGoogle } from './search-console/search-console-google';
import type { KeywordGenerator } from './keyword-generator/keyword-generator';
import { createLlmKeywordGenerator } from './keyword-generator/llm';
import { createOfflineKeywordGenerator } from './keyword-generator/offline';
import { createEstimateMetricsProvider } from './metrics/estimate';
import { createGoogleAdsMetricsProvider } from './metrics/google-ads';
import type { MetricsProvider } from './metrics/metrics-provider';

/** Every outside system the app talks to, each behind its interface. */
export interface Providers {
  keywordGenerator: KeywordGenerator;
  /** Ad headlines and descriptions: the LLM when `LLM_*` is set, else the offline writer. */
  adCopyWriter: AdCopyWriter;
  /** Project details from documents: the LLM when `LLM_*` is set, else offline heuristics. */
  detailsExtractor: DetailsExtractor;
  /** Intents of the keywords the rules leave open: the LLM when `LLM_*` is set, else none (the rules' default stays). */
  intentReader: IntentReader;
  /** Null when metrics are turned off (`METRICS_PROVIDER=none`). */
  metrics: MetricsProvider | null;
  /** Google Drive import; null when `GOOGLE_OAUTH_CLIENT_ID` and `GOOGLE_OAUTH_CLIENT_SECRET` are not both set. */
  googleDrive: GoogleDriveClient | null;
  /** Google Search Console (its OAuth and API); null, like Drive, without the Google OAuth client. */
  searchConsole: SearchConsoleGoogle | null;
}

/** Real clients where the environment configures them, offline defaults elsewhere. */
export function createProviders(env: Env): Providers {
  const llm =
    env.LLM_BASE_URL && env.LLM_MODEL
      ? {
          baseUrl: env.LLM_BASE_URL,
          apiKey: env.LLM_API_KEY,
          model: env.LLM_MODEL,
          http: { timeoutMs: env.LLM_TIMEOUT_SECONDS * 1000 },
        }
      : null;
  return {
    keywordGenerator: llm ? createLlmKeywordGenerator(llm) : createOfflineKeywordGenerator(),
    adCopyWriter: llm ? createLlmAdCopyWriter(llm) : createOfflineAdCopyWriter(),
    detailsExtractor: llm ? createLlmDetailsExtractor(llm) : createOfflineDetailsExtractor(),
    intentReader: llm ? createLlmIntentReader(llm) : createOfflineIntentReader(),
    metrics: createMetricsProvider(env),
    googleDrive: createGoogleDrive(env),
    searchConsole: createSearchConsole(env),
  };
}

function createGoogleDrive(env: Env): GoogleDriveClient | null {
  if (!isGoogleDriveConfigured(env)) return null;
  return createGoogleDriveClient(
    {
      clientId: env.GOOGLE_OAUTH_CLIENT_ID!,
      clientSecret: env.GOOGLE_OAUTH_CLIENT_SECRET!,
      authorizeUrl: env.GOOGLE_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
      revokeUrl: env.GOOGLE_OAUTH_REVOKE_URL,
      apiBaseUrl: env.GOOGLE_DRIVE_API_BASE_URL,
      redirectUri: `${env.APP_URL}/api/auth/google/callback`,
    },
    { timeoutMs: env.GOOGLE_DRIVE_TIMEOUT_SECONDS * 1000 },
  );
}

function createSearchConsole(env: Env): SearchConsoleGoogle | null {
  if (!isGoogleDriveConfigured(env)) return null;
  return createSearchConsoleGoogle(
    {
      clientId: env.GOOGLE_OAUTH_CLIENT_ID!,
      clientSecret: env.GOOGLE_OAUTH_CLIENT_SECRET!,
      authorizeUrl: env.GOOGLE_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
      revokeUrl: env.GOOGLE_OAUTH_REVOKE_URL,
      apiBaseUrl: env.GOOGLE_SEARCH_CONSOLE_API_BASE_URL,
      redirectUri: `${env.APP_URL}/api/auth/search-console/callback`,
    },
    { timeoutMs: env.GOOGLE_SEARCH_CONSOLE_TIMEOUT_SECONDS * 1000 },
  );
}

function createMetricsProvider(env: Env): MetricsProvider | null {
  const choice =
    env.METRICS_PROVIDER === 'auto' ? (isGoogleAdsConfigured(env) ? 'google-ads' : 'estimate') : env.METRICS_PROVIDER;
  if (choice === 'none') return null;
  if (choice === 'estimate') return createEstimateMetricsProvider({ serverCurrency: env.CURRENCY });
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
