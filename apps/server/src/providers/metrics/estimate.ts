import type { MetricsProvider } from './metrics-provider';

// Placeholder until the estimator lands (being written now).
export function createEstimateMetricsProvider(): MetricsProvider {
  throw new Error('Estimator not written yet');
}
