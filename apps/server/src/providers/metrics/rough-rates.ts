/**
 * ROUGH exchange rates: units of a currency per US dollar, rounded, as they stood in late 2025.
 * The offline estimate's bids are modelled in US dollars and shown in the place's currency
 * through this table; they are estimates either way (always labelled "Estimated"), so a rate
 * off by a few percent changes nothing a person would act on. Real figures (Google Ads, a
 * Keyword Planner file) are never converted.
 */
const unitsPerUsd: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.86,
  GBP: 0.75,
  CAD: 1.4,
  AUD: 1.53,
  NZD: 1.75,
  CHF: 0.8,
  JPY: 150,
  CNY: 7.1,
  HKD: 7.8,
  SGD: 1.3,
  INR: 88,
  KRW: 1400,
  SEK: 9.5,
  NOK: 10,
  DKK: 6.4,
  PLN: 3.65,
  CZK: 21,
  HUF: 335,
  RON: 4.35,
  TRY: 42,
  BRL: 5.4,
  MXN: 18.5,
  ARS: 1400,
  CLP: 950,
  COP: 3900,
  ZAR: 17.5,
  AED: 3.67,
  SAR: 3.75,
  ILS: 3.3,
  THB: 32.5,
  MYR: 4.2,
  IDR: 16500,
  PHP: 58,
  VND: 26000,
};

/** Whether estimates can be made in this currency (a rough rate is known). */
export function hasRoughRate(currency: string): boolean {
  return currency in unitsPerUsd;
}

/** US-dollar micro-units in `currency` at its rough rate, to the cent; unchanged for a currency without one. */
export function fromUsdMicros(micros: number, currency: string): number {
  const rate = unitsPerUsd[currency] ?? 1;
  return Math.round((micros * rate) / 10_000) * 10_000;
}
