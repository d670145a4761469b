import countryToCurrency from 'country-to-currency';
import { alpha2For } from './google-ads-places';

/** The currency a country pays in ("United Kingdom" -> GBP), from country-to-currency; undefined when unknown. */
export function countryCurrency(country: string): string | undefined {
  const alpha2 = country.trim() ? alpha2For(country) : undefined;
  return alpha2 ? (countryToCurrency as Record<string, string>)[alpha2] : undefined;
}
