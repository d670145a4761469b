import type { MetricsProvider } from './metrics-provider';

export interface GoogleAdsConfig {
  apiVersion: string;
  baseUrl: string;
  tokenUrl: string;
  customerId: string;
  loginCustomerId?: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  developerToken?: string;
}

// Placeholder until the client lands (being written now).
export function createGoogleAdsMetricsProvider(config: GoogleAdsConfig): MetricsProvider {
  void config;
  throw new Error('Google Ads client not written yet');
}
