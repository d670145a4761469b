import { countryCurrency } from '../providers/metrics/place-currency';

/**
 * A project's currency and whether it follows its country: the one chosen, else its country's,
 * else the server's `CURRENCY`.
 */
export function projectCurrency(
  project: { country: string; currency: string },
  serverCurrency: string,
): { currency: string; currency_auto: boolean } {
  if (project.currency) return { currency: project.currency, currency_auto: false };
  return { currency: countryCurrency(project.country) ?? serverCurrency, currency_auto: true };
}
