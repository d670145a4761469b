import countryToCurrency from 'country-to-currency';
import { alpha2For } from '../../providers/metrics/google-ads-places';

/** The currency a country pays in ("United Kingdom" -> GBP), from country-to-currency; undefined when unknown. */
export function countryCurrency(country: string): string | undefined {
  const alpha2 = country.trim() ? alpha2For(country) : undefined;
  return alpha2 ? (countryToCurrency as Record<string, string>)[alpha2] : undefined;
}

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
